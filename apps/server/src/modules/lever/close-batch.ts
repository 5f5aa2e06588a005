/**
 * Closing many open positions at once (the risk loop's liquidations and stops of one tick, a user's
 * close or batch close): one transaction per chunk of up to CHUNK_POSITIONS positions, whatever their
 * owners. In it: the rows are read again and locked (only those still open are closed, so a close racing
 * another closes once), each market's mark is recorded once, the money moves through one LedgerBatch
 * (one balance write per account, the journal in multi-row inserts) and the rows are closed in multi-row
 * updates. A user's positions stay in one chunk and close profits first, so their profit pays a loss.
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { bulkRun } from '../../lib/bulk-sql';
import { runInTransaction } from '../../db/transaction';
import { LedgerBatch } from '../ledger/batch';
import { userAccount } from '../ledger/service';
import { recordMark, type MarkPoint } from '../mark/service';
import { notify, type Notice } from '../notifications/service';
import { closeMovements, type CloseReason } from './positions';
import type { LeverOrder } from './repo';
import { pnlOf, type LeverType } from './rules';
import { leverRepo } from './repo';

/** Positions per transaction: big enough to amortise, small enough to keep a transaction short. */
export const CHUNK_POSITIONS = 2_000;
const IDS_PER_READ = 500;

export interface CloseTarget {
  id: number;
  userId: number;
  reason: CloseReason;
}

export interface CloseAt {
  /** The mark of each market the targets are on (markets without one are skipped by the caller). */
  points: Map<number, MarkPoint>;
  baseScales: Map<number, number>;
  at: number;
}

/** Targets cut into chunks, each owner's targets in one chunk, in the order given. */
function chunksOf(targets: CloseTarget[]): CloseTarget[][] {
  const byUser = new Map<number, CloseTarget[]>();
  for (const t of targets) {
    const list = byUser.get(t.userId);
    if (list) list.push(t);
    else byUser.set(t.userId, [t]);
  }
  const chunks: CloseTarget[][] = [];
  let cur: CloseTarget[] = [];
  for (const list of byUser.values()) {
    if (cur.length > 0 && cur.length + list.length > CHUNK_POSITIONS) {
      chunks.push(cur);
      cur = [];
    }
    cur.push(...list);
  }
  if (cur.length > 0) chunks.push(cur);
  return chunks;
}

/** The targets' rows still open, read in this transaction (locked on PostgreSQL). */
async function lockOpen(trx: Transaction<Database>, ctx: AppContext, ids: number[]): Promise<LeverOrder[]> {
  const rows: LeverOrder[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    rows.push(
      ...(await leverRepo.openByIds(trx, ids.slice(i, i + IDS_PER_READ), ctx.dialect === 'postgres')),
    );
  }
  return rows;
}

/** Orders rows by owner and currency, then the highest P/L first (ties by id). */
const profitsFirst = (pnl: Map<number, bigint>) => (a: LeverOrder, b: LeverOrder) => {
  if (a.user_id !== b.user_id) return a.user_id - b.user_id;
  if (a.legal_id !== b.legal_id) return a.legal_id - b.legal_id;
  const pa = pnl.get(a.id)!;
  const pb = pnl.get(b.id)!;
  return pb > pa ? 1 : pb < pa ? -1 : a.id - b.id;
};

const pnlAt = (o: LeverOrder, markMinor: bigint, baseScale: number) =>
  pnlOf(o.type as LeverType, o.price_minor, markMinor, o.number_minor, baseScale);

interface ChunkResult {
  /** The rows it closed, as closed. */
  closed: LeverOrder[];
  /** Targets that were no longer open (closed or revoked by someone else meanwhile). */
  gone: number[];
}

/** The rows closed, in multi-row updates (each only if still open: the rows are locked, so all are). */
async function markClosed(trx: Transaction<Database>, ctx: AppContext, closed: LeverOrder[], at: number) {
  const updated = await bulkRun(
    trx,
    ctx.dialect,
    'WITH v(id, cp, mid, pnl, reason, at) AS (VALUES ',
    '(CAST(? AS INTEGER), CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS BIGINT))',
    `) UPDATE lever_orders
           SET status = 3, close_price_minor = v.cp, close_mark_id = v.mid, profits_minor = v.pnl,
               close_reason = v.reason, closed_at = v.at
          FROM v
         WHERE lever_orders.id = v.id AND lever_orders.status = 1`,
    closed.map((o) => [o.id, o.close_price_minor, o.close_mark_id, o.profits_minor, o.close_reason, at]),
  );
  invariant(updated === closed.length, 'lever: a position changed while it was being closed');
}

