import type { Kysely } from 'kysely';

/**
 * Demo mode's sandbox notice: a code request may carry a ticket the requesting page made up; its hash is
 * kept on the request's row, and only that ticket reads back what the sandbox delivered for it
 * (modules/codes/sandbox-codes.ts). Null everywhere outside demo mode.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verification_codes').addColumn('sandbox_ticket', 'text').execute();
  await db.schema
    .createIndex('verification_codes_by_sandbox_ticket')
    .on('verification_codes')
    .column('sandbox_ticket')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verification_codes_by_sandbox_ticket').execute();
  await db.schema.alterTable('verification_codes').dropColumn('sandbox_ticket').execute();
}
