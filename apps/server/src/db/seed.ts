import { parseDecimal } from '@oryx/contracts/money';
import { CURRENCIES, DEMO_USERS, MARKETS } from '@oryx/db/seed/reference';
import { NEWS } from '@oryx/db/seed/news';
import type { Db } from './connection';

const dec = (s: string, scale = 8) => parseDecimal(s, scale, { allowZero: true });

/**
 * The catalogue (currencies, markets) and the news articles, inserted when missing and never
 * overwritten, so operators' edits survive restarts. The first seeder of every start; the modules'
 * own reference data and demo data follow (their descriptors' `seed` and `demoSeed`, see app.ts).
 * `now` stamps the rows' created_at and updated_at.
 */
export async function seedReferenceData(db: Db, now: number): Promise<void> {
  await seedCurrencies(db);
  await seedMarkets(db);
  await seedNews(db, now);
}

async function seedCurrencies(db: Db): Promise<void> {
  const haveCurrencies = new Set((await db.selectFrom('currencies').select('id').execute()).map((r) => r.id));
  for (const c of CURRENCIES) {
    if (haveCurrencies.has(c.id)) continue;
    await db
      .insertInto('currencies')
      .values({
        id: c.id,
        name: c.name,
        full_name: c.full_name,
        scale: c.scale,
        sort: c.id,
        is_display: 1,
        is_legal: c.is_legal,
        is_match: c.is_match,
        is_lever: c.is_lever,
        is_micro: c.is_micro,
        is_quote: c.is_quote,
        cny_rate_minor: dec(c.cny_rate),
        reference_usdt_price_minor: dec(c.usdt_price),
        desc: c.desc,
      })
      .execute();
  }
}

async function seedMarkets(db: Db): Promise<void> {
  const haveMarkets = new Set((await db.selectFrom('markets').select('id').execute()).map((r) => r.id));
  for (const m of MARKETS) {
    if (haveMarkets.has(m.id)) continue;
    await db
      .insertInto('markets')
      .values({
        id: m.id,
        legal_id: m.legal_id,
        currency_id: m.currency_id,
        sort: m.sort,
        is_display: m.is_display,
        open_coin_trade: m.open_coin_trade,
        open_microtrade: m.open_microtrade,
        open_lever: m.open_lever,
        price_tick_minor: dec(m.price_tick),
        amount_step_minor: dec(m.amount_step),
        min_amount_minor: dec(m.min_amount),
        min_notional_minor: dec(m.min_notional),
        maker_fee_bps: m.maker_fee_bps,
        taker_fee_bps: m.taker_fee_bps,
        price_decimals: m.price_decimals,
        amount_decimals: m.amount_decimals,
        reference_price_minor: dec(m.reference_price),
      })
      .execute();
  }
}

async function seedNews(db: Db, now: number): Promise<void> {
  const haveNews = new Set(
    (await db.selectFrom('news').select(['group_key', 'lang']).execute()).map(
      (r) => `${r.group_key}/${r.lang}`,
    ),
  );
  for (const a of NEWS) {
    for (const [lang, t] of Object.entries(a.text)) {
      if (haveNews.has(`${a.key}/${lang}`)) continue;
      await db
        .insertInto('news')
        .values({
          c_id: a.c_id,
          group_key: a.key,
          lang,
          title: t.title,
          content: t.content,
          abstract: t.abstract,
          cover: a.cover,
          sort: a.sort,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}

/** The demo users' ids by e-mail, in the order of DEMO_USERS (those that exist). */
export async function demoUserIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      DEMO_USERS.map((u) => u.email),
    )
    .execute();
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const ids = new Map<string, number>();
  for (const u of DEMO_USERS) {
    const id = byEmail.get(u.email);
    if (id !== undefined) ids.set(u.email, id);
  }
  return ids;
}
