import type { Kysely } from 'kysely';
import { BIGINT } from './helpers';

/**
 * Four-eyes by value over time: every guarded action leaves a `staff_approvals` row (an action one operator
 * carried out alone included), with the user whose balance it moves and its USDT worth, so what one
 * operator, or one user's account, moved alone in the rolling window can be summed. The audit log keeps
 * the call's result beside its parsed input.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_approvals').addColumn('beneficiary_id', 'integer').execute();
  // USDT minor units (scale 8) at the time of the request; null when the currency had no price.
  await db.schema.alterTable('staff_approvals').addColumn('worth_usdt_minor', BIGINT).execute();
  await db.schema
    .createIndex('staff_approvals_by_operator')
    .on('staff_approvals')
    .columns(['requested_by', 'decided_at'])
    .execute();
  await db.schema
    .createIndex('staff_approvals_by_beneficiary')
    .on('staff_approvals')
    .columns(['beneficiary_id', 'decided_at'])
    .execute();
  await db.schema.alterTable('staff_audit_log').addColumn('result_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_audit_log').dropColumn('result_json').execute();
  await db.schema.dropIndex('staff_approvals_by_beneficiary').execute();
  await db.schema.dropIndex('staff_approvals_by_operator').execute();
  await db.schema.alterTable('staff_approvals').dropColumn('worth_usdt_minor').execute();
  await db.schema.alterTable('staff_approvals').dropColumn('beneficiary_id').execute();
}
