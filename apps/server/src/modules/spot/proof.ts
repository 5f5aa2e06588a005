/**
 * The record of one spot trade (SpotTradeProofCall): read only. Everything in it is what the committer
 * wrote in the trade's batch: the trade row and its two orders, so anyone can check the price against
 * the book's rule (a trade takes the resting maker order's price). The caller's part goes to its two
 * parties only.
 */
import type { SpotTradeProof } from '@oryx/contracts/spot/proof';
import { AppError, invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { formatMinorPlain } from '@oryx/contracts/money';
import type { SpotMarket } from './markets';
import { spotRepo } from './repo';

// Values without trailing zeros ('3400', '0.2'): the record states them, it does not show them at a width.
const baseText = (m: SpotMarket, v: bigint) => formatMinorPlain(v, m.baseScale);
const quoteText = (m: SpotMarket, v: bigint) => formatMinorPlain(v, m.quoteScale);

type OrderRow = NonNullable<Awaited<ReturnType<typeof spotRepo.order>>>;

const RULE =
  'Price-time priority: the incoming (taker) order matches the best resting (maker) order first, at the ' +
  "maker's price; among orders at one price the earliest first. Amount and total are the fill's; fees are " +
  'charged in the currency each side receives.';

function orderProof(m: SpotMarket, o: OrderRow) {
  const isMarket = o.kind === 1;
  return {
    id: o.id,
    kind: isMarket ? ('market' as const) : ('limit' as const),
    price: isMarket ? '0' : quoteText(m, o.price_minor),
    placed_at: o.created_at,
  };
}

export async function spotTradeProofOf(
  ctx: AppContext,
  id: number,
  viewerId: number | null,
): Promise<SpotTradeProof> {
  const t = id > 0 ? await spotRepo.trade(ctx.db, id) : undefined;
  if (!t) throw new AppError('SPOT_TRADE_NOT_FOUND');
  const m = ctx.services.spot.engine.market(t.market_id);
  if (!m) throw new AppError('SPOT_TRADE_NOT_FOUND');
  const [maker, taker] = await Promise.all([
    spotRepo.order(ctx.db, t.maker_order_id),
    spotRepo.order(ctx.db, t.taker_order_id),
  ]);
  invariant(maker && taker, `spot trade ${t.id}: its orders are missing`);
  const takerBuys = t.taker_side === 1;
  // One user on both sides (two of their orders): shown as the taker, as the trade lists do.
  const role = t.taker_user_id === viewerId ? 'taker' : t.maker_user_id === viewerId ? 'maker' : null;
  const buys = role === null ? null : role === 'taker' ? takerBuys : !takerBuys;
  const fee = role === 'taker' ? t.taker_fee_minor : t.maker_fee_minor;
  return {
    id: t.id,
    match_id: m.id,
    legal_id: m.legalId,
    currency_id: m.currencyId,
    symbol: m.symbol,
    price: quoteText(m, t.price_minor),
    amount: baseText(m, t.amount_minor),
    total: quoteText(m, t.quote_minor),
    taker_side: takerBuys ? 'buy' : 'sell',
    traded_at: t.created_at,
    maker_order: orderProof(m, maker),
    taker_order: orderProof(m, taker),
    is_owner: role !== null,
    my_role: role,
    my_side: buys === null ? null : buys ? 'buy' : 'sell',
    my_fee: buys === null ? null : buys ? baseText(m, fee) : quoteText(m, fee),
    fee_currency: buys === null ? null : buys ? m.currencyName : m.legalName,
    rule: RULE,
  };
}
