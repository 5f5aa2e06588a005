/**
 * SQL in one place per area. Kysely queries (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`,
 * `sql` templates) live only in an area's repository files: `repo.ts` or `*-repo.ts` inside a folder
 * of `modules/` (a subfolder such as `funding/pay/` has its own). Routes, services and rule files call
 * repository functions. Three areas own tables no other area touches, not even in a join:
 * `modules/users/repo.ts` the `users` table, `modules/catalog/repo.ts` the markets and currencies, and
 * `modules/ledger` its balances and journal.
 *
 * Exempt: tests and their helpers (`*.test.ts`, `test-helpers.ts`, `*.test-support.ts`), the database
 * layer itself (`db/`: connection, migrations runner, seed), demo seeds (`*demo-seed.ts`, which fill a
 * fresh store with sample rows), and everything outside `src/` (migrations, benches, test setup).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcRoot = path.dirname(fileURLToPath(import.meta.url));

const QUERY_PATTERNS = [
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(/,
  // sql`...`, sql<T>`...`, and the raw pieces sql.raw / sql.ref / sql.lit / ...
  /\bsql\s*(?:<[^`]*>)?\s*`/,
  /\bsql\.(?:raw|ref|lit|val|id|table|join)\s*\(/,
];

/** Tables one area owns, and the files allowed to name them in a query. */
const OWNED_TABLES: { owner: string; isOwnerFile: (rel: string) => boolean; tables: string }[] = [
  {
    owner: 'modules/users',
    isOwnerFile: (rel) => rel.startsWith('modules/users/') && isRepositoryFile(rel),
    tables: 'users',
  },
  {
    owner: 'modules/catalog',
    isOwnerFile: (rel) => rel.startsWith('modules/catalog/') && isRepositoryFile(rel),
    tables: 'markets|currencies',
  },
  {
    owner: 'modules/ledger',
    isOwnerFile: (rel) => rel.startsWith('modules/ledger/'),
    tables: 'ledger_accounts|ledger_entries|ledger_check_runs',
  },
];

function tablePatterns(tables: string): RegExp[] {
  const name = String.raw`(?:${tables})(?:\s+as\s+\w+)?`;
  return [
    new RegExp(
      String.raw`\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\s*\(\s*['"\`]${name}['"\`]`,
    ),
    new RegExp(String.raw`\b(?:from|join|into|update)\s+"?(?:${tables})"?(?:\s|$|\)|,|\`)`, 'i'),
  ];
}

const isComment = (line: string): boolean => /^\s*(?:\/\/|\/\*|\*)/.test(line);

function hits(source: string, patterns: RegExp[]): string[] {
  return source
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => !isComment(line) && patterns.some((re) => re.test(line)))
    .map(({ line, i }) => `${i + 1}: ${line.trim()}`);
}

export const findQueries = (source: string): string[] => hits(source, QUERY_PATTERNS);

export const findTableUse = (source: string, tables: string): string[] => hits(source, tablePatterns(tables));

export const isRepositoryFile = (rel: string): boolean =>
  /^modules\/.+\/(?:repo|[\w-]+-repo)\.ts$/.test(rel) || /^lib\/[\w-]+-repo\.ts$/.test(rel);

const isExempt = (rel: string): boolean =>
  /\.test\.tsx?$/.test(rel) ||
  /\.test-support\.ts$/.test(rel) ||
  /(?:^|\/)test-helpers\.ts$/.test(rel) ||
  /(?:^|\/)[\w-]*demo-seed\.ts$/.test(rel) ||
  rel.startsWith('db/') ||
  rel.startsWith('audits/') ||
  rel.endsWith('.d.ts');

type Rule = 'sql' | 'users' | 'catalog' | 'ledger';

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

const RULE_OF_OWNER: Record<string, Rule> = {
  'modules/users': 'users',
  'modules/catalog': 'catalog',
  'modules/ledger': 'ledger',
};

/** Every breach in production sources: `path -> rule -> offending lines`. */
function breaches(): Map<string, Map<Rule, string[]>> {
  const found = new Map<string, Map<Rule, string[]>>();
  const add = (rel: string, rule: Rule, lines: string[]) => {
    if (lines.length === 0) return;
    const byRule = found.get(rel) ?? new Map<Rule, string[]>();
    byRule.set(rule, lines);
    found.set(rel, byRule);
  };
  for (const file of sourceFiles(srcRoot)) {
    const rel = path.relative(srcRoot, file).split(path.sep).join('/');
    if (isExempt(rel)) continue;
    const source = fs.readFileSync(file, 'utf8');
    if (!isRepositoryFile(rel)) add(rel, 'sql', findQueries(source));
    for (const owned of OWNED_TABLES) {
      if (!owned.isOwnerFile(rel)) add(rel, RULE_OF_OWNER[owned.owner]!, findTableUse(source, owned.tables));
    }
  }
  return found;
}

describe('sql boundary', () => {
  it('recognises queries and table use', () => {
    expect(findQueries(`await trx.selectFrom('jobs').selectAll().execute()`)).toHaveLength(1);
    expect(findQueries('const rows = await sql<{ n: number }>`select 1`.execute(db)')).toHaveLength(1);
    expect(findQueries('db.updateTable("x").set(sql.ref("y"))')).toHaveLength(1);
    expect(findQueries(`// db.selectFrom('jobs') in a comment`)).toHaveLength(0);
    expect(findQueries(`await runInTransaction(db, (trx) => repo.save(trx, row))`)).toHaveLength(0);
    expect(findTableUse(`q.innerJoin('users as u', 'u.id', 'o.user_id')`, 'users')).toHaveLength(1);
    expect(findTableUse('sql`select id from users where id = ${id}`', 'users')).toHaveLength(1);
    expect(findTableUse(`db.selectFrom('user_banks')`, 'users')).toHaveLength(0);
    expect(findTableUse(`db.selectFrom('markets as m')`, 'markets|currencies')).toHaveLength(1);
    expect(isRepositoryFile('modules/funding/pay/repo.ts')).toBe(true);
    expect(isRepositoryFile('modules/p2p/chat-repo.ts')).toBe(true);
    expect(isRepositoryFile('modules/funding/withdrawals.ts')).toBe(false);
    expect(isRepositoryFile('lib/repo.ts')).toBe(false);
  });

  it('finds SQL only in repository files, and owned tables only in their owners', () => {
    const offenders: string[] = [];
    for (const [rel, byRule] of breaches())
      for (const [rule, lines] of byRule)
        for (const line of lines) offenders.push(`${rel} [${rule}] ${line}`);
    expect(
      offenders,
      'queries belong in the area repository (repo.ts / *-repo.ts); users, markets, currencies and the ledger tables only in their owners',
    ).toEqual([]);
  });
});
