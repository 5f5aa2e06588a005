/**
 * 24-hour tickers: one in-memory entry per market (last price, 24 h open, high, low, volume), the source
 * of every price the quotation calls and the `daymarket` socket event show.
 *
 * THE SEAM FOR SPOT. Until spot trading reports anything, a market's ticker is its reference price with
 * zero change and zero volume. The spot area calls `updateTicker(ctx, marketId, stats)` after each
 * committed trade (or each rolling 24 h recomputation); that stores the stats and pushes `daymarket` to
 * every socket. Everything here is bigint minor units: prices at the quote currency's scale, volume at the
 * base currency's scale. See README.md beside this file.
 *
 * The registry is one app's service (`ctx.services.market.tickers`, built by module.ts), so several apps
 * in one process (tests) never share it. With
 * several server processes, each market's ticker is fed by the process that runs the spot engine.
 */
import { formatMinor, mulDiv } from '@oryx/contracts/money';
import type { DayMarketEvent } from '@oryx/contracts/socket';
import type { Timer } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { catalogRepo, type MarketRow } from '../catalog/repo';

export interface TickerStats {
  /** Last trade price, minor units of the quote currency. */
  last: bigint;
  /** Price at the start of the 24 h window; the change percent is measured from it. */
  open: bigint;
  high: bigint;
  low: bigint;
  /** Amount traded in the 24 h window, minor units of the base currency. */
  volume: bigint;
}

export type TickerSource = 'reference' | 'spot';

export interface Ticker extends TickerStats {
  marketId: number;
  /** (last - open) / open in hundredths of a percent (basis points), rounded half away from zero. */
  changeBps: bigint;
  /** 'reference' until the spot area first calls updateTicker for the market. */
  source: TickerSource;
  updatedAtMs: number;
}

/** A partial update: fields left out keep their value; a new `last` widens high / low when needed. */
export type TickerUpdate = Partial<TickerStats>;

/** At most one `daymarket` per market per this interval; the latest state is sent at the end of it. */
export const DAYMARKET_MIN_INTERVAL_MS = 250;

/** Every market's ticker of one app (`ctx.services.market.tickers`). */
export interface TickerRegistry {
  metas: Map<number, MarketRow>;
  tickers: Map<number, Ticker>;
  loading: Promise<void> | null;
  lastPublishAt: Map<number, number>;
  pending: Map<number, Timer>;
}

/** An empty registry: markets load on first use. */
export function newTickerRegistry(): TickerRegistry {
  return {
    metas: new Map(),
    tickers: new Map(),
    loading: null,
    lastPublishAt: new Map(),
    pending: new Map(),
  };
}

function referenceTicker(meta: MarketRow, now: number): Ticker {
  const p = meta.reference_price_minor;
  return {
    marketId: meta.id,
    last: p,
    open: p,
    high: p,
    low: p,
    volume: 0n,
    changeBps: 0n,
    source: 'reference',
    updatedAtMs: now,
  };
}

/** Loads (or reloads) market metadata; tickers already known keep their state. */
async function load(ctx: AppContext, r: TickerRegistry): Promise<void> {
  if (!r.loading) {
    r.loading = (async () => {
      const rows = await catalogRepo.quotationMarkets(ctx.db);
      const now = ctx.clock.now();
      for (const row of rows) {
        r.metas.set(row.id, row);
        if (!r.tickers.has(row.id)) r.tickers.set(row.id, referenceTicker(row, now));
      }
    })().finally(() => {
      r.loading = null;
    });
  }
  await r.loading;
}

async function ensureMarket(ctx: AppContext, marketId: number): Promise<TickerRegistry> {
  const r = ctx.services.market.tickers;
  // An unknown id may be a market added since the last load: reload once before giving up.
  if (!r.metas.has(marketId)) await load(ctx, r);
  return r;
}

export function changeBps(last: bigint, open: bigint): bigint {
  if (open <= 0n) return 0n;
  return mulDiv(last - open, 10_000n, open, 'half-up');
}

