/**
 * The estimated liquidation price the order form shows (@oryx/contracts/lever/liquidation) is the
 * boundary of this module's own decision: at the estimate `evaluate` liquidates, one minor unit on the
 * safe side it does not.
 */
import { liquidationPriceMinor, type LiquidationInput } from '@oryx/contracts/lever/liquidation';
import { parseDecimal } from '@oryx/contracts/money';
import { describe, expect, it } from 'vitest';
import { evaluate, marginOf, openPriceOf, type EvalOrder } from './rules';

const A = (s: string) => parseDecimal(s, 8, { allowZero: true, allowNegative: true });

function isLiquidatedAt(p: LiquidationInput, markMinor: bigint): boolean {
  const order: EvalOrder = {
    id: 1,
    userId: 7,
    marketId: 1,
    legalId: 1,
    type: p.type,
    status: 1,
    numberMinor: p.numberMinor,
    originPriceMinor: p.openMinor,
    priceMinor: p.openMinor,
    marginMinor: p.marginMinor,
    tpMinor: 0n,
    slMinor: 0n,
    levelBps: p.levelBps,
  };
  const r = evaluate({
    orders: [order],
    marks: new Map([[1, markMinor]]),
    baseScales: new Map([[1, p.baseScale]]),
    balances: new Map([['7:1', p.freeMinor]]),
  });
  return r.liquidate.length === 1;
}

function position(type: 1 | 2, multiple: number, free: string, levelBps: number): LiquidationInput {
  const openMinor = openPriceOf(type, A('60000'), 5);
  const numberMinor = A('0.02');
  return {
    type,
    openMinor,
    numberMinor,
    baseScale: 8,
    marginMinor: marginOf(openMinor, numberMinor, 8, multiple),
    freeMinor: A(free),
    levelBps,
  };
}

describe('estimated liquidation price', () => {
  const cases: [string, LiquidationInput][] = [
    ['long 10x, nothing free, level 50 %', position(1, 10, '0', 5000)],
    ['long 100x, 3.33 free, level 50 %', position(1, 100, '3.33', 5000)],
    ['short 10x, nothing free, level 50 %', position(2, 10, '0', 5000)],
    ['short 20x, 17.5 free, level 20 %', position(2, 20, '17.5', 2000)],
    ['long 5x, odd amounts', { ...position(1, 5, '0.00000007', 3333), numberMinor: 1_234_567n }],
  ];
  for (const [name, p] of cases) {
    it(`is where the risk loop liquidates: ${name}`, () => {
      const price = liquidationPriceMinor(p)!;
      expect(price).toBeGreaterThan(0n);
      expect(isLiquidatedAt(p, price)).toBe(true);
      const safe = p.type === 1 ? price + 1n : price - 1n;
      expect(isLiquidatedAt(p, safe)).toBe(false);
    });
  }

  it('long 10x at 60030 with nothing free, level 50 %: at 57028.50', () => {
    // margin 120.06: liquidated when the loss reaches 60.03, over 0.02 BTC a fall of 3001.5 (the last
    // minor units above 57028.5 still floor to that loss).
    expect(liquidationPriceMinor(position(1, 10, '0', 5000))! / 1_000_000n).toBe(5_702_850n);
  });

  it('none when the free balance covers the position down to 0', () => {
    expect(liquidationPriceMinor(position(1, 10, '2000', 5000))).toBeNull();
    expect(liquidationPriceMinor({ ...position(1, 10, '0', 5000), numberMinor: 0n })).toBeNull();
  });
});
