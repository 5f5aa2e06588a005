import { sql, type Kysely } from 'kysely';
import { BIGINT, idColumn, idColumnType, isPostgres } from './helpers';

/**
 * The operator console: restrictions operators put on users, the audit log of every changing operator
 * call (append-only: the database itself refuses UPDATE and DELETE on it), four-eyes approval requests and
 * the results of ledger checks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_restrictions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trade', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdraw', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_by', 'integer', (c) => c.notNull())
    .addColumn('updated_at', BIGINT, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_audit_log')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('at', BIGINT, (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('input_json', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema
    .createIndex('staff_audit_log_actor')
    .on('staff_audit_log')
    .columns(['actor_id', 'id'])
    .execute();
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION staff_audit_log_frozen() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'staff_audit_log is append-only'; END; $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER staff_audit_log_no_change BEFORE UPDATE OR DELETE ON staff_audit_log
      FOR EACH ROW EXECUTE FUNCTION staff_audit_log_frozen()`.execute(db);
  } else {
    await sql`CREATE TRIGGER staff_audit_log_no_update BEFORE UPDATE ON staff_audit_log
      BEGIN SELECT RAISE(ABORT, 'staff_audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER staff_audit_log_no_delete BEFORE DELETE ON staff_audit_log
      BEGIN SELECT RAISE(ABORT, 'staff_audit_log is append-only'); END`.execute(db);
  }

  await db.schema
    .createTable('staff_approvals')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', BIGINT, (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('requested_at', BIGINT, (c) => c.notNull())
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', BIGINT)
    .execute();
  // One open request per subject: a second operator's approval finds it, a third request cannot start.
  await sql`CREATE UNIQUE INDEX staff_approvals_open ON staff_approvals (kind, subject_id) WHERE status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable('ledger_check_runs')
    .addColumn('id', idColumnType(db), idColumn(db))
    .addColumn('at', BIGINT, (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('accounts', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addColumn('problem_count', 'integer', (c) => c.notNull())
    .addColumn('problems_json', 'text', (c) => c.notNull())
    .addColumn('took_ms', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_check_runs').execute();
  await db.schema.dropTable('staff_approvals').execute();
  await db.schema.dropTable('staff_audit_log').execute();
  if (isPostgres(db)) await sql`DROP FUNCTION IF EXISTS staff_audit_log_frozen()`.execute(db);
  await db.schema.dropTable('user_restrictions').execute();
}
