import type { Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType } from './helpers';

/**
 * Deposit-earning, referral team commissions, JC points and the coin exchange
 * (apps/server/src/modules/earning, team, points, exchange).
 *
 * - `earning_products` are the published terms (`day` days, `rate_bps` interest over the whole term);
 *   `earning_currencies` the currencies that can be deposited, with their minimum. A deposit is an
 *   `earning_records` row; each daily instalment paid is one `earning_payouts` row (unique per record
 *   and sequence number, so an instalment is paid once whatever the scheduler does).
 * - `earn_watermarks`: the last ledger entry a fee-reading job has handled, per job.
 * - `team_commission_levels` (share of an invitee's fee per depth) and `team_commissions` (one row per
 *   fee entry and level: paid once).
 * - `points_accruals` (one row per fee entry), `points_exchanges` (JC to BEAU), `points_bindings`
 *   (external points account of a user).
 * - `coin_exchanges`: conversions at the spot-derived price.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('earning_products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('rate_bps', 'integer', (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('earning_currencies')
    .addColumn('currency_id', 'integer', (c) => c.primaryKey())
    .addColumn('min_minor', BIGINT, (c) => c.notNull())
    .addColumn('is_open', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('earning_records')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('rate_bps', 'integer', (c) => c.notNull())
    .addColumn('principal_minor', BIGINT, (c) => c.notNull())
    .addColumn('interest_minor', BIGINT, (c) => c.notNull())
    .addColumn('paid_minor', BIGINT, (c) => c.notNull())
    .addColumn('paid_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addColumn('end_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('earning_records_user')
    .on('earning_records')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('earning_payouts')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('interest_minor', BIGINT, (c) => c.notNull())
    .addColumn('principal_minor', BIGINT, (c) => c.notNull())
    .addColumn('due_at', BIGINT, (c) => c.notNull())
    .addColumn('paid_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('earning_payouts_once', ['record_id', 'seq'])
    .execute();

  await db.schema
    .createTable('earn_watermarks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_entry_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('team_commission_levels')
    .addColumn('level', 'integer', (c) => c.primaryKey())
    .addColumn('share_bps', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('team_commissions')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('source_user_id', 'integer', (c) => c.notNull())
    .addColumn('source_entry_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .addUniqueConstraint('team_commissions_once', ['source_entry_id', 'level'])
    .execute();
  await db.schema
    .createIndex('team_commissions_user')
    .on('team_commissions')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('points_accruals')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('source_entry_id', 'integer', (c) => c.notNull().unique())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('points_minor', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('points_exchanges')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('use_minor', BIGINT, (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('receive_minor', BIGINT, (c) => c.notNull())
    .addColumn('market_price_minor', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('points_exchanges_user')
    .on('points_exchanges')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createTable('points_bindings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coin_exchanges')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('from_currency_id', 'integer', (c) => c.notNull())
    .addColumn('to_currency_id', 'integer', (c) => c.notNull())
    .addColumn('number_minor', BIGINT, (c) => c.notNull())
    .addColumn('price_minor', BIGINT, (c) => c.notNull())
    .addColumn('fee_minor', BIGINT, (c) => c.notNull())
    .addColumn('receive_minor', BIGINT, (c) => c.notNull())
    .addColumn('created_at', BIGINT, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coin_exchanges_user')
    .on('coin_exchanges')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'coin_exchanges',
    'points_bindings',
    'points_exchanges',
    'points_accruals',
    'team_commissions',
    'team_commission_levels',
    'earn_watermarks',
    'earning_payouts',
    'earning_records',
    'earning_currencies',
    'earning_products',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
