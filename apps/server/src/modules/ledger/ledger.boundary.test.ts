/**
 * One module owns the balances: no code outside modules/ledger may write `ledger_accounts` or
 * `ledger_entries` (through Kysely or raw SQL). Other modules call `ledger.*` instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../../..');
const repoRoot = path.resolve(serverRoot, '../..');
const ledgerDir = here;

/** Folders whose code runs against the database (migrations create the tables and are exempt). */
const SCANNED = [
  path.join(serverRoot, 'src'),
  path.join(serverRoot, 'test'),
  path.join(serverRoot, 'bench'),
  path.join(repoRoot, 'db', 'seed'),
];

const TABLE = String.raw`ledger_(?:accounts|entries)\b`;
const WRITE_PATTERNS = [
  // Kysely: db.insertInto('ledger_accounts'), trx.updateTable("ledger_entries as e"), deleteFrom, replaceInto, mergeInto
  new RegExp(String.raw`\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(\s*['"\`]${TABLE}`),
  // Raw SQL in template strings or sql`...`
  new RegExp(
    String.raw`\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from|truncate(?:\s+table)?|replace\s+into)\s+["\`]?${TABLE}`,
    'i',
  ),
];

export function findLedgerWrites(source: string): string[] {
  return source
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => WRITE_PATTERNS.some((re) => re.test(line)))
    .map(({ line, i }) => `${i + 1}: ${line.trim()}`);
}

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      yield* sourceFiles(full);
    } else if (/\.(?:ts|tsx|js|mjs|cjs)$/.test(entry.name)) {
      yield full;
    }
  }
}

describe('ledger boundary', () => {
  it('recognises writes, in Kysely and in raw SQL', () => {
    expect(findLedgerWrites(`await trx.updateTable('ledger_accounts').set({})`)).toHaveLength(1);
    expect(findLedgerWrites(`db.insertInto("ledger_entries").values(x)`)).toHaveLength(1);
    expect(
      findLedgerWrites('await sql`UPDATE ledger_accounts SET available_minor = 0`.execute(db)'),
    ).toHaveLength(1);
    expect(findLedgerWrites('sql`delete from "ledger_entries"`')).toHaveLength(1);
    expect(findLedgerWrites(`db.selectFrom('ledger_accounts')`)).toHaveLength(0);
  });

  it('finds no write to the ledger tables outside modules/ledger', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const root of SCANNED) {
      for (const file of sourceFiles(root)) {
        if (file.startsWith(ledgerDir + path.sep)) continue;
        scanned++;
        for (const hit of findLedgerWrites(fs.readFileSync(file, 'utf8'))) {
          offenders.push(`${path.relative(repoRoot, file)}:${hit}`);
        }
      }
    }
    expect(scanned).toBeGreaterThan(10);
    expect(
      offenders,
      'balances are written only through modules/ledger (ledger.transfer/freeze/...)',
    ).toEqual([]);
  });
});
