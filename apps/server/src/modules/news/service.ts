import { formatExchangeTime } from '@oryx/contracts/time';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { randomBytes } from 'node:crypto';
import type { NewsTable } from '@oryx/db/schema';
import type { Selectable } from 'kysely';
import { newsRepo } from './repo';
import { plainText, sanitizeArticleHtml } from './sanitize';
import { lastPage } from '../../lib/paging';

const FALLBACK_LANG = 'en';

export async function listNews(ctx: AppContext, cId: number, locale: string, page: number, limit: number) {
  const rows = await newsRepo.byCategory(ctx.db, cId, [locale, FALLBACK_LANG]);
  // One row per article: the visitor's language when translated, English otherwise.
  const byGroup = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const seen = byGroup.get(r.group_key);
    if (!seen || (seen.lang !== locale && r.lang === locale)) byGroup.set(r.group_key, r);
  }
  const all = [...byGroup.values()].sort(
    (a, b) => a.sort - b.sort || b.updated_at - a.updated_at || b.id - a.id,
  );
  const total = all.length;
  const list = all.slice((page - 1) * limit, page * limit).map((r) => ({
    id: r.id,
    title: r.title,
    abstract: r.abstract,
    cover: r.cover,
    update_time: formatExchangeTime(r.updated_at),
  }));
  return { list, current_page: page, last_page: lastPage(total, limit), total };
}

export async function newsDetail(ctx: AppContext, id: number, locale: string) {
  const row = await newsRepo.byId(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', { path: `news ${id}` });
  const translated =
    row.lang === locale ? row : ((await newsRepo.byGroup(ctx.db, row.group_key, locale)) ?? row);
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

// ---- Operator calls (admin role is checked by the route contract).

type NewsRow = Selectable<NewsTable>;

function adminView(r: NewsRow) {
  return {
    id: r.id,
    c_id: r.c_id,
    group_key: r.group_key,
    lang: r.lang,
    title: r.title,
    content: r.content,
    abstract: r.abstract,
    cover: r.cover,
    sort: r.sort,
    update_time: formatExchangeTime(r.updated_at),
  };
}

export interface ArticleInput {
  c_id: number;
  lang: string;
  title: string;
  content: string;
  abstract: string;
  cover: string;
  sort: number;
  translation_of?: number | undefined;
}

/** A title that is empty once tags are stripped is refused rather than stored blank. */
function cleanTitle(title: string): string {
  const t = plainText(title);
  if (!t) throw new AppError('VALIDATION', { detail: 'title: empty after removing markup' });
  return t;
}

export async function createArticle(ctx: AppContext, input: ArticleInput) {
  let groupKey = `admin-${randomBytes(6).toString('hex')}`;
  let cId = input.c_id;
  if (input.translation_of !== undefined) {
    const original = await newsRepo.byId(ctx.db, input.translation_of);
    if (!original) throw new AppError('NOT_FOUND', { path: `news ${input.translation_of}` });
    if (await newsRepo.byGroup(ctx.db, original.group_key, input.lang)) {
      throw new AppError('CONFLICT', {
        detail: `article ${original.id} already has a ${input.lang} version`,
      });
    }
    groupKey = original.group_key;
    cId = original.c_id;
  }
  const now = ctx.clock.now();
  const row = await newsRepo.insert(ctx.db, {
    c_id: cId,
    group_key: groupKey,
    lang: input.lang,
    title: cleanTitle(input.title),
    content: sanitizeArticleHtml(input.content),
    abstract: plainText(input.abstract),
    cover: input.cover,
    sort: input.sort,
    created_at: now,
    updated_at: now,
  });
  return adminView(row);
}

export interface ArticleEdit {
  id: number;
  c_id?: number | undefined;
  title?: string | undefined;
  content?: string | undefined;
  abstract?: string | undefined;
  cover?: string | undefined;
  sort?: number | undefined;
}

export async function editArticle(ctx: AppContext, edit: ArticleEdit) {
  const existing = await newsRepo.byId(ctx.db, edit.id);
  if (!existing) throw new AppError('NOT_FOUND', { path: `news ${edit.id}` });
  const row = await newsRepo.update(ctx.db, edit.id, {
    ...(edit.c_id !== undefined ? { c_id: edit.c_id } : {}),
    ...(edit.title !== undefined ? { title: cleanTitle(edit.title) } : {}),
    ...(edit.content !== undefined ? { content: sanitizeArticleHtml(edit.content) } : {}),
    ...(edit.abstract !== undefined ? { abstract: plainText(edit.abstract) } : {}),
    ...(edit.cover !== undefined ? { cover: edit.cover } : {}),
    ...(edit.sort !== undefined ? { sort: edit.sort } : {}),
    updated_at: ctx.clock.now(),
  });
  if (!row) throw new AppError('NOT_FOUND', { path: `news ${edit.id}` });
  // The category belongs to the article, not one language version: keep translations together.
  if (edit.c_id !== undefined && edit.c_id !== existing.c_id) {
    await newsRepo.setGroupCategory(ctx.db, existing.group_key, edit.c_id);
  }
  return adminView(row);
}

export async function deleteArticle(ctx: AppContext, id: number, allLanguages: boolean) {
  const existing = await newsRepo.byId(ctx.db, id);
  if (!existing) throw new AppError('NOT_FOUND', { path: `news ${id}` });
  const deleted = allLanguages
    ? await newsRepo.deleteGroup(ctx.db, existing.group_key)
    : await newsRepo.deleteById(ctx.db, id);
  return { deleted };
}

export async function adminListArticles(
  ctx: AppContext,
  f: { c_id?: number | undefined; lang?: string | undefined; page: number; limit: number },
) {
  const { rows, total } = await newsRepo.adminPage(ctx.db, {
    cId: f.c_id,
    lang: f.lang,
    page: f.page,
    limit: f.limit,
  });
  return {
    data: rows.map(adminView),
    current_page: f.page,
    last_page: lastPage(total, f.limit),
    total,
  };
}
