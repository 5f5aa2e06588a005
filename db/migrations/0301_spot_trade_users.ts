import type { Kysely } from 'kysely';

/** A user's trades (the entrust page's completed tab) are looked up by maker and by taker. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('spot_trades_maker_user')
    .on('spot_trades')
    .columns(['maker_user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('spot_trades_taker_user')
    .on('spot_trades')
    .columns(['taker_user_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('spot_trades_taker_user').execute();
  await db.schema.dropIndex('spot_trades_maker_user').execute();
}
