/**
 * `pnpm db:migrate`: applies every pending migration (db/migrations) to DATABASE_URL, the database the
 * server would open, and lists what it applied. The server does the same at start; this runs it alone,
 * e.g. before starting several servers on one PostgreSQL database. Exits 0 on success, 1 on failure.
 */
import { loadEnv } from '../env';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';

async function main(): Promise<void> {
  const env = loadEnv();
  const handle = openDatabase(env.DATABASE_URL);
  try {
    const applied = await migrateToLatest(handle.db);
    console.log(
      applied.length === 0
        ? `db:migrate: ${handle.dialect} database is up to date`
        : `db:migrate: applied ${applied.length} migration(s) to the ${handle.dialect} database: ${applied.join(', ')}`,
    );
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
