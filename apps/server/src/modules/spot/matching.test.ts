/**
 * Market orders on one book, without a database: the exact fill of a base amount across levels, the
 * protection band stopping a fill, a quote budget spent, and every hold released to the last minor unit.
 * The ledger batch runs on a stub transaction that only answers the balance preload (nothing is flushed).
 */
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '@oryx/db/schema';
import { parseDecimal } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { LedgerBatch } from '../ledger/batch';
import { userAccount } from '../ledger/service';
import { BatchWork } from './batch-work';
import { MarketRules, type OrderSpec } from './engine/market-rules';
import type { TimeInForceOptions } from './engine/time-in-force';
import { MarketBook, SpotBooks } from './market-book';
import type { SpotMarket } from './markets';
import { placeOrder, protectionTicks, type BatchScope } from './matching';
import { STATUS, type OrderState, type PlaceCommand } from './orders';

const USDT = 1;
const BTC = 2;
const d = (s: string) => parseDecimal(s, 8, { allowZero: true, allowNegative: true });

// BTC/USDT: both scales 8, tick 0.01 USDT, step 0.00001 BTC (one tick x one lot = 10 quote minor units).
const rules = new MarketRules({
  baseScale: 8,
  quoteScale: 8,
  priceTick: 1_000_000n,
  amountStep: 1_000n,
  minAmount: 1_000n,
  minNotional: d('5'),
});
const market: SpotMarket = {
  id: 1,
  legalId: USDT,
  currencyId: BTC,
  legalName: 'USDT',
  currencyName: 'BTC',
  symbol: 'BTC/USDT',
  baseScale: 8,
  quoteScale: 8,
  rules,
  makerFeeBps: 10,
  takerFeeBps: 20,
  priceDecimals: 2,
  amountDecimals: 5,
  isOpen: true,
  isDisplay: true,
  sort: 1,
  referencePrice: d('60000'),
  quoteCnyRate: d('7'),
};

const MAKER = 10;
const TAKER = 11;
const FUNDS = d('1000000');

/** A transaction stub: the preload's select answers every account with FUNDS available. */
function stubTrx(): Transaction<Database> {
  const rows = [MAKER, TAKER].flatMap((user_id, i) =>
    [USDT, BTC].map((currency_id, j) => ({
      id: i * 2 + j + 1,
      user_id,
      wallet: 'change',
      currency_id,
      available_minor: FUNDS,
      frozen_minor: 0n,
    })),
  );
  const q: Record<string, unknown> = {};
  for (const k of ['select', 'where', 'orderBy', 'forUpdate']) q[k] = () => q;
  q.execute = async () => rows;
  return { isTransaction: true, selectFrom: () => q } as unknown as Transaction<Database>;
}

async function setup(bandBps = 500) {
  const books = new SpotBooks({} as AppContext);
  const mb = new MarketBook(market);
  (books as unknown as { byMarket: Map<number, MarketBook> }).byMarket.set(market.id, mb);
  const ledger = new LedgerBatch(stubTrx(), 'sqlite', 0);
  await ledger.preload(
    [MAKER, TAKER].flatMap((u) =>
      [USDT, BTC].map((currencyId) => ({ account: userAccount(u, 'change'), currencyId })),
    ),
  );
  const s: BatchScope = {
    books,
    ledger,
    work: new BatchWork(),
    known: new Map(),
    at: 1,
    marketBandBps: bandBps,
  };
  const balance = (user: number, currencyId: number) => {
    const b = ledger.balanceOf(userAccount(user, 'change'), currencyId)!;
    return { available: b.availableMinor - FUNDS, frozen: b.frozenMinor };
  };
  const place = (
    userId: number,
    spec: OrderSpec,
    amount = 0n,
    price = 0n,
    opts: TimeInForceOptions = {},
  ): OrderState => {
    const cmd: PlaceCommand = {
      ...opts,
      kind: 'place',
      userId,
      marketId: market.id,
      side: spec.side,
      orderType: spec.type,
      price,
      amount,
      spec,
      clientOid: null,
    };
    return placeOrder(s, cmd);
  };
  const rest = (side: 'buy' | 'sell', price: string, amount: string) => {
    const priceTicks = Number(d(price) / rules.priceTick);
    const lots = Number(d(amount) / rules.amountStep);
    return place(MAKER, { type: 'limit', side, priceTicks, lots }, d(amount), d(price));
  };
  const market_ = (side: 'buy' | 'sell', amount: string) =>
    place(TAKER, { type: 'market', by: 'base', side, lots: Number(d(amount) / rules.amountStep) }, d(amount));
  /** A taker's limit order with a time in force or post-only. */
  const limit = (side: 'buy' | 'sell', price: string, amount: string, opts: TimeInForceOptions) => {
    const priceTicks = Number(d(price) / rules.priceTick);
    const lots = Number(d(amount) / rules.amountStep);
    return place(TAKER, { type: 'limit', side, priceTicks, lots }, d(amount), d(price), opts);
  };
  return { s, mb, balance, place, rest, limit, market: market_ };
}

