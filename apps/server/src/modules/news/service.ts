import { formatExchangeTime } from '@oryx/contracts/time';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { newsRepo } from './repo';

const FALLBACK_LANG = 'en';

export async function listNews(ctx: AppContext, cId: number, locale: string, page: number, limit: number) {
  const rows = await newsRepo.byCategory(ctx.db, cId, [locale, FALLBACK_LANG]);
  // One row per article: the visitor's language when translated, English otherwise.
  const byGroup = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const seen = byGroup.get(r.group_key);
    if (!seen || (seen.lang !== locale && r.lang === locale)) byGroup.set(r.group_key, r);
  }
  const all = [...byGroup.values()].sort((a, b) => a.sort - b.sort || b.updated_at - a.updated_at || b.id - a.id);
  const total = all.length;
  const list = all.slice((page - 1) * limit, page * limit).map((r) => ({
    id: r.id,
    title: r.title,
    abstract: r.abstract,
    cover: r.cover,
    update_time: formatExchangeTime(r.updated_at),
  }));
  return { list, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)), total };
}

export async function newsDetail(ctx: AppContext, id: number, locale: string) {
  const row = await newsRepo.byId(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', { path: `news ${id}` });
  const translated = row.lang === locale ? row : ((await newsRepo.byGroup(ctx.db, row.group_key, locale)) ?? row);
  return {
    id: translated.id,
    c_id: translated.c_id,
    title: translated.title,
    content: translated.content,
    abstract: translated.abstract,
    cover: translated.cover,
    update_time: formatExchangeTime(translated.updated_at),
  };
}
