/** Lever reads: the deal page, open positions with the risk rate, the status tabs, and the push body. */
import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { LEVER_PAGE_SIZE, type LeverOrderRow } from '@oryx/contracts/lever/calls';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { ledger, userAccount } from '../ledger/service';
import { bpsToPercent, leverTerms, termsOfPair, type LeverTerms } from './config';
import { markConfig } from '../mark/config';
import { maxMultipleOf } from './limits';
import { leverRepo, type LeverOrder } from './repo';
import { orderRow, plain, profitOf } from './rows';
import { groupLevelBps, riskRateBps } from './rules';
import { usersRepo } from '../users/repo';
import { catalogRepo } from '../catalog/repo';

export interface Snapshot {
  terms: Map<number, LeverTerms>;
  marks: Map<number, bigint>;
}

/** Terms of every lever market and the marks now of the markets in `marketIds`. */
export async function snapshot(ctx: AppContext, marketIds: Iterable<number>): Promise<Snapshot> {
  const terms = new Map((await leverTerms(ctx.db)).map((t) => [t.marketId, t]));
  const marks = new Map<number, bigint>();
  const now = ctx.clock.now();
  for (const id of new Set(marketIds)) {
    const p = await ctx.services.mark.prices.markAt(ctx.db, id, now);
    if (p.method !== 'none') marks.set(id, p.priceMinor);
  }
  return { terms, marks };
}

/** Terms and marks of every lever market: one snapshot shared by the pushes of a batch. */
export async function snapshotOfAll(ctx: AppContext): Promise<Snapshot> {
  return snapshot(
    ctx,
    (await leverTerms(ctx.db)).map((t) => t.marketId),
  );
}

/**
 * A user's risk in one quote currency: open positions, pending orders, the rate and the P/L. `live`: the
 * user's live orders when the caller has them (the push reads them from the index), else the table's;
 * `shared`: a snapshot of every lever market taken for a batch of pushes (`snapshotOfAll`).
 */
export async function userRisk(
  ctx: AppContext,
  userId: number,
  legalId: number,
  live?: LeverOrder[],
  shared?: Snapshot,
) {
  live ??= await leverRepo.liveOf(ctx.db, userId, legalId);
  const snap =
    shared ??
    (await snapshot(
      ctx,
      live.map((o) => o.market_id),
    ));
  const open = live.filter((o) => o.status === 1);
  let margin = 0n;
  let pnl = 0n;
  // Each position at the level it opened under (a terms change never moves an open position's).
  let requirement = 0n;
  for (const o of open) {
    const t = snap.terms.get(o.market_id)!;
    margin += o.margin_minor;
    pnl += profitOf(o, t, snap.marks.get(o.market_id));
    requirement += o.margin_minor * BigInt(o.liquidation_rate_bps);
  }
  const balance = (await ledger.balance(ctx.db, userAccount(userId, 'lever'), legalId)).availableMinor;
  const scale = (await catalogRepo.currency(ctx.db, legalId))?.scale ?? 8;
  return {
    live,
    open,
    snap,
    scale,
    pnlMinor: pnl,
    balanceMinor: balance,
    hazardRate: open.length === 0 ? '0' : formatMinor(riskRateBps(balance, margin, pnl), 2),
    levelBps: Number(groupLevelBps(margin, requirement)),
  };
}

const rowsOf = (os: LeverOrder[], s: Snapshot, locale: string): LeverOrderRow[] =>
  os.map((o) => orderRow(o, s.terms, s.marks, locale));

/**
 * The `lever_trade` push body for a user and quote currency: the live orders from the in-memory index,
 * `status_name` in the user's language (`users.lang`, set by `set/lang`).
 */
export async function pushBody(ctx: AppContext, userId: number, legalId: number, shared?: Snapshot) {
  const book = ctx.services.lever.book;
  await book.ready();
  const r = await userRisk(ctx, userId, legalId, book.ofOwner(userId, legalId), shared);
  const user = await usersRepo.byId(ctx.db, userId);
  const locale = user?.lang || 'en';
  const profits = plain(r.pnlMinor, r.scale);
  return {
    type: 'lever_trade' as const,
    to: userId,
    legal_id: legalId,
    hazard_rate: r.hazardRate,
    profits_all: profits,
    profits,
    trades_all: JSON.stringify(rowsOf(r.open, r.snap, locale)),
    trades_entrust: rowsOf(
      r.live.filter((o) => o.status === 0),
      r.snap,
      locale,
    ),
  };
}