describe('protectionTicks', () => {
  it('is the band beyond the best price, inside the band, never better than the best price', () => {
    expect(protectionTicks('buy', 6_000_000, 500)).toBe(6_300_000);
    expect(protectionTicks('sell', 6_000_000, 500)).toBe(5_700_000);
    expect(protectionTicks('buy', 101, 500)).toBe(106); // 106.05 rounds down: never beyond the band
    expect(protectionTicks('sell', 101, 500)).toBe(96); // 95.95 rounds up
    expect(protectionTicks('buy', 1, 500)).toBe(1);
    expect(protectionTicks('sell', 1, 500)).toBe(1);
  });
});

describe('market orders', () => {
  it('buy exactly the base amount asked across several levels, paying from a hold released to the last unit', async () => {
    const t = await setup();
    t.rest('sell', '60000', '0.0004');
    t.rest('sell', '60010', '0.0003');
    t.rest('sell', '60020', '0.0005');
    const o = t.market('buy', '0.0010');
    expect(o.status).toBe(STATUS.filled);
    expect(o.filledAmount).toBe(d('0.0010'));
    // 0.0004 x 60000 + 0.0003 x 60010 + 0.0003 x 60020 = 24 + 18.003 + 18.006
    expect(o.filledQuote).toBe(d('60.009'));
    expect(o.fee).toBe(d('0.000002')); // 20 bps of 0.0010 BTC
    expect(o.held).toBe(0n);
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('60.009'), frozen: 0n });
    expect(t.balance(TAKER, BTC)).toEqual({ available: d('0.000998'), frozen: 0n });
    expect(t.mb.book.depth(1).asks).toEqual([[6_002_000, 20]]);
  });

  it('fill the exact amount the old quote budget fell short of (0.0010, not 0.00099)', async () => {
    const t = await setup();
    // The client saw 60000; the book moved up a little before the order arrived.
    t.rest('sell', '60100', '0.0020');
    const o = t.market('buy', '0.0010');
    expect(o.filledAmount).toBe(d('0.0010'));
    expect(o.filledQuote).toBe(d('60.1'));
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('60.1'), frozen: 0n });
  });

  it('stop at the protection band: what lies beyond it is cancelled (PRICE_BAND), the unspent hold released', async () => {
    const t = await setup();
    t.rest('sell', '60000', '0.0004');
    t.rest('sell', '63000', '0.0002'); // exactly at the band: still fills
    t.rest('sell', '63000.01', '0.0010'); // beyond it
    const o = t.market('buy', '0.0010');
    expect(o.status).toBe(STATUS.cancelled);
    expect(o.cancelReason).toBe('PRICE_BAND');
    expect(o.filledAmount).toBe(d('0.0006'));
    expect(o.filledQuote).toBe(d('36.6')); // 24 + 12.6
    expect(o.held).toBe(0n);
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('36.6'), frozen: 0n });
    expect(t.mb.book.depth(1).asks).toEqual([[6_300_001, 100]]);
  });

  it('sell exactly the base amount down to the band, and release the unsold base', async () => {
    const t = await setup(300);
    t.rest('buy', '60000', '0.0010');
    t.rest('buy', '58200', '0.0010'); // 3 % below: at the band
    t.rest('buy', '58199.99', '0.0010');
    const o = t.market('sell', '0.0025');
    expect(o.cancelReason).toBe('PRICE_BAND');
    expect(o.filledAmount).toBe(d('0.0020'));
    expect(o.filledQuote).toBe(d('118.2'));
    expect(o.fee).toBe(d('0.2364')); // 20 bps of 118.2 USDT
    expect(t.balance(TAKER, BTC)).toEqual({ available: -d('0.0020'), frozen: 0n });
    expect(t.balance(TAKER, USDT)).toEqual({ available: d('118.2') - d('0.2364'), frozen: 0n });
  });

  it('spend a quote budget by whole lots, best asks first, and release the rest to the last unit', async () => {
    const t = await setup();
    t.rest('sell', '60000', '0.0004');
    t.rest('sell', '60010', '0.0005');
    const budget = d('30') / rules.tickLotQuote;
    const o = t.place(TAKER, { type: 'market', by: 'quote', side: 'buy', quoteBudget: Number(budget) });
    // 24 USDT at 60000, then 6 USDT buys 9 lots at 60010 (0.60010 each): 5.4009; 0.5991 stays.
    expect(o.status).toBe(STATUS.filled);
    expect(o.filledAmount).toBe(d('0.00049'));
    expect(o.filledQuote).toBe(d('29.4009'));
    expect(o.held).toBe(0n);
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('29.4009'), frozen: 0n });
  });

  it('refuse, changing nothing, when the balance cannot cover amount x best ask x (1 + band)', async () => {
    const t = await setup();
    t.rest('sell', '60000', '100');
    // 17 BTC x 63000 = 1,071,000 USDT > 1,000,000 available, although 17 x 60000 would fit.
    expect(() => t.market('buy', '17')).toThrow(AppError);
    expect(t.balance(TAKER, USDT)).toEqual({ available: 0n, frozen: 0n });
    expect(t.mb.book.depth(1).asks).toEqual([[6_000_000, 10_000_000]]);
    expect(() => t.market('buy', '15')).not.toThrow();
  });

  it('refuse into an empty side (SPOT_NO_LIQUIDITY) with nothing recorded', async () => {
    const t = await setup();
    expect(() => t.market('sell', '0.001')).toThrow(expect.objectContaining({ code: 'SPOT_NO_LIQUIDITY' }));
    expect(t.s.work.newOrders.size).toBe(0);
  });
});

