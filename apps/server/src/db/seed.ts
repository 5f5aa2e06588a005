import { parseDecimal } from '@oryx/contracts/money';
import { CURRENCIES, DEMO_PASSWORD, DEMO_USERS, MARKETS } from '@oryx/db/seed/reference';
import { NEWS } from '@oryx/db/seed/news';
import type { Db } from './connection';
import type { Clock } from '../lib/clock';
import { hashPassword } from '../modules/auth/password';
import { seedMicroConfig } from '../modules/micro/config';
import { usersRepo } from '../modules/users/repo';

const dec = (s: string, scale = 8) => parseDecimal(s, scale, { allowZero: true });

/** Demo-data steps that areas add (e.g. the ledger credits demo balances). Each must be idempotent. */
export type DemoSeeder = (db: Db, users: Map<string, number>, clock: Clock) => Promise<void>;
const demoSeeders: DemoSeeder[] = [];
export const addDemoSeeder = (s: DemoSeeder) => demoSeeders.push(s);

/**
 * Reference data (currencies, markets, news) is inserted when missing and never overwritten, so
 * operators' edits survive restarts. Demo users exist only in demo mode.
 */
export async function seedDatabase(db: Db, opts: { demo: boolean; clock: Clock }): Promise<void> {
  const now = opts.clock.now();
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

  // Seconds-options durations and currency terms (inserted when missing, never overwritten).
  await seedMicroConfig(db);

  if (!opts.demo) return;
  const users = new Map<string, number>();
  let passwordHash: string | undefined;
  let tradePasswordHash: string | undefined;
  for (const u of DEMO_USERS) {
    const existingId = await usersRepo.idByEmail(db, u.email);
    if (existingId !== undefined) {
      users.set(u.email, existingId);
      continue;
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    // The demo accounts can trade at once: their transaction (funds) password is the login password.
    tradePasswordHash ??= await hashPassword(DEMO_PASSWORD);
    const parentId = u.parent ? ((await usersRepo.idByExtensionCode(db, u.parent)) ?? null) : null;
    const id = await usersRepo.insertUser(db, {
      email: u.email,
      passwordHash,
      tradePasswordHash,
      extensionCode: u.extension_code,
      parentId,
      isSeller: u.is_seller,
      role: u.role,
      accountNumber: u.email,
      isDemo: 1,
      now,
    });
    users.set(u.email, id);
  }
  for (const s of demoSeeders) await s(db, users, opts.clock);
}