/** The owner hears of a close they did not ask for: a stop, a take-profit, a liquidation. */
function closeNotice(o: LeverOrder): Notice[] {
  const kind = AUTO_CLOSE_KINDS[o.close_reason ?? ''];
  if (!kind) return [];
  const money = { currencyId: o.legal_id, minor: o.profits_minor ?? 0n };
  return [{ userId: o.user_id, kind, params: { id: o.id }, money, marketId: o.market_id }];
}
const AUTO_CLOSE_KINDS: Record<string, Notice['kind'] | undefined> = {
  stop_loss: 'lever.stop_loss',
  take_profit: 'lever.take_profit',
  liquidation: 'lever.liquidation',
};

/** One chunk in one transaction. */
async function closeChunk(ctx: AppContext, chunk: CloseTarget[], c: CloseAt): Promise<ChunkResult> {
  const reasons = new Map(chunk.map((t) => [t.id, t.reason]));
  return runInTransaction(ctx.db, async (trx) => {
    const open = await lockOpen(trx, ctx, [...reasons.keys()]);
    const found = new Set(open.map((o) => o.id));
    const gone = chunk.filter((t) => !found.has(t.id)).map((t) => t.id);
    const rows = open.filter((o) => c.points.has(o.market_id));
    if (rows.length === 0) return { closed: [], gone };
    const marks = new Map<number, { id: number; priceMinor: bigint }>();
    for (const marketId of new Set(rows.map((o) => o.market_id))) {
      marks.set(marketId, await recordMark(trx, c.points.get(marketId)!, c.at));
    }
    const pnl = new Map(
      rows.map((o) => [
        o.id,
        pnlAt(o, marks.get(o.market_id)!.priceMinor, c.baseScales.get(o.market_id) ?? 8),
      ]),
    );
    // Per owner and currency, profits first; the ledger batch keeps each wallet's running balance.
    rows.sort(profitsFirst(pnl));
    const batch = new LedgerBatch(trx, ctx.dialect, c.at);
    const wallets = new Map(rows.map((o) => [`${o.user_id}:${o.legal_id}`, o]));
    await batch.preload(
      [...wallets.values()].map((o) => ({
        account: userAccount(o.user_id, 'lever'),
        currencyId: o.legal_id,
      })),
    );
    const closed: LeverOrder[] = [];
    for (const o of rows) {
      const account = userAccount(o.user_id, 'lever');
      const available = batch.balanceOf(account, o.legal_id)!.availableMinor;
      await closeMovements(batch, o, pnl.get(o.id)!, available, c.at);
      const mark = marks.get(o.market_id)!;
      closed.push({
        ...o,
        status: 3,
        close_price_minor: mark.priceMinor,
        close_mark_id: mark.id,
        profits_minor: pnl.get(o.id)!,
        close_reason: reasons.get(o.id)!,
        closed_at: c.at,
      });
    }
    await markClosed(trx, ctx, closed, c.at);
    await notify(trx, closed.flatMap(closeNotice), c.at);
    await batch.flush();
    return { closed, gone };
  });
}

/**
 * Closes the targets that are still open at the marks in `c`; returns the rows closed (the index has
 * dropped them). A chunk that fails rolls back alone; `onChunkError` decides what then (the risk loop
 * retries its positions one by one so one bad row cannot hold back the others; calls rethrow).
 */
export async function closeMany(
  ctx: AppContext,
  targets: CloseTarget[],
  c: CloseAt,
  onChunkError: (err: unknown, chunk: CloseTarget[]) => Promise<ChunkResult> = (err) => Promise.reject(err),
): Promise<LeverOrder[]> {
  const book = ctx.services.lever.book;
  const out: LeverOrder[] = [];
  for (const chunk of chunksOf(targets)) {
    let r: ChunkResult;
    try {
      r = await closeChunk(ctx, chunk, c);
    } catch (err) {
      r = await onChunkError(err, chunk);
    }
    for (const id of r.gone) book.drop(id);
    for (const o of r.closed) book.drop(o.id);
    out.push(...r.closed);
  }
  return out;
}

/** `closeMany`, retrying a failed chunk's positions one by one (the risk loop). */
export function closeManyResilient(
  ctx: AppContext,
  targets: CloseTarget[],
  c: CloseAt,
): Promise<LeverOrder[]> {
  return closeMany(ctx, targets, c, async (err, chunk) => {
    ctx.log.error({ err, positions: chunk.length }, 'lever: batched close failed; closing one by one');
    const out: ChunkResult = { closed: [], gone: [] };
    for (const t of chunk) {
      try {
        const r = await closeChunk(ctx, [t], c);
        out.closed.push(...r.closed);
        out.gone.push(...r.gone);
      } catch (e) {
        ctx.log.error({ err: e, id: t.id }, 'lever: close failed');
      }
    }
    return out;
  });
}
