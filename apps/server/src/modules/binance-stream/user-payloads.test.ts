import { describe, expect, it } from 'vitest';
import type { SpotMarket } from '../spot/markets';
import type { OrderState, TradeRecord } from '../spot/orders';
import { executionReports } from './user-payloads';

const m = { currencyName: 'ETH', legalName: 'USDT', baseScale: 8, quoteScale: 8 } as SpotMarket;
const E8 = 100_000_000n;

const order = (o: Partial<OrderState>): OrderState => ({
  id: 9,
  userId: 1,
  marketId: 3,
  side: 'buy',
  orderType: 'limit',
  price: 3000n * E8,
  priceTicks: 300_000,
  amount: E8,
  filledAmount: 0n,
  filledQuote: 0n,
  fee: 0n,
  held: 0n,
  status: 1,
  cancelReason: null,
  clientOid: 'cid',
  createdAt: 1_000,
  updatedAt: 1_000,
  ...o,
});

const trade = (id: number, amount: bigint, t: Partial<TradeRecord> = {}): TradeRecord => ({
  id,
  marketId: 3,
  price: 3000n * E8,
  amount,
  quote: (amount * 3000n * E8) / E8,
  takerSide: 'buy',
  makerOrderId: 5,
  takerOrderId: 9,
  makerUserId: 2,
  takerUserId: 1,
  makerFee: 0n,
  takerFee: amount / 1000n,
  at: 2_000,
  ...t,
});

let n = 0;
const next = () => (n += 1);

describe('executionReports', () => {
  it('a market order placed, filled twice and its rest expired: NEW, TRADE, TRADE, EXPIRED', () => {
    const o = order({
      orderType: 'market',
      status: 3,
      cancelReason: 'MARKET_REST',
      filledAmount: E8 / 2n,
      filledQuote: 1500n * E8,
      updatedAt: 2_000,
    });
    const trades = [trade(12, E8 / 4n), trade(11, E8 / 4n), trade(13, E8, { takerOrderId: 99 })];
    const evs = executionReports(m, o, true, trades, 3_000, next) as any[];
    expect(evs.map((e) => [e.x, e.X, e.t, e.l, e.z])).toEqual([
      ['NEW', 'NEW', -1, '0.00000000', '0.00000000'],
      ['TRADE', 'PARTIALLY_FILLED', 11, '0.25000000', '0.25000000'],
      ['TRADE', 'PARTIALLY_FILLED', 12, '0.25000000', '0.50000000'],
      ['EXPIRED', 'EXPIRED', -1, '0.00000000', '0.50000000'],
    ]);
    expect(evs[1]).toMatchObject({ o: 'MARKET', p: '0.00000000', m: false, N: 'ETH', n: '0.00025000' });
    expect(evs[3]).toMatchObject({ Z: '1500.00000000', C: '', w: false, T: 2_000 });
    expect(evs.every((e) => e.E === 3_000 && e.i === 9 && e.c === 'cid')).toBe(true);
  });

  it('a resting order filled by a later batch: TRADE with FILLED, no NEW', () => {
    const o = order({ id: 5, status: 2, filledAmount: E8, filledQuote: 3000n * E8, side: 'sell' });
    const evs = executionReports(m, o, false, [trade(20, E8 / 2n), trade(21, E8 / 2n)], 3_000, next) as any[];
    expect(evs.map((e) => [e.x, e.X, e.z, e.m, e.N, e.w])).toEqual([
      ['TRADE', 'PARTIALLY_FILLED', '0.50000000', true, 'USDT', true],
      ['TRADE', 'FILLED', '1.00000000', true, 'USDT', false],
    ]);
  });

  it('a cancel by the owner: CANCELED with the original client id in C', () => {
    const o = order({ status: 3, cancelReason: 'USER', filledAmount: E8 / 4n, filledQuote: 750n * E8 });
    const evs = executionReports(m, o, false, [], 3_000, next) as any[];
    expect(evs).toHaveLength(1);
    expect(evs[0]).toMatchObject({
      x: 'CANCELED',
      X: 'CANCELED',
      C: 'cid',
      z: '0.25000000',
      l: '0.00000000',
    });
  });
});
