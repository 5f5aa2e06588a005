/**
 * Multi-row statements without the query builder, for hot batch writers (the spot committer and the
 * ledger batch). Rows are cut into fixed sizes (256, 64, 16, 4, 1), so each statement's SQL text is one
 * of a few per table: SQLite reuses the prepared statements (see db/connection.ts) and no query tree is
 * built per row. Table and column names come from our own code, never from input.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '@oryx/db/schema';
import type { Dialect } from '../db/connection';

const SIZES = [256, 64, 16, 4, 1] as const;

/** Consecutive slices of 256, 64, 16, 4 and 1 rows, in order. */
export function* fixedChunks<T>(rows: readonly T[]): Generator<T[]> {
  let i = 0;
  for (const size of SIZES) {
    while (rows.length - i >= size) {
      yield rows.slice(i, i + size);
      i += size;
    }
  }
}

const texts = new Map<string, string>();

/** `head` + n copies of `tuple` (with `?` placeholders) joined by commas + `tail`, placeholders per dialect. */
function statement(dialect: Dialect, head: string, tuple: string, tail: string, n: number): string {
  const key = `${dialect}\u0000${head}\u0000${tuple}\u0000${tail}\u0000${n}`;
  let text = texts.get(key);
  if (text === undefined) {
    let body = Array.from({ length: n }, () => tuple).join(', ');
    if (dialect === 'postgres') {
      let i = 0;
      body = body.replace(/\?/g, () => `$${++i}`);
    }
    text = `${head}${body}${tail}`;
    if (texts.size > 2_000) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/**
 * Runs `head (tuple), (tuple), ... tail` over all rows, chunk by chunk (each row's values fill one tuple).
 * Returns the affected row count summed over the chunks.
 */
export async function bulkRun(
  db: Kysely<Database>,
  dialect: Dialect,
  head: string,
  tuple: string,
  tail: string,
  rows: readonly unknown[][],
): Promise<number> {
  let affected = 0;
  for (const chunk of fixedChunks(rows)) {
    const sqlText = statement(dialect, head, tuple, tail, chunk.length);
    const result = await db.executeQuery(CompiledQuery.raw(sqlText, chunk.flat()));
    affected += Number(result.numAffectedRows ?? 0);
  }
  return affected;
}

/** `insert into table (columns) values (...), ... [tail]`. */
export function bulkInsert(
  db: Kysely<Database>,
  dialect: Dialect,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
  tail = '',
): Promise<number> {
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return bulkRun(db, dialect, head, tuple, tail ? ` ${tail}` : '', rows);
}
