/**
 * Commands to the owner of their market, through Redis, when several processes share the markets
 * (cluster.ts). Redis streams with one consumer group, one stream per market (`spot:cmd:<id>`):
 *
 * - A process that does not own the market appends the command (`XADD`) with its reply channel, a
 *   request id and a deadline, and waits for the reply on its channel (pub/sub).
 * - The owner reads its markets' streams (`XREADGROUP`, one blocking connection), hands the commands to
 *   its group committer in stream order, and after the commit publishes each reply, then acknowledges and
 *   deletes the entry. A reply therefore always follows the commit, as for a local call.
 * - An owner that dies leaves what it read but did not acknowledge pending in the group; the next owner
 *   claims those entries (`XAUTOCLAIM`) before reading new ones, and applies them again. A place
 *   command always carries a client order id (the router gives one when the caller did not), so one the
 *   dead owner had committed answers the first order instead of placing a second; a cancel whose order is
 *   gone is refused. Nothing acknowledged is lost, nothing is applied twice.
 * - Why streams and not pub/sub: a command must survive its owner's death between its arrival and its
 *   commit; pub/sub would drop it, and a list has no per-consumer pending record to claim from.
 *
 * A command not taken before its deadline is refused (`SPOT_BUSY`) by whichever owner reads it; the
 * caller stops waiting a moment after the deadline and answers `SPOT_BUSY` too (no owner was reachable).
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { ClusterBus } from '../cluster/bus';
import type { Command, CommandResult } from './orders';
import { decodeCommand, decodeResult, encodeCommand, encodeResult } from './route-codec';

const GROUP = 'owners';
/** How long one blocking read waits before it looks at the owned markets again. */
const READ_BLOCK_MS = 250;
/** Entries per read. */
const READ_COUNT = 1_000;
/** The caller waits this long after the deadline for a reply that is on its way. */
const REPLY_GRACE_MS = 2_000;

type Entry = [id: string, fields: string[]];

interface Waiting {
  resolve: (r: CommandResult) => void;
  timer: NodeJS.Timeout;
}

export class CommandStreams {
  private readonly bus: ClusterBus;
  private readonly waiting = new Map<string, Waiting>();
  private readonly reading = new Set<number>();
  private readonly inFlight = new Map<number, Set<Promise<void>>>();
  private reader: Redis | null = null;
  private loop: Promise<void> | null = null;
  private tick: Promise<void> = Promise.resolve();
  private isStopped = false;
  private stopReplies: (() => void) | null = null;

  constructor(
    private readonly ctx: AppContext,
    /** The owner's side: applies one command and resolves after its commit. */
    private readonly apply: (cmd: Command) => Promise<CommandResult>,
  ) {
    this.bus = ctx.services.cluster.bus;
  }

  private streamKey(marketId: number): string {
    return this.bus.key(`spot:cmd:${marketId}`);
  }

  private replyChannel(processId: string): string {
    return this.bus.key(`spot:reply:${processId}`);
  }

  /** Starts listening for replies, and the owner's read loop. */
  start(): void {
    this.stopReplies = this.bus.subscribe(this.replyChannel(this.bus.processId), (msg) => {
      const sep = msg.indexOf(' ');
      const w = this.waiting.get(msg.slice(0, sep));
      if (!w) return; // answered already (a claimed entry applied again), or given up
      this.waiting.delete(msg.slice(0, sep));
      clearTimeout(w.timer);
      w.resolve(decodeResult(msg.slice(sep + 1)));
    });
    this.reader = this.bus.connection();
    this.loop = this.readLoop();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    this.stopReplies?.();
    await this.loop?.catch(() => {});
    this.reader?.disconnect();
    for (const [, w] of this.waiting) {
      clearTimeout(w.timer);
      w.resolve({ ok: false, error: new AppError('SPOT_BUSY') });
    }
    this.waiting.clear();
  }

