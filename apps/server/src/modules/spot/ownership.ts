/**
 * One spot engine per database. The order books live in the memory of the process that matches them;
 * two processes matching the same markets would each keep a book the other cannot see (orders resting
 * in one, unseen by the other; a cancel through one while the other fills). So a server takes the
 * ownership of its database's spot engine at start and refuses to start when another one holds it:
 *
 * - PostgreSQL: a session advisory lock (`pg_try_advisory_lock`, per database) on a connection of its
 *   own kept for the life of the engine; it goes away with the process or its connection. When that
 *   connection is lost the engine stops matching and asks for the lock again until it has it.
 * - SQLite file: a lock file `<database>.spot-owner` holding the owner's pid (a dead pid is taken over),
 *   and, within one process, a registry (tests start several apps in one process).
 * - In-memory SQLite: nothing to share.
 *
 * This is the one-process shape. Several processes share a PostgreSQL database only as a cluster (with
 * REDIS_URL: one owner per market, commands routed to it, cluster.ts and docs/scale-out.md); the cluster's
 * market locks hold this lock in shared mode, so the two shapes refuse to run on one database together.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppContext } from '../../lib/context';

/** The advisory lock key of the spot engine (any fixed 64-bit number; ours spells "oryx spot"). */
export const PG_LOCK_KEY = 0x6f72_7978_5350n; // 'oryxSP'
/** The lock connection's name in pg_stat_activity. */
export const OWNER_APP_NAME = 'oryx-spot-engine';

export class SpotOwnershipError extends Error {
  constructor(where: string) {
    super(
      `another Oryx server already runs the spot engine on this database (${where}); ` +
        'one server per database: stop the other one first (running several is not supported yet)',
    );
    this.name = 'SpotOwnershipError';
  }
}

export interface SpotOwnership {
  release(): Promise<void>;
}

/** What the holder of the spot engine is told when PostgreSQL took its lock away and gave it back. */
export interface OwnershipEvents {
  /** The lock's connection is gone (database restart, network, an operator): stop matching. */
  onLost(err: Error): void;
  /** The lock is held again (nobody else took it meanwhile): reload and go on. */
  onRegained(): Promise<void>;
}

const heldInProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sqliteOwnership(file: string): SpotOwnership {
  const lockFile = `${path.resolve(file)}.spot-owner`;
  if (heldInProcess.has(lockFile)) throw new SpotOwnershipError(`${lockFile}, this process`);
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new SpotOwnershipError(`${lockFile}, pid ${pid}`);
      }
      fs.rmSync(lockFile, { force: true }); // left by a process that is gone: take it over
    }
  }
  heldInProcess.add(lockFile);
  return {
    async release() {
      heldInProcess.delete(lockFile);
      try {
        if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
      } catch {
        // already gone
      }
    },
  };
}

/**
 * The advisory lock on a connection of its own (not the pool's: it is held for the life of the engine,
 * and its loss must be noticed). Losing it does not stop the process: the engine is told (`onLost`),
 * and the lock is asked for again every `retryMs` until it is held again (`onRegained`) or released.
 */
async function postgresOwnership(
  ctx: AppContext,
  events: OwnershipEvents,
  retryMs: number,
): Promise<SpotOwnership> {
  let client: pg.Client | null = null;
  let isReleased = false;
  let retry: NodeJS.Timeout | null = null;

  /** Connects and asks for the lock: the connected client, or null when someone else holds it. */
  const tryLock = async (): Promise<pg.Client | null> => {
    const c = new pg.Client({ connectionString: ctx.env.DATABASE_URL, application_name: OWNER_APP_NAME });
    c.on('error', () => {}); // replaced below once the lock is held; never an uncaught error
    await c.connect();
    try {
      const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        PG_LOCK_KEY.toString(),
      ]);
      if (r.rows[0]?.ok === true) return c;
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    await c.end().catch(() => {});
    return null;
  };

  const watch = (c: pg.Client) => {
    client = c;
    const lost = (err: Error) => {
      if (client !== c || isReleased) return;
      client = null;
      c.end().catch(() => {});
      ctx.log.error(
        { err: err.message },
        'spot: lost the engine lock (database connection gone); matching stops until it is held again',
      );
      events.onLost(err);
      scheduleRetry();
    };
    c.removeAllListeners('error');
    c.on('error', lost);
    c.on('end', () => lost(new Error('the lock connection ended')));
  };

  const scheduleRetry = () => {
    if (isReleased || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (isReleased) return;
      tryLock()
        .then(async (c) => {
          if (!c) {
            ctx.log.error('spot: another server now holds the engine lock; this one stays stopped');
            return scheduleRetry();
          }
          if (isReleased) return void (await c.end().catch(() => {}));
          watch(c);
          ctx.log.warn('spot: engine lock held again; reloading the books');
          await events.onRegained();
        })
        .catch((err: Error) => {
          ctx.log.warn({ err: err.message }, 'spot: engine lock not available yet');
          scheduleRetry();
        });
    }, retryMs);
    retry.unref();
  };

  const first = await tryLock();
  if (!first) throw new SpotOwnershipError('PostgreSQL advisory lock');
  watch(first);
  return {
    async release() {
      isReleased = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (!c) return;
      await c.query('select pg_advisory_unlock($1)', [PG_LOCK_KEY.toString()]).catch(() => {});
      await c.end().catch(() => {});
    },
  };
}

export async function acquireSpotOwnership(
  ctx: AppContext,
  events: OwnershipEvents,
  retryMs = 5_000,
): Promise<SpotOwnership> {
  if (ctx.dialect === 'postgres') return postgresOwnership(ctx, events, retryMs);
  const file = ctx.env.DATABASE_URL.replace(/^file:/, '');
  if (file === ':memory:') return { release: async () => {} };
  return sqliteOwnership(file);
}
