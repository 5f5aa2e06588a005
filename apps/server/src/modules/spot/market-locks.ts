/**
 * One PostgreSQL advisory lock per spot market, all on one connection of this process's own: the lock of
 * market N is held by exactly one process, and it goes away with that process (kill -9 included: the
 * database ends the session when its socket closes) or with the connection. The connection also holds
 * the single engine's lock (ownership.ts) in shared mode, so a server that matches every market alone
 * and servers that share the markets never run on one database together.
 */
import pg from 'pg';
import type { AppContext } from '../../lib/context';
import { PG_LOCK_KEY, SpotOwnershipError } from './ownership';

/** The two-key advisory lock space of the markets ('or'); the second key is the market id. */
const MARKET_LOCK_CLASS = 0x6f72;
export const MARKET_LOCKS_APP_NAME = 'oryx-spot-markets';

export class MarketLocks {
  private client: pg.Client | null = null;
  readonly held = new Set<number>();
  /** Told when the connection is gone: every lock with it. */
  onLost: (err: Error) => void = () => {};

  constructor(private readonly ctx: AppContext) {}

  get isConnected(): boolean {
    return this.client !== null;
  }

  /** Connects and takes the single engine's lock in shared mode (refused while a single engine runs). */
  async connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: this.ctx.env.DATABASE_URL,
      application_name: MARKET_LOCKS_APP_NAME,
    });
    c.on('error', () => {});
    await c.connect();
    const r = await c
      .query<{ ok: boolean }>('select pg_try_advisory_lock_shared($1) as ok', [PG_LOCK_KEY.toString()])
      .catch(async (err: Error) => {
        await c.end().catch(() => {});
        throw err;
      });
    if (r.rows[0]?.ok !== true) {
      await c.end().catch(() => {});
      throw new SpotOwnershipError('a server matching every market holds the engine lock');
    }
    const lost = (err: Error) => {
      if (this.client !== c) return;
      this.client = null;
      this.held.clear();
      c.end().catch(() => {});
      this.onLost(err);
    };
    c.removeAllListeners('error');
    c.on('error', lost);
    c.on('end', () => lost(new Error('the market locks connection ended')));
    this.client = c;
  }

  /** Takes market `id`'s lock if nobody holds it. */
  async tryLock(id: number): Promise<boolean> {
    const c = this.client;
    if (!c) return false;
    if (this.held.has(id)) return true;
    const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
      MARKET_LOCK_CLASS,
      id,
    ]);
    const ok = r.rows[0]?.ok === true;
    if (ok && this.client === c) this.held.add(id);
    return ok && this.client === c;
  }

  async unlock(id: number): Promise<void> {
    const c = this.client;
    if (!this.held.delete(id) || !c) return;
    await c.query('select pg_advisory_unlock($1, $2)', [MARKET_LOCK_CLASS, id]).catch(() => {});
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    this.held.clear();
    await c?.end().catch(() => {});
  }
}