  /** The caller's side: sends `cmd` to its market's owner and resolves with the reply after its commit. */
  async send(marketId: number, cmd: Command): Promise<CommandResult> {
    const redis = this.bus.redis!;
    const q = randomUUID();
    const timeoutMs = this.ctx.env.SPOT_ROUTE_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    const reply = new Promise<CommandResult>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(q);
        resolve({ ok: false, error: new AppError('SPOT_BUSY') });
      }, timeoutMs + REPLY_GRACE_MS);
      this.waiting.set(q, { resolve, timer });
    });
    try {
      await redis.xadd(
        this.streamKey(marketId),
        '*',
        'c',
        encodeCommand(cmd),
        'r',
        this.bus.processId,
        'q',
        q,
        'd',
        String(deadline),
      );
    } catch (err) {
      const w = this.waiting.get(q);
      if (w) {
        this.waiting.delete(q);
        clearTimeout(w.timer);
      }
      this.ctx.log.error({ err, marketId }, 'spot: a command could not be sent to its owner');
      return { ok: false, error: new AppError('SPOT_BUSY') };
    }
    return reply;
  }

  /**
   * This process now owns `marketId`: claims what a previous owner left pending and applies it first, in
   * stream order, then reads the market's new commands.
   */
  async adopt(marketId: number): Promise<void> {
    const redis = this.bus.redis!;
    const key = this.streamKey(marketId);
    await redis.xgroup('CREATE', key, GROUP, '0', 'MKSTREAM').catch((err: Error) => {
      if (!err.message.includes('BUSYGROUP')) throw err;
    });
    let cursor = '0-0';
    for (;;) {
      const r = (await redis.xautoclaim(key, GROUP, this.bus.processId, 0, cursor, 'COUNT', READ_COUNT)) as [
        string,
        Entry[],
      ];
      const entries = r[1].filter((e): e is Entry => Array.isArray(e) && e[1] !== null);
      if (entries.length > 0)
        this.ctx.log.warn(
          { marketId, entries: entries.length },
          'spot: applying commands a previous owner left',
        );
      this.handle(marketId, key, entries);
      cursor = r[0];
      if (cursor === '0-0') break;
    }
    this.reading.add(marketId);
  }

  /**
   * This process gives `marketId` up: stops reading it, waits for the read under way and for the
   * commands already taken to be committed and answered. What it has not read stays for the next owner.
   */
  async release(marketId: number): Promise<void> {
    this.reading.delete(marketId);
    await this.tick;
    await Promise.all([...(this.inFlight.get(marketId) ?? [])]);
  }

  private async readLoop(): Promise<void> {
    while (!this.isStopped) {
      let done!: () => void;
      this.tick = new Promise<void>((r) => (done = r));
      try {
        await this.readOnce();
      } catch (err) {
        if (!this.isStopped) {
          this.ctx.log.warn({ err: (err as Error).message }, 'spot: reading the command streams failed');
          await new Promise((r) => setTimeout(r, READ_BLOCK_MS));
        }
      } finally {
        done();
      }
    }
  }

  private async readOnce(): Promise<void> {
    const markets = [...this.reading];
    if (markets.length === 0) {
      await new Promise((r) => setTimeout(r, READ_BLOCK_MS));
      return;
    }
    const keys = markets.map((m) => this.streamKey(m));
    const r = (await this.reader!.xreadgroup(
      'GROUP',
      GROUP,
      this.bus.processId,
      'COUNT',
      READ_COUNT,
      'BLOCK',
      READ_BLOCK_MS,
      'STREAMS',
      ...keys,
      ...keys.map(() => '>'),
    )) as [string, Entry[]][] | null;
    for (const [key, entries] of r ?? []) {
      const marketId = markets[keys.indexOf(key)]!;
      // Given up while this read waited: leave them pending for the next owner.
      if (!this.reading.has(marketId)) continue;
      this.handle(marketId, key, entries);
    }
  }

  /** Applies entries in order (each is queued on the committer at once) and answers after each commit. */
  private handle(marketId: number, key: string, entries: Entry[]): void {
    const redis = this.bus.redis!;
    let set = this.inFlight.get(marketId);
    if (!set) this.inFlight.set(marketId, (set = new Set()));
    for (const [id, fields] of entries) {
      const f = new Map<string, string>();
      for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
      const deadline = Number(f.get('d'));
      const result: Promise<CommandResult> =
        Date.now() > deadline
          ? Promise.resolve({ ok: false, error: new AppError('SPOT_BUSY') })
          : this.apply(decodeCommand(f.get('c')!));
      const p = result
        .then(async (res) => {
          await redis.publish(this.replyChannel(f.get('r')!), `${f.get('q')} ${encodeResult(res)}`);
          await redis.multi().xack(key, GROUP, id).xdel(key, id).exec();
        })
        .catch((err: unknown) =>
          this.ctx.log.error({ err, marketId }, 'spot: answering a routed command failed'),
        )
        .finally(() => set.delete(p));
      set.add(p);
    }
  }
}
