/**
 * A C2C ad's payment window, which its poster may shorten (15 minutes up to the default 24 hours), and
 * the window of each deal taken on it, so the deal keeps its window whatever happens to the ad later.
 * 0 means the terms' default (`C2C_TERMS.payWindowMs`).
 */
import { sql, type Kysely } from 'kysely';
import { BIGINT } from './helpers';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['p2p_ads', 'p2p_deals']) {
    await db.schema
      .alterTable(table)
      .addColumn('pay_window_ms', BIGINT, (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['p2p_ads', 'p2p_deals']) {
    await db.schema.alterTable(table).dropColumn('pay_window_ms').execute();
  }
}