/** '+1.25', '-0.40', '0.00' from basis points. */
export function formatChange(bps: bigint): string {
  const sign = bps > 0n ? '+' : bps < 0n ? '-' : '';
  const abs = bps < 0n ? -bps : bps;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The wire form of a ticker: prices at the market's price decimals, volume at its amount decimals. */
export function tickerWire(meta: MarketRow, t: Ticker) {
  const price = (v: bigint) =>
    formatMinor(v, meta.legal_scale, Math.min(meta.price_decimals, meta.legal_scale));
  return {
    now_price: price(t.last),
    change: formatChange(t.changeBps),
    high: price(t.high),
    low: price(t.low),
    volume: formatMinor(t.volume, meta.currency_scale, Math.min(meta.amount_decimals, meta.currency_scale)),
  };
}

export function dayMarketEvent(meta: MarketRow, t: Ticker): DayMarketEvent {
  return {
    type: 'daymarket',
    legal_id: meta.legal_id,
    currency_id: meta.currency_id,
    legal_name: meta.legal_name,
    currency_name: meta.currency_name,
    symbol: `${meta.currency_name}/${meta.legal_name}`,
    ...tickerWire(meta, t),
  };
}

/** The current ticker of a market (its reference price until spot reports), or undefined if no such market. */
export async function getTicker(ctx: AppContext, marketId: number): Promise<Ticker | undefined> {
  const r = await ensureMarket(ctx, marketId);
  return r.tickers.get(marketId);
}

/** Every market's ticker with its metadata, in the quotation order (quote group, then market sort). */
export async function getTickers(ctx: AppContext): Promise<{ meta: MarketRow; ticker: Ticker }[]> {
  const r = ctx.services.market.tickers;
  if (r.metas.size === 0) await load(ctx, r);
  const out: { meta: MarketRow; ticker: Ticker }[] = [];
  for (const [id, meta] of r.metas) {
    const ticker = r.tickers.get(id);
    if (ticker) out.push({ meta, ticker });
  }
  return out;
}

function publishNow(ctx: AppContext, r: TickerRegistry, marketId: number): void {
  const meta = r.metas.get(marketId);
  const t = r.tickers.get(marketId);
  if (!meta || !t) return;
  r.lastPublishAt.set(marketId, ctx.clock.now());
  ctx.realtime.toAll('daymarket', dayMarketEvent(meta, t));
}

// Throttling runs on the context's clock and its timers: a test moves it on by advancing its manual clock.
function publish(ctx: AppContext, r: TickerRegistry, marketId: number): void {
  if (r.pending.has(marketId)) return; // the trailing send will carry the latest state
  const since = ctx.clock.now() - (r.lastPublishAt.get(marketId) ?? -Infinity);
  if (since >= DAYMARKET_MIN_INTERVAL_MS) return publishNow(ctx, r, marketId);
  // At most one interval even when the clock was set back since the last send.
  const waitMs = Math.min(DAYMARKET_MIN_INTERVAL_MS, DAYMARKET_MIN_INTERVAL_MS - since);
  const timer = ctx.clock.setTimeout(() => {
    r.pending.delete(marketId);
    publishNow(ctx, r, marketId);
  }, waitMs);
  r.pending.set(marketId, timer);
}

/**
 * Stores new 24 h stats for a market and pushes `daymarket` (throttled per market). Called by the spot
 * area after a committed trade, and by the operator's reference-price call while a market has no trades.
 * Throws on an unknown market or a negative value.
 */
export async function updateTicker(
  ctx: AppContext,
  marketId: number,
  update: TickerUpdate,
  source: TickerSource = 'spot',
  opts: { push?: boolean } = {},
): Promise<Ticker> {
  const r = await ensureMarket(ctx, marketId);
  const prev = r.tickers.get(marketId);
  if (!prev) throw new Error(`updateTicker: unknown market ${marketId}`);
  for (const [k, v] of Object.entries(update)) {
    if (typeof v !== 'bigint' || v < 0n)
      throw new RangeError(`updateTicker: ${k} must be a non-negative bigint`);
  }
  const last = update.last ?? prev.last;
  const open = update.open ?? prev.open;
  const next: Ticker = {
    marketId,
    last,
    open,
    high: update.high ?? (last > prev.high ? last : prev.high),
    low: update.low ?? (last < prev.low || prev.low === 0n ? last : prev.low),
    volume: update.volume ?? prev.volume,
    changeBps: changeBps(last, open),
    source,
    updatedAtMs: ctx.clock.now(),
  };
  r.tickers.set(marketId, next);
  // A process that serves a market another process owns stores the owner's ticker without pushing it:
  // the owner's push reaches every process's sockets already.
  if (opts.push !== false) publish(ctx, r, marketId);
  return next;
}

/**
 * The operator changed a market's reference price. While the market has no spot ticker the reference
 * ticker follows it (the 24 h open stays, so the change shows the move); once spot has reported, trades
 * alone set the price and only the stored metadata changes.
 */
export async function onReferencePriceChanged(
  ctx: AppContext,
  marketId: number,
  priceMinor: bigint,
): Promise<Ticker> {
  const r = await ensureMarket(ctx, marketId);
  const meta = r.metas.get(marketId);
  const t = r.tickers.get(marketId);
  if (!meta || !t) throw new Error(`onReferencePriceChanged: unknown market ${marketId}`);
  r.metas.set(marketId, { ...meta, reference_price_minor: priceMinor });
  if (t.source !== 'reference') return t;
  return updateTicker(ctx, marketId, { last: priceMinor }, 'reference');
}