export async function dealAll(
  ctx: AppContext,
  userId: number,
  q: { legal_id: number; currency_id: number; page: number },
  locale: string,
) {
  if (!q.legal_id) throw new AppError('LEVER_MARKET_CLOSED');
  const r = await userRisk(ctx, userId, q.legal_id);
  const market = q.currency_id ? await termsOfPair(ctx.db, q.legal_id, q.currency_id) : undefined;
  const listed = market ? r.open.filter((o) => o.market_id === market.marketId) : r.open;
  const offset = (q.page - 1) * LEVER_PAGE_SIZE;
  const listedPnl = listed.reduce(
    (a, o) => a + profitOf(o, r.snap.terms.get(o.market_id)!, r.snap.marks.get(o.market_id)),
    0n,
  );
  return {
    order: {
      data: rowsOf(listed.slice(offset, offset + LEVER_PAGE_SIZE), r.snap, locale),
      current_page: q.page,
      last_page: lastPage(listed.length, LEVER_PAGE_SIZE),
      per_page: LEVER_PAGE_SIZE,
      total: listed.length,
    },
    hazard_rate: r.hazardRate,
    profits_total: plain(r.pnlMinor, r.scale),
    profits: plain(listedPnl, r.scale),
    liquidation_rate: bpsToPercent(r.levelBps),
  };
}

export async function myTrade(
  ctx: AppContext,
  userId: number,
  q: { status: number; legal_id: number; currency_id: number; page: number },
  locale: string,
) {
  const status = [0, 1, 2, 3, 4].includes(q.status) ? q.status : 1;
  const market =
    q.legal_id && q.currency_id ? await termsOfPair(ctx.db, q.legal_id, q.currency_id) : undefined;
  const { rows, total } = await leverRepo.page(ctx.db, {
    userId,
    statuses: [status],
    legalId: q.legal_id || undefined,
    marketId: market?.marketId,
    offset: (q.page - 1) * LEVER_PAGE_SIZE,
    limit: LEVER_PAGE_SIZE,
  });
  const snap = await snapshot(
    ctx,
    rows.filter((o) => o.status === 1).map((o) => o.market_id),
  );
  return {
    message: {
      data: rowsOf(rows, snap, locale),
      current_page: q.page,
      last_page: lastPage(total, LEVER_PAGE_SIZE),
      per_page: LEVER_PAGE_SIZE,
      total,
    },
  };
}

type Level = { price: string; number: string };

/**
 * 8 levels a side of the spot book: `in` best bid first, `out` highest first with the best ask last (the
 * order `transaction/deal` uses, which clients of this API family show without reversing).
 */
function bookOf(bids: Level[], asks: Level[], scale: number) {
  const key = (l: Level) => parseDecimal(l.price, scale, { allowZero: true });
  const cmp = (a: Level, b: Level) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return {
    in: [...bids].sort((a, b) => cmp(b, a)).slice(0, BOOK_LEVELS),
    out: [...asks].sort(cmp).slice(0, BOOK_LEVELS).reverse(),
  };
}
const BOOK_LEVELS = 8;

/** The deal page of one market: terms, balance, the mark, 8 levels of the spot book, my orders there. */
export async function deal(
  ctx: AppContext,
  userId: number,
  q: { legal_id: number; currency_id: number },
  locale: string,
) {
  const t = q.legal_id && q.currency_id ? await termsOfPair(ctx.db, q.legal_id, q.currency_id) : undefined;
  if (!t || !t.isOpen) throw new AppError('LEVER_MARKET_CLOSED');
  const live = (await leverRepo.liveOf(ctx.db, userId, t.legalId)).filter((o) => o.market_id === t.marketId);
  const snap = await snapshot(ctx, [t.marketId]);
  const mark = snap.marks.get(t.marketId);
  const balance = (await ledger.balance(ctx.db, userAccount(userId, 'lever'), t.legalId)).availableMinor;
  const book = ctx.services.spot.engine.deal({ legal_id: t.legalId, currency_id: t.currencyId });
  const q8 = (v: bigint) => formatMinor(v, t.quoteScale);
  // Only the multiples whose liquidation move is at least the mark's band are offered (limits.ts).
  const maxMultiple = maxMultipleOf(t.liquidationRateBps, (await markConfig(ctx.db, t.marketId)).bandBps);
  return {
    match_id: t.marketId,
    legal_id: t.legalId,
    currency_id: t.currencyId,
    symbol: t.symbol,
    multiple: {
      muit: t.multiples.filter((value) => value <= maxMultiple).map((value) => ({ value })),
      share: t.sharePresets.map((value) => ({ value })),
    },
    lever_share_limit: { min: t.minShare, max: t.maxShare },
    lever_share_num: plain(t.shareNumMinor, t.baseScale),
    spread: bpsToPercent(t.spreadBps),
    lever_trade_fee: bpsToPercent(t.feeBps),
    overnight: bpsToPercent(t.overnightBps),
    liquidation_rate: bpsToPercent(t.liquidationRateBps),
    all_levers: q8(balance),
    user_lever: q8(balance),
    last_price: mark === undefined ? '0' : plain(mark, t.quoteScale),
    lever_transaction: bookOf(book?.in ?? [], book?.out ?? [], t.quoteScale),
    my_transaction: rowsOf(live, snap, locale).map((r) => ({
      id: r.id,
      type: r.type,
      price: r.price,
      number: String(r.share),
      origin_caution_money: r.origin_caution_money,
      profits: r.profits,
      status: r.status,
      stop_loss_price: r.stop_loss_price,
      target_profit_price: r.target_profit_price,
      time: r.transaction_time || r.create_time,
    })),
  };
}
