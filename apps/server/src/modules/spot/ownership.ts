/**
 * One spot engine per database. The order books live in the memory of the process that matches them;
 * two processes matching the same markets would each keep a book the other cannot see (orders resting
 * in one, unseen by the other; a cancel through one while the other fills). So a server takes the
 * ownership of its database's spot engine at start and refuses to start when another one holds it:
 *
 * - PostgreSQL: a session advisory lock (`pg_try_advisory_lock`, per database) on a connection kept for
 *   the life of the engine; it goes away with the process or its connection.
 * - SQLite file: a lock file `<database>.spot-owner` holding the owner's pid (a dead pid is taken over),
 *   and, within one process, a registry (tests start several apps in one process).
 * - In-memory SQLite: nothing to share.
 *
 * DESIGN §8's scale-out (one owner per market, commands routed to it through Redis) is not built; this
 * is the guard that makes running a second server on the same database fail loudly instead of silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../../lib/context';

/** The advisory lock key of the spot engine (any fixed 64-bit number; ours spells "oryx spot"). */
const PG_LOCK_KEY = 0x6f72_7978_5350n; // 'oryxSP'

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

async function postgresOwnership(ctx: AppContext): Promise<SpotOwnership> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let settle!: (ok: boolean | Error) => void;
  const acquired = new Promise<boolean | Error>((r) => (settle = r));
  // The lock belongs to one connection: keep that connection until release.
  const held = ctx.db
    .connection()
    .execute(async (conn) => {
      const row = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${PG_LOCK_KEY}) as ok`.execute(conn);
      const ok = row.rows[0]?.ok === true;
      settle(ok);
      if (!ok) return;
      await released;
      await sql`select pg_advisory_unlock(${PG_LOCK_KEY})`.execute(conn);
    })
    .catch((err: Error) => {
      settle(err);
      ctx.log.error({ err }, 'spot: the ownership connection failed');
    });
  const result = await acquired;
  if (result instanceof Error) throw result;
  if (!result) throw new SpotOwnershipError('PostgreSQL advisory lock');
  return {
    async release() {
      release();
      await held;
    },
  };
}

export async function acquireSpotOwnership(ctx: AppContext): Promise<SpotOwnership> {
  if (ctx.dialect === 'postgres') return postgresOwnership(ctx);
  const file = ctx.env.DATABASE_URL.replace(/^file:/, '');
  if (file === ':memory:') return { release: async () => {} };
  return sqliteOwnership(file);
}
