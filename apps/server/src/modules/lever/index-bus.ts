/**
 * The index of live orders (book.ts) across server processes. Each process keeps its own index, and
 * an order may be placed, closed or changed through any of them, while only the owner of a market runs
 * its risk loop (risk.ts). So, when the cluster's bus is shared (Redis), every change this process's
 * writers make is published after its commit on `lever:index`, and every other process re-reads those
 * rows from the table and applies them to its index. Without a shared bus there is one process: nothing
 * is published nor heard.
 *
 * - A message is `{ from, changes: [[id, 'put' | 'drop'], ...], reload? }`: the changes of one turn of
 *   this process (a tick's batch closes go in a few messages, not one per position), at most
 *   `CHANGES_PER_MESSAGE_MAX` each. `reload`: the overnight job changed margins in place.
 * - A process ignores its own messages (`from` is the bus's processId).
 * - Received messages are applied one after the other, each one's rows read in one query, so a later
 *   change is never undone by an earlier one read late. A `drop` is applied as is (a closed or revoked
 *   order stays so); a `put` takes the row as the table has it now (no longer live: dropped).
 * - The inbox holds at most `INBOX_MAX` messages: past it, or when a read fails, the index reloads
 *   from the table instead (`invalidate`), which covers everything the messages said.
 *
 * - At start (module.ts) the subscription is live (`bus.subscribed()`) before the index's first load, so
 *   a change committed elsewhere meanwhile is in the load or heard (queued during it).
 *
 * The table stays the truth: the risk loop's periodic reload (INDEX_RELOAD_MS) catches anything missed,
 * and every action re-reads its rows, locked, in its transaction.
 */
import type { AppContext } from '../../lib/context';
import type { IndexWrite } from './book';
import { leverRepo } from './repo';

/** The bus channel (inside the cluster's namespace, `bus.key`). */
export const INDEX_CHANNEL = 'lever:index';
export const CHANGES_PER_MESSAGE_MAX = 1_000;
/** Messages waiting to be applied; past it the index reloads from the table instead. */
export const INBOX_MAX = 1_000;

export interface IndexMessage {
  /** The publishing process (`bus.processId`). */
  from: string;
  changes: [number, 'put' | 'drop'][];
  /** The index reloads (margins changed in place). */
  reload?: boolean;
}

function parse(raw: string): IndexMessage | null {
  try {
    const m = JSON.parse(raw) as Partial<IndexMessage>;
    if (typeof m.from !== 'string' || !Array.isArray(m.changes)) return null;
    const isChange = (c: unknown) =>
      Array.isArray(c) && Number.isSafeInteger(c[0]) && (c[1] === 'put' || c[1] === 'drop');
    if (!m.changes.every(isChange)) return null;
    return { from: m.from, changes: m.changes, reload: m.reload === true };
  } catch {
    return null;
  }
}

/** This process's writes, published together once the turn's synchronous work is done; returns the stop. */
function publishWrites(ctx: AppContext, channel: string): () => void {
  const bus = ctx.services.cluster.bus;
  const book = ctx.services.lever.book;
  let outgoing: [number, 'put' | 'drop'][] = [];
  let isReloadOut = false;
  let isFlushQueued = false;
  const flush = () => {
    isFlushQueued = false;
    const chunks: [number, 'put' | 'drop'][][] = [];
    for (let i = 0; i < outgoing.length; i += CHANGES_PER_MESSAGE_MAX)
      chunks.push(outgoing.slice(i, i + CHANGES_PER_MESSAGE_MAX));
    if (chunks.length === 0 && isReloadOut) chunks.push([]);
    chunks.forEach((changes, i) => {
      const m: IndexMessage = { from: bus.processId, changes };
      if (i === 0 && isReloadOut) m.reload = true;
      bus.publish(channel, JSON.stringify(m));
    });
    outgoing = [];
    isReloadOut = false;
  };
  book.onWrite = (w: IndexWrite) => {
    if (w.kind === 'reload') isReloadOut = true;
    else outgoing.push([w.id, w.kind]);
    if (!isFlushQueued) {
      isFlushQueued = true;
      queueMicrotask(flush);
    }
  };
  return () => {
    book.onWrite = null;
    if (isFlushQueued) flush();
  };
}

/** One message of another process, applied to this process's index. */
async function apply(ctx: AppContext, m: IndexMessage): Promise<void> {
  const book = ctx.services.lever.book;
  if (m.reload) book.invalidate();
  if (!book.isTakingChanges) return; // not loaded: the next load reads the table
  const putIds = [...new Set(m.changes.filter((c) => c[1] === 'put').map((c) => c[0]))];
  const rows = new Map((await leverRepo.byIds(ctx.db, putIds)).map((r) => [r.id, r]));
  for (const [id, kind] of m.changes) {
    const row = kind === 'put' ? rows.get(id) : undefined;
    book.learn(row ? { kind: 'put', row } : { kind: 'drop', id });
  }
}

/** The other processes' messages, applied one after the other; returns the stop. */
function applyOthers(ctx: AppContext, channel: string): () => Promise<void> {
  const bus = ctx.services.cluster.bus;
  const book = ctx.services.lever.book;
  const inbox: IndexMessage[] = [];
  let draining: Promise<void> | null = null;
  const drain = async () => {
    try {
      for (let m = inbox.shift(); m; m = inbox.shift()) {
        try {
          await apply(ctx, m);
        } catch (err) {
          ctx.log.error(
            { err },
            'lever: applying another server’s index changes failed; reloading the index',
          );
          book.invalidate();
        }
      }
    } finally {
      draining = null;
    }
  };
  const stopListening = bus.subscribe(channel, (raw) => {
    const m = parse(raw);
    if (!m) return void ctx.log.warn('lever: an unreadable index message was ignored');
    if (m.from === bus.processId) return;
    if (inbox.length >= INBOX_MAX) {
      inbox.length = 0;
      book.invalidate();
      return void ctx.log.warn('lever: too many index changes waiting; reloading the index instead');
    }
    inbox.push(m);
    draining ??= drain();
  });
  return async () => {
    stopListening();
    inbox.length = 0;
    await draining;
  };
}

/**
 * Publishes this process's index changes and applies the other processes' (lever's `start`, module.ts);
 * returns the stop. Does nothing when the bus is not shared.
 */
export function shareIndex(ctx: AppContext): () => Promise<void> {
  const bus = ctx.services.cluster.bus;
  if (!bus.isShared) return async () => {};
  const channel = bus.key(INDEX_CHANNEL);
  const stopPublishing = publishWrites(ctx, channel);
  const stopApplying = applyOthers(ctx, channel);
  return async () => {
    stopPublishing();
    await stopApplying();
  };
}
