/**
 * Seconds options: reading orders and their proofs. Placing one is in submit.ts, settlement in
 * settle.ts; the rules that decide money are in rules.ts; README.md beside this file says how it fits
 * together.
 */
import { formatMinor, formatMinorPlain } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import type { MicroOrderRow, MicroProof, PayableCurrency, SecondsOption } from '@oryx/contracts/micro/calls';
import { MICRO_LIST_LIMIT_MAX } from '@oryx/contracts/micro/calls';
import { parseId } from '@oryx/contracts/wire';
import { AppError, invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { catalogRepo } from '../catalog/repo';
import { ledger } from '../ledger/service';
import type { Db } from '../../db/connection';
import { bpsToPercent, microConfigRepo } from './config';
import { markById } from '../mark/service';
import { microRepo, type MicroOrder } from './repo';
import { RESULT_NAME, type MicroResult } from './rules';
import { lastPage } from '../../lib/paging';

export const SETTLE_JOB = 'micro.settle';
export const LEDGER_REF_TYPE = 'micro_order';

/** What formatting an order needs from its market and paying currency. */
export interface Meta {
  markets: Map<number, { symbol: string; priceDecimals: number; quoteScale: number }>;
  currencies: Map<number, { name: string; scale: number }>;
}

export async function loadMeta(db: Db): Promise<Meta> {
  const [markets, currencies] = await Promise.all([catalogRepo.microMarkets(db), catalogRepo.currencies(db)]);
  return {
    markets: new Map(
      markets.map((m) => [
        m.id,
        {
          symbol: `${m.currency_name}/${m.legal_name}`,
          priceDecimals: m.price_decimals,
          quoteScale: m.legal_scale,
        },
      ]),
    ),
    currencies: new Map(currencies.map((c) => [c.id, { name: c.name, scale: c.scale }])),
  };
}

function priceText(meta: Meta, marketId: number, priceMinor: bigint): string {
  const m = meta.markets.get(marketId);
  invariant(m, `unknown market ${marketId}`);
  // The market's own decimals: prices are on its tick, so nothing is lost.
  return formatMinor(priceMinor, m.quoteScale, Math.min(m.priceDecimals, m.quoteScale));
}

export function orderRow(meta: Meta, o: MicroOrder, nowMs: number): MicroOrderRow {
  const market = meta.markets.get(o.market_id);
  const currency = meta.currencies.get(o.currency_id);
  invariant(market && currency, `order ${o.id}: unknown market or currency`);
  const isClosed = o.status === 3;
  return {
    id: o.id,
    match_id: o.market_id,
    symbol_name: market.symbol,
    seconds: o.seconds,
    number: String(o.number),
    currency_id: o.currency_id,
    currency_name: currency.name,
    type: o.type,
    status: o.status,
    profit_ratio: bpsToPercent(o.profit_ratio_bps),
    open_price: priceText(meta, o.market_id, o.open_price_minor),
    end_price: o.end_price_minor === null ? '' : priceText(meta, o.market_id, o.end_price_minor),
    fee: formatMinorPlain(o.fee_minor, currency.scale),
    fact_profits: o.fact_profits_minor === null ? '' : formatMinorPlain(o.fact_profits_minor, currency.scale),
    remain_milli_seconds: isClosed ? 0 : Math.max(0, o.expires_at - nowMs),
    created_at: formatExchangeTime(o.opened_at),
    opened_at: o.opened_at,
    expires_at: o.expires_at,
    open_trade_id: o.open_trade_id,
    open_trade_time: o.open_trade_at,
    end_trade_id: o.end_trade_id,
    end_trade_time: o.end_trade_at,
    result: o.result === null ? '' : RESULT_NAME[o.result as MicroResult],
  };
}

// --- Reads -----------------------------------------------------------------------------------------

export async function secondsOptions(ctx: AppContext): Promise<SecondsOption[]> {
  return (await microConfigRepo.seconds(ctx.db, true)).map((s) => ({
    seconds: s.seconds,
    profit_ratio: bpsToPercent(s.profit_ratio_bps),
    min_number: s.min_number,
  }));
}

export async function payableCurrencies(ctx: AppContext, userId: number): Promise<PayableCurrency[]> {
  const terms = await microConfigRepo.payable(ctx.db);
  const balances = (await ledger.balances(ctx.db, userId)).filter((b) => b.wallet === 'micro');
  return terms.map((c) => {
    const b = balances.find((x) => x.currencyId === c.currency_id);
    return {
      id: c.currency_id,
      name: c.name,
      is_micro: c.is_micro,
      micro_trade_fee: bpsToPercent(c.fee_bps),
      micro_min: c.min_number,
      micro_max: c.max_number,
      micro_max_open: c.max_open_orders,
      micro_numbers: c.quick_numbers.map((number) => ({ number })),
      user_wallet: {
        micro_balance: formatMinor(b?.availableMinor ?? 0n, c.scale),
        lock_micro_balance: formatMinor(b?.frozenMinor ?? 0n, c.scale),
      },
      // No insurance product (docs/business-rules.md "Seconds options"): the UI hides the section.
      insurance_types: [],
      user_insurance: null,
    };
  });
}

export async function listOrders(
  ctx: AppContext,
  userId: number,
  q: { page: number; status: number; limit: number; match_id?: number },
) {
  const limit = Math.min(Math.max(1, q.limit), MICRO_LIST_LIMIT_MAX);
  // 1 open, 3 closed; 2 ("closing") never lasts in Oryx, so it lists nothing; anything else means open.
  const status = q.status === 3 ? 3 : q.status === 2 ? 2 : 1;
  const { rows, total } =
    status === 2
      ? { rows: [], total: 0 }
      : await microRepo.page(ctx.db, {
          userId,
          status,
          marketId: status === 1 ? q.match_id : undefined,
          offset: (q.page - 1) * limit,
          limit,
        });
  const meta = await loadMeta(ctx.db);
  const now = ctx.clock.now();
  return {
    data: rows.map((o) => orderRow(meta, o, now)),
    current_page: q.page,
    last_page: lastPage(total, limit),
    per_page: limit,
    total,
  };
}

/** The caller's own order; another user's id reads exactly like an unknown one. */
export async function ownOrder(ctx: AppContext, userId: number, rawId: unknown): Promise<MicroOrderRow> {
  const id = parseId(rawId);
  const o = id === null ? undefined : await microRepo.byId(ctx.db, id);
  if (!o || o.user_id !== userId) throw new AppError('MICRO_ORDER_NOT_FOUND');
  return orderRow(await loadMeta(ctx.db), o, ctx.clock.now());
}

async function markProof(ctx: AppContext, meta: Meta, marketId: number, id: number | null) {
  if (id === null) return null;
  const m = await markById(ctx.db, id);
  if (!m) return null;
  const market = meta.markets.get(marketId);
  invariant(market, `unknown market ${marketId}`);
  return {
    id: m.id,
    at_ms: m.at_ms,
    price: priceText(meta, marketId, m.price_minor),
    method: m.method,
    inputs: JSON.parse(m.inputs) as Record<string, unknown>,
    minor_scale: market.quoteScale,
  };
}

/**
 * The proof of a closed order: anyone can check its prices against the mark and trade history; only its
 * owner (`viewerId`) sees the direction, stake and outcome (ids are sequential, so they are not secret).
 */
export async function proofOf(ctx: AppContext, rawId: unknown, viewerId: number | null): Promise<MicroProof> {
  const id = parseId(rawId);
  const o = id === null ? undefined : await microRepo.byId(ctx.db, id);
  if (!o) throw new AppError('MICRO_ORDER_NOT_FOUND');
  if (o.status !== 3 || o.end_price_minor === null || o.end_trade_id === null || o.end_trade_at === null) {
    throw new AppError('MICRO_ORDER_NOT_CLOSED');
  }
  const meta = await loadMeta(ctx.db);
  const row = orderRow(meta, o, ctx.clock.now());
  const isOwner = viewerId !== null && viewerId === o.user_id;
  const own = <T>(v: T): T | null => (isOwner ? v : null);
  return {
    id: o.id,
    match_id: o.market_id,
    symbol_name: row.symbol_name,
    is_owner: isOwner,
    type: own(o.type),
    seconds: o.seconds,
    opened_at: o.opened_at,
    expires_at: o.expires_at,
    open_price: row.open_price,
    open_trade_id: o.open_trade_id,
    open_trade_time: o.open_trade_at,
    end_price: row.end_price,
    end_trade_id: o.end_trade_id,
    end_trade_time: o.end_trade_at,
    number: own(row.number),
    currency_name: own(row.currency_name),
    profit_ratio: own(row.profit_ratio),
    fee: own(row.fee),
    fact_profits: own(row.fact_profits),
    result: own(RESULT_NAME[o.result as MicroResult]),
    open_mark: await markProof(ctx, meta, o.market_id, o.open_mark_id),
    end_mark: await markProof(ctx, meta, o.market_id, o.end_mark_id),
    rule:
      'open_price and end_price are the mark price at opened_at and at expires_at (open_mark, end_mark; ' +
      'docs/mark-price.md): the time-weighted impact mid of the order book snapshots in the window before ' +
      'that moment, each clipped to a band around their median, blended with the window trades (clipped, ' +
      'one account capped), rounded to the tick; with no data the documented fallbacks apply. ' +
      '*_trade_id / *_trade_time name the last spot trade at that moment, for reference. Up (type 1) wins ' +
      'when end > open, down (type 2) when end < open; equal is a draw. A win pays the stake back plus ' +
      'stake x profit_ratio % rounded down, a draw the stake, a loss nothing. The fee was charged at ' +
      'opening and is never refunded.',
  };
}