describe('time in force and post-only', () => {
  const asks = async () => {
    const t = await setup();
    t.rest('sell', '60000', '0.0004');
    t.rest('sell', '60010', '0.0003');
    t.rest('sell', '60100', '0.0005');
    return t;
  };

  it('IOC fills what crosses at once, cancels the rest (IOC_REMAINDER) and holds nothing', async () => {
    const t = await asks();
    const o = t.limit('buy', '60010', '0.0010', { timeInForce: 'IOC' });
    expect(o).toMatchObject({ status: STATUS.cancelled, cancelReason: 'IOC_REMAINDER', held: 0n });
    expect(o.filledAmount).toBe(d('0.0007'));
    expect(o.filledQuote).toBe(d('42.003')); // 24 + 18.003
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('42.003'), frozen: 0n });
    expect(t.mb.book.bestBid()).toBeNull();
    expect(t.mb.open.has(o.id)).toBe(false);
    expect(t.mb.book.depth(5).asks).toEqual([[6_010_000, 50]]);
  });

  it('IOC that crosses nothing is recorded cancelled with nothing moved; one that fills whole is filled', async () => {
    const t = await asks();
    const none = t.limit('buy', '59990', '0.0010', { timeInForce: 'IOC' });
    expect(none).toMatchObject({ status: STATUS.cancelled, cancelReason: 'IOC_REMAINDER', filledAmount: 0n });
    expect(t.s.work.newOrders.get(none.id)).toBe(none);
    expect(t.balance(TAKER, USDT)).toEqual({ available: 0n, frozen: 0n });
    const whole = t.limit('buy', '60000', '0.0004', { timeInForce: 'IOC' });
    expect(whole).toMatchObject({ status: STATUS.filled, cancelReason: null, held: 0n });
  });

  it('FOK that cannot fill whole leaves the book and the balances untouched (FOK_NOT_FILLED)', async () => {
    const t = await asks();
    const before = t.mb.book.snapshot();
    const o = t.limit('buy', '60010', '0.0008', { timeInForce: 'FOK' });
    expect(o).toMatchObject({ status: STATUS.cancelled, cancelReason: 'FOK_NOT_FILLED', filledAmount: 0n });
    expect(o.held).toBe(0n);
    expect(t.mb.book.snapshot()).toEqual(before);
    expect(t.balance(TAKER, USDT)).toEqual({ available: 0n, frozen: 0n });
    expect(t.s.work.trades).toHaveLength(0);
  });

  it('FOK that can fill whole fills at once, across levels', async () => {
    const t = await asks();
    const o = t.limit('buy', '60010', '0.0007', { timeInForce: 'FOK' });
    expect(o).toMatchObject({ status: STATUS.filled, cancelReason: null, held: 0n });
    expect(o.filledQuote).toBe(d('42.003'));
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('42.003'), frozen: 0n });
  });

  it('a FOK market order fills whole within its band or holds and moves nothing', async () => {
    const t = await asks();
    t.rest('sell', '63000.01', '1'); // beyond the 5 % band
    const cmd = { type: 'market' as const, by: 'base' as const, side: 'buy' as const, lots: 200 };
    const no = t.place(TAKER, cmd, d('0.0020'), 0n, { timeInForce: 'FOK' });
    expect(no).toMatchObject({ status: STATUS.cancelled, cancelReason: 'FOK_NOT_FILLED', held: 0n });
    expect(t.balance(TAKER, USDT)).toEqual({ available: 0n, frozen: 0n });
    const yes = t.place(TAKER, { ...cmd, lots: 120 }, d('0.0012'), 0n, { timeInForce: 'FOK' });
    expect(yes).toMatchObject({ status: STATUS.filled, held: 0n });
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('72.053'), frozen: 0n }); // 24 + 18.003 + 30.05
  });

  it('post-only that would trade is refused with nothing recorded; otherwise it rests and is held', async () => {
    const t = await asks();
    const before = t.mb.book.snapshot();
    const orders = t.s.work.newOrders.size;
    expect(() => t.limit('buy', '60000', '0.0001', { postOnly: true })).toThrow(
      expect.objectContaining({ code: 'SPOT_POST_ONLY_WOULD_TRADE' }),
    );
    expect(t.s.work.newOrders.size).toBe(orders);
    expect(t.mb.book.snapshot()).toEqual(before);
    const o = t.limit('buy', '59999.99', '0.0010', { postOnly: true });
    expect(o).toMatchObject({ status: STATUS.open, held: d('59.99999') });
    expect(t.balance(TAKER, USDT)).toEqual({ available: -d('59.99999'), frozen: d('59.99999') });
    expect(t.mb.open.get(o.id)).toBe(o);
  });
});
