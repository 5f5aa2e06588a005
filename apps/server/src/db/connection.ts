import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '@oryx/db/schema';
import { SQLITE_DRIVER, SqliteDatabase } from './sqlite';
import { QueuedSqliteDialect } from './sqlite-dialect';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/**
 * Money columns (`*_minor`) come back as bigint; every other integer as a JS number.
 * SQLite runs with safe integers (all integers arrive as bigint); PostgreSQL parses int8 to bigint and
 * leaves numeric (SUM of bigint) as a string. This plugin brings both to the one rule in db/schema.ts.
 */
class MoneyColumnsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key in row) {
        const v = row[key];
        if (key.endsWith('_minor')) {
          if (typeof v === 'string' || typeof v === 'number') row[key] = BigInt(v);
        } else if (typeof v === 'bigint') {
          if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER)) {
            throw new Error(`Integer column ${key} exceeds the safe range; name money columns *_minor`);
          }
          row[key] = Number(v);
        }
      }
    }
    return args.result;
  }
}

pg.types.setTypeParser(20, (v) => BigInt(v)); // int8

/**
 * WAL checkpoints off the request thread. SQLite's automatic checkpoint runs inside the COMMIT that
 * crosses `wal_autocheckpoint` pages: it copies the WAL into the database file and fsyncs it, on the
 * event loop, which made checkpoints about 40 % of the spot committer's time under load (docs/perf/spot.md).
 * Once the WAL passes CHECKPOINT_START_BYTES (a busy database; tests seldom get there) a worker
 * thread with its own connection runs `wal_checkpoint(PASSIVE)` every CHECKPOINT_EVERY_MS: it never
 * waits for and never blocks the writer. The writer's own automatic checkpoint stays as a backstop at
 * CHECKPOINT_BACKSTOP_PAGES, so the WAL stays bounded if the worker falls behind or dies. Durability is
 * unchanged: a commit is durable (WAL, synchronous NORMAL) whether or not it was checkpointed yet.
 */
const CHECKPOINT_START_BYTES = 4 * 1024 * 1024;
const CHECKPOINT_EVERY_MS = 100;
const CHECKPOINT_BACKSTOP_PAGES = 16_384;
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require(workerData.driver);
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA synchronous = NORMAL');
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // busy (the writer's backstop checkpoint): try again next tick
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

function checkpointInBackground(sqlite: SqliteDatabase, file: string): () => Promise<void> {
  let worker: Worker | undefined;
  const watch = setInterval(() => {
    let size = 0;
    try {
      size = fs.statSync(`${file}-wal`).size;
    } catch {
      return;
    }
    if (size < CHECKPOINT_START_BYTES) return;
    clearInterval(watch);
    worker = new Worker(CHECKPOINT_WORKER, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve(SQLITE_DRIVER),
        file: path.resolve(file),
        everyMs: CHECKPOINT_EVERY_MS,
      },
    });
    worker.unref();
    worker.on('error', (err) => console.warn(`database: checkpoint worker failed: ${err.message}`));
    sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`);
  }, 500);
  watch.unref();
  return async () => {
    clearInterval(watch);
    const w = worker;
    worker = undefined;
    if (!w) return;
    const exited = new Promise((resolve) => w.once('exit', resolve));
    w.ref(); // keep the process alive until the worker has closed its connection
    w.postMessage('close');
    await exited;
  };
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export function openDatabase(
  url: string,
  onIdleError: (err: Error) => void = (err) => console.warn(`database: idle connection lost: ${err.message}`),
): DbHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection closed by the server (restart, failover, a dropped test database) is removed
    // from the pool; without a listener pg would raise it as an uncaught exception and stop the process.
    pool.on('error', (err) => onIdleError(err));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new MoneyColumnsPlugin()],
    });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^file:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file); // every integer read as a bigint
  sqlite.pragma('journal_mode = WAL');
  // NORMAL with WAL is durable across application crashes; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const stopCheckpoints = file === ':memory:' ? async () => {} : checkpointInBackground(sqlite, file);
  const db = new Kysely<Database>({
    dialect: new QueuedSqliteDialect({ database: sqlite }),
    plugins: [new MoneyColumnsPlugin()],
  });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await stopCheckpoints();
      await db.destroy();
    },
  };
}
