/**
 * `pnpm ledger:check`: recomputes every balance from the journal and compares (see
 * modules/ledger/check.ts). Exits 0 when consistent, 1 with the report otherwise, 2 when it cannot run.
 * Uses DATABASE_URL like the server; it only reads, in one consistent snapshot, so it may run against a
 * live exchange.
 */
import { loadEnv } from '../env';
import { openDatabase } from '../db/connection';
import { checkLedger, formatLedgerReport } from '../modules/ledger/check';

async function main(): Promise<number> {
  const env = loadEnv();
  const handle = openDatabase(env.DATABASE_URL);
  try {
    const report = await checkLedger(handle.db);
    const out = formatLedgerReport(report);
    if (report.ok) console.log(out);
    else console.error(out);
    return report.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`ledger:check could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
