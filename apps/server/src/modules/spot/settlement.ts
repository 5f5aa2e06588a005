/**
 * The settlement of one fill: its money (`fillMoney`, pure), then its ledger movements, the orders' new
 * state and the trade record (`settleFill`, run by the matching inside the committer's batch).
 *
 * Fees are taken from what each side RECEIVES, at the rate of its role in the trade (maker or taker):
 * the buyer pays its fee in the base currency, the seller in the quote currency. So an order never
 * needs more than its price x amount (buy) or its amount (sell) held, and the slider's "100 %" is
 * exactly the balance. Each fee is `feeOf` of the money module: rounded UP to the receiving currency's
 * minor unit (in favour of the exchange's fee account), never more than what is received.
 */
import { feeOf } from '@oryx/contracts/money';
import { invariant } from '../../lib/app-error';
import type { LedgerBatch } from '../ledger/batch';
import { systemAccount, userAccount } from '../ledger/service';
import type { BatchWork } from './batch-work';
import { addTradeToBars } from './batch-bars';
import type { Fill } from './engine/types';
import type { MarketBook, SpotBooks } from './market-book';
import { STATUS, type OrderState, type TradeRecord } from './orders';

export interface FillMoney {
  /** Base minor units that change hands. */
  base: bigint;
  /** Quote minor units that change hands (price x amount, exact). */
  quote: bigint;
  /** The buyer's fee, base minor units, and what the buyer keeps. */
  buyerFee: bigint;
  buyerGets: bigint;
  /** The seller's fee, quote minor units, and what the seller keeps. */
  sellerFee: bigint;
  sellerGets: bigint;
}

export function fillMoney(base: bigint, quote: bigint, buyerFeeBps: number, sellerFeeBps: number): FillMoney {
  const buyerFee = feeOf(base, buyerFeeBps);
  const sellerFee = feeOf(quote, sellerFeeBps);
  return { base, quote, buyerFee, buyerGets: base - buyerFee, sellerFee, sellerGets: quote - sellerFee };
}

const fees = systemAccount('fees');

/** One fill: the four ledger movements, the maker's and taker's new state, the trade and its bars. */
export function settleFill(
  books: SpotBooks,
  mb: MarketBook,
  taker: OrderState,
  fill: Fill,
  ledger: LedgerBatch,
  work: BatchWork,
  at: number,
): void {
  const m = mb.market;
  const maker = mb.open.get(fill.makerOrderId);
  invariant(maker !== undefined, `maker ${fill.makerOrderId} is not an open order`);
  const base = m.rules.amountOf(fill.lots);
  const quote = m.rules.notionalOf(fill.priceTicks, fill.lots);
  const isTakerBuyer = taker.side === 'buy';
  const buyer = isTakerBuyer ? taker : maker;
  const seller = isTakerBuyer ? maker : taker;
  const money = fillMoney(
    base,
    quote,
    isTakerBuyer ? m.takerFeeBps : m.makerFeeBps,
    isTakerBuyer ? m.makerFeeBps : m.takerFeeBps,
  );
  const tradeId = books.takeTradeId();
  // A market taker pays from its hold (matching.ts), a limit taker from its available balance.
  const isTakerHeld = taker.held > 0n;
  payFill(ledger, mb, { buyer, seller, isTakerBuyer, isTakerHeld, money, tradeId, at });
  maker.held -= isTakerBuyer ? base : quote;
  if (isTakerHeld) {
    taker.held -= isTakerBuyer ? quote : base;
    invariant(taker.held >= 0n, `taker ${taker.id} spent more than it held`);
  }
  buyer.fee += money.buyerFee;
  seller.fee += money.sellerFee;
  for (const o of [buyer, seller]) {
    o.filledAmount += base;
    o.filledQuote += quote;
    o.updatedAt = at;
  }
  if (fill.makerLotsLeft === 0) {
    invariant(maker.held === 0n, `maker ${maker.id} filled with ${maker.held} still held`);
    maker.status = STATUS.filled;
    books.removeOpen(mb, maker);
  }
  work.touchOrder(maker);
  const trade: TradeRecord = {
    id: tradeId,
    marketId: m.id,
    price: m.rules.priceOf(fill.priceTicks),
    amount: base,
    quote,
    takerSide: taker.side,
    makerOrderId: maker.id,
    takerOrderId: taker.id,
    makerUserId: maker.userId,
    takerUserId: taker.userId,
    makerFee: isTakerBuyer ? money.sellerFee : money.buyerFee,
    takerFee: isTakerBuyer ? money.buyerFee : money.sellerFee,
    at,
  };
  work.trades.push(trade);
  work.change(m.id).trades.push(trade);
  addTradeToBars(mb, work, trade);
}

interface FillParties {
  buyer: OrderState;
  seller: OrderState;
  isTakerBuyer: boolean;
  /** Whether the taker pays from a hold (a market order) rather than its available balance. */
  isTakerHeld: boolean;
  money: FillMoney;
  tradeId: number;
  at: number;
}

/** Buyer -> seller quote, seller -> buyer base (`spot.trade`), and each side's fee (`spot.fee`). */
function payFill(ledger: LedgerBatch, mb: MarketBook, p: FillParties): void {
  const m = mb.market;
  const { money, isTakerBuyer, at } = p;
  const ref = { type: 'spot_trade', id: p.tradeId };
  const buyerAcc = userAccount(p.buyer.userId, 'change');
  const sellerAcc = userAccount(p.seller.userId, 'change');
  // The maker pays from its hold, the taker from its hold (market) or available balance (limit), both
  // checked before matching.
  const move = (isHeld: boolean, mv: Parameters<LedgerBatch['consume']>[0]) =>
    isHeld ? ledger.consume(mv) : ledger.transfer(mv);
  const trade = { reason: 'spot.trade' as const, ref, at };
  move(isTakerBuyer ? p.isTakerHeld : true, {
    ...trade,
    from: buyerAcc,
    to: sellerAcc,
    currencyId: m.legalId,
    amountMinor: money.quote,
  });
  move(isTakerBuyer ? true : p.isTakerHeld, {
    ...trade,
    from: sellerAcc,
    to: buyerAcc,
    currencyId: m.currencyId,
    amountMinor: money.base,
  });
  if (money.sellerFee > 0n) {
    ledger.transfer({
      from: sellerAcc,
      to: fees,
      currencyId: m.legalId,
      amountMinor: money.sellerFee,
      reason: 'spot.fee',
      ref,
      at,
    });
  }
  if (money.buyerFee > 0n) {
    ledger.transfer({
      from: buyerAcc,
      to: fees,
      currencyId: m.currencyId,
      amountMinor: money.buyerFee,
      reason: 'spot.fee',
      ref,
      at,
    });
  }
}
