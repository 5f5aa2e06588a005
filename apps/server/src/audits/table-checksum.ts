import { sql } from 'kysely';
import type { Db } from '../db/connection';

/**
 * A cheap fingerprint of every table, in one query: per table its row count and a checksum of its
 * content (PostgreSQL: the sum of a hash of each whole row; SQLite: per column the sum of numbers, or of
 * text lengths and the code points of the first and last characters). Equal fingerprints = no row
 * inserted, deleted or changed (a change that keeps every such sum equal goes unseen; the audits use it
 * between single calls, where that would take a coincidence).
 * `exclude` names tables left out (each audit lists its own with the reason).
 */
export async function tableFingerprints(
  db: Db,
  exclude: ReadonlySet<string> = new Set(),
): Promise<Record<string, string>> {
  const key = [...exclude].sort().join(',');
  let byExclude = queries.get(db);
  if (!byExclude) queries.set(db, (byExclude = new Map()));
  let text = byExclude.get(key);
  if (!text) byExclude.set(key, (text = await fingerprintQuery(db, exclude)));
  const rows = await sql<{ t: string; f: string }>`${sql.raw(text)}`.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.t, String(r.f)]));
}

/** The query text per database and exclusion list (the tables are read once). */
const queries = new WeakMap<Db, Map<string, string>>();

async function fingerprintQuery(db: Db, exclude: ReadonlySet<string>): Promise<string> {
  const dialect = dialectOf(db);
  const parts: string[] = [];
  for (const table of await db.introspection.getTables()) {
    if (table.name.startsWith('kysely_') || exclude.has(table.name)) continue;
    if (dialect === 'postgres') {
      // The whole row as text, hashed: any change of any column changes the sum.
      parts.push(
        `select '${table.name}' as t, count(*)::text || '/' || coalesce(sum(hashtext(r::text)::numeric), 0)::text as f from "${table.name}" r`,
      );
      continue;
    }
    const sums = table.columns.map((c) => {
      const col = `"${c.name}"`;
      if (/int|real|numeric|double|float|decimal/i.test(c.dataType)) return `total(${col})`;
      return `total(length(${col}) * 7 + unicode(substr(${col}, 1, 1)) * 3 + unicode(substr(${col}, -1)))`;
    });
    parts.push(
      `select '${table.name}' as t, count(*) || '/' || ${sums.join(" || ':' || ")} as f from "${table.name}"`,
    );
  }
  return parts.join(' union all ');
}

/** The tables whose fingerprints differ. */
export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]).sort();
}

function dialectOf(db: Db): 'sqlite' | 'postgres' {
  const adapter = db.getExecutor().adapter.constructor.name;
  return /postgres/i.test(adapter) ? 'postgres' : 'sqlite';
}
