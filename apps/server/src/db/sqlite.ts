/**
 * The SQLite binding, shaped as Kysely's `SqliteDatabase`. The binding is `@photostructure/sqlite`
 * (the `node:sqlite` API, which Node 20 lacks): its npm package carries prebuilt binaries, so installing
 * it compiles nothing and fetches nothing from outside the npm registry.
 *
 * What the server relies on, kept from the binding it replaced:
 * - every integer is read as a bigint (exact up to 2^63 - 1; MoneyColumnsPlugin turns the non-money
 *   ones into numbers), and a bigint parameter is bound as a 64-bit integer;
 * - rows are plain objects (the binding's own rows have no prototype);
 * - `reader` tells a statement that returns rows (a SELECT, a PRAGMA, an INSERT ... RETURNING);
 * - statements are cached by SQL text (see below).
 */
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';
import { DatabaseSync, type DatabaseSyncInstance, type StatementSyncInstance } from '@photostructure/sqlite';

/** The module the checkpoint worker loads (by its resolved path) to open its own connection. */
export const SQLITE_DRIVER = '@photostructure/sqlite';

/** A statement that changes the schema: running one drops the statement cache (column lists change). */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;

type Row = Record<string, unknown>;

class Statement implements SqliteStatement {
  readonly reader: boolean;
  /** Whether a streamed select is still reading: a busy statement is not handed out again. */
  busy = false;
  readonly #stmt: StatementSyncInstance;
  readonly #names: string[];
  readonly #changesSchema: boolean;
  readonly #onSchemaChange: () => void;

  constructor(stmt: StatementSyncInstance, source: string, onSchemaChange: () => void) {
    this.#stmt = stmt;
    this.#names = stmt.columns().map((c) => c.name);
    this.reader = this.#names.length > 0;
    this.#changesSchema = SCHEMA_CHANGE.test(source);
    this.#onSchemaChange = onSchemaChange;
    // Rows come as arrays and are made objects here: faster than the binding's own objects, and
    // plain ones (a later column of the same name wins, as in a row object built by SQLite bindings).
    stmt.setReturnArrays(true);
  }

  #row(values: unknown[]): Row {
    const names = this.#names;
    const row: Row = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  }

  all(parameters: ReadonlyArray<unknown>): Row[] {
    const rows = this.#stmt.all(...parameters) as unknown[][];
    const out = new Array<Row>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = this.#row(rows[i]!);
    return out;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    const result = this.#stmt.run(...parameters);
    if (this.#changesSchema) this.#onSchemaChange();
    return result;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<Row> {
    this.busy = true;
    try {
      for (const values of this.#stmt.iterate(...parameters) as IterableIterator<unknown[]>) {
        yield this.#row(values);
      }
    } finally {
      this.busy = false;
    }
  }
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running a small query.
 * Statements are cached by SQL text (bounded, least recently used out), so hot queries (the session
 * lookup of every request, the spot committer's fixed-size batch statements) are parsed once. A cached
 * statement still iterating (a streamed select) is not shared: a fresh one is prepared instead. A
 * schema change (a migration) empties the cache, so no statement keeps a stale column list.
 */
const STATEMENT_CACHE_MAX = 500;

export class SqliteDatabase implements KyselySqliteDatabase {
  readonly #db: DatabaseSyncInstance;
  readonly #cache = new Map<string, Statement>();
  readonly #dropCache = () => this.#cache.clear();

  constructor(file: string) {
    this.#db = new DatabaseSync(file, { readBigInts: true });
  }

  /** Runs `PRAGMA <text>` and returns its rows. */
  pragma(text: string): Row[] {
    return new Statement(this.#db.prepare(`PRAGMA ${text}`), '', this.#dropCache).all([]);
  }

  prepare(source: string): Statement {
    const hit = this.#cache.get(source);
    if (hit && !hit.busy) {
      this.#cache.delete(source);
      this.#cache.set(source, hit);
      return hit;
    }
    const stmt = new Statement(this.#db.prepare(source), source, this.#dropCache);
    if (!hit) {
      this.#cache.set(source, stmt);
      if (this.#cache.size > STATEMENT_CACHE_MAX) this.#cache.delete(this.#cache.keys().next().value!);
    }
    return stmt;
  }

  close(): void {
    this.#cache.clear();
    this.#db.close();
  }
}
