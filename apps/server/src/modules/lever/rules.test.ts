import { parseDecimal } from '@oryx/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  chargeOnValue,
  closeMoney,
  evaluate,
  groupLevelBps,
  marginOf,
  openPriceOf,
  pnlOf,
  riskRateBps,
  stopHit,
  stopsValid,
  type EvalOrder,
} from './rules';
import { LEVER_POSITION_COST_BPS, isAboveCost, maxLotsOf, maxMultipleOf, valueOf } from './limits';
import { fiftyThousandPositions } from './evaluate-50k.test-support';

const A = (s: string) => parseDecimal(s, 8, { allowZero: true, allowNegative: true });

describe('lever rules', () => {
  it('prices, margin and fee exactly as the preview computes them, rounded against the user', () => {
    expect(openPriceOf(1, A('60000'), 5)).toBe(A('60030'));
    expect(openPriceOf(2, A('60000'), 5)).toBe(A('59970'));
    // 0.05 % of 0.00000003 is a fraction of a minor unit: the long pays one more, the short gets one less.
    expect(openPriceOf(1, 3n, 5)).toBe(4n);
    expect(openPriceOf(2, 3n, 5)).toBe(2n);
    expect(marginOf(A('60030'), A('0.02'), 8, 10)).toBe(A('120.06'));
    expect(marginOf(1n, 1n, 8, 3)).toBe(1n);
    expect(chargeOnValue(A('60030'), A('0.02'), 8, 10)).toBe(A('1.2006'));
  });

  it('P/L is rounded toward minus infinity either way', () => {
    expect(pnlOf(1, A('60030'), A('61000'), A('0.02'), 8)).toBe(A('19.4'));
    expect(pnlOf(2, A('59970'), A('61000'), A('0.02'), 8)).toBe(A('-20.6'));
    expect(pnlOf(1, 10n, 11n, 1n, 8)).toBe(0n);
    expect(pnlOf(1, 11n, 10n, 1n, 8)).toBe(-1n);
  });

  it('the risk rate and the close money never take a balance below zero', () => {
    expect(riskRateBps(0n, A('5'), A('-2.5'))).toBe(5_000n);
    expect(riskRateBps(A('1'), 0n, 0n)).toBe(0n);
    expect(closeMoney(A('5'), A('3'), 0n)).toMatchObject({ releaseMinor: A('5'), profitMinor: A('3') });
    expect(closeMoney(A('5'), A('-2'), 0n)).toMatchObject({ releaseMinor: A('3'), lossFromMargin: A('2') });
    expect(closeMoney(A('5'), A('-100'), A('10'))).toEqual({
      releaseMinor: 0n,
      profitMinor: 0n,
      lossFromMargin: A('5'),
      lossFromBalance: A('10'),
      absorbedMinor: A('85'),
    });
  });

  it('stops: long TP above and SL below, short the mirror; 0 is not set', () => {
    expect(stopHit(1, A('61000'), A('59000'), A('61000'))).toBe('take_profit');
    expect(stopHit(1, A('61000'), A('59000'), A('60999.99'))).toBeNull();
    expect(stopHit(1, 0n, A('59000'), A('59000'))).toBe('stop_loss');
    expect(stopHit(2, A('59000'), A('61000'), A('59000'))).toBe('take_profit');
    expect(stopHit(2, A('59000'), A('61000'), A('61000'))).toBe('stop_loss');
    expect(stopsValid(1, A('60030.01'), A('59999.99'), A('60000'), A('60030'))).toBe(true);
    expect(stopsValid(1, A('60030'), 0n, A('60000'), A('60030'))).toBe(false);
    expect(stopsValid(2, A('59969.99'), A('60000.01'), A('60000'), A('59970'))).toBe(true);
    expect(stopsValid(2, A('61000'), 0n, A('60000'), A('59970'))).toBe(false);
  });

  it('stops: a break-even stop-loss at the open price is accepted, one at the current price is not', () => {
    // A long opened at 60030, the mark now 60100: SL at the entry protects it.
    expect(stopsValid(1, 0n, A('60030'), A('60100'), A('60030'))).toBe(true);
    expect(stopsValid(1, 0n, A('60030.01'), A('60100'), A('60030'))).toBe(false);
    expect(stopsValid(1, 0n, A('60100'), A('60100'), A('60030'))).toBe(false);
    // A long in loss: its SL still lies below the current price.
    expect(stopsValid(1, 0n, A('60000'), A('60000'), A('60030'))).toBe(false);
    // A short opened at 59970, the mark now 59900.
    expect(stopsValid(2, 0n, A('59970'), A('59900'), A('59970'))).toBe(true);
    expect(stopsValid(2, 0n, A('59969.99'), A('59900'), A('59970'))).toBe(false);
    expect(stopsValid(2, 0n, A('59900'), A('59900'), A('59970'))).toBe(false);
  });

  it('evaluate: liquidation at exactly the level wins over stops; limits open when reached', () => {
    const base: EvalOrder = {
      id: 1,
      userId: 7,
      marketId: 1,
      legalId: 1,
      type: 1,
      status: 1,
      numberMinor: A('0.01'),
      originPriceMinor: A('50000'),
      priceMinor: A('50000'),
      marginMinor: A('5'),
      tpMinor: 0n,
      slMinor: A('49800'),
      levelBps: 5_000,
    };
    const input = (mark: string, orders: EvalOrder[]) => ({
      orders,
      marks: new Map([[1, A(mark)]]),
      baseScales: new Map([[1, 8]]),
      balances: new Map<string, bigint>(),
    });
    expect(evaluate(input('49750.01', [base])).liquidate).toEqual([]);
    expect(evaluate(input('49750.01', [base])).stops).toEqual([{ id: 1, reason: 'stop_loss' }]);
    const at = evaluate(input('49750', [base]));
    expect(at.liquidate).toEqual([{ userId: 7, legalId: 1, rateBps: 5_000n }]);
    expect(at.stops).toEqual([]);
    const pending = { ...base, id: 2, status: 0, originPriceMinor: A('49000') };
    expect(evaluate(input('49000.01', [pending])).open).toEqual([]);
    expect(evaluate(input('49000', [pending])).open).toEqual([2]);
    // A market without a mark is not evaluated at all.
    expect(evaluate({ ...input('1', [base]), marks: new Map() })).toEqual({
      liquidate: [],
      stops: [],
      open: [],
    });
  });

  it('each position keeps the level it opened under: a group at mixed levels is weighted by margin', () => {
    const at = (levelBps: number, id: number): EvalOrder => ({
      id,
      userId: 7,
      marketId: 1,
      legalId: 1,
      type: 1,
      status: 1,
      numberMinor: A('0.01'),
      originPriceMinor: A('50000'),
      priceMinor: A('50000'),
      marginMinor: A('5'),
      tpMinor: 0n,
      slMinor: 0n,
      levelBps,
    });
    const input = (mark: string, orders: EvalOrder[]) => ({
      orders,
      marks: new Map([[1, A(mark)]]),
      baseScales: new Map([[1, 8]]),
      balances: new Map<string, bigint>(),
    });
    // One position at 50 %: equity 5 + P/L; liquidated at P/L -2.5 (mark 49750), whatever the terms now.
    expect(evaluate(input('49750.01', [at(5_000, 1)])).liquidate).toEqual([]);
    expect(evaluate(input('49750', [at(5_000, 1)])).liquidate).toHaveLength(1);
    // One at 50 % and one at 90 %: the requirement is 5 x 50 % + 5 x 90 % = 7, i.e. 70 % of the margin;
    // equity 10 + 2 x P/L reaches 7 at P/L -1.5 each (mark 49850).
    const both = [at(5_000, 1), at(9_000, 2)];
    expect(evaluate(input('49850.01', both)).liquidate).toEqual([]);
    expect(evaluate(input('49850', both)).liquidate).toEqual([{ userId: 7, legalId: 1, rateBps: 7_000n }]);
    expect(groupLevelBps(A('10'), A('5') * 5_000n + A('5') * 9_000n)).toBe(7_000n);
  });

  it('limits: the liquidation move of the highest multiple is at least the mark’s band; size follows the cost', () => {
    // 0.5 % band: at 50 % a 100x position is liquidated by a 0.5 % move, 150x by 0.33 %.
    expect(maxMultipleOf(5_000, 50)).toBe(100);
    expect(maxMultipleOf(9_000, 50)).toBe(20);
    expect(maxMultipleOf(9_999, 50)).toBe(0);
    // Moving a mark by 0.5 % costs 375 USDT: one position may gain half of it, 187.5 USDT on a 0.5 % move,
    // i.e. a value of 37,500 USDT; a lot of 0.01 BTC at 96,000 is worth 960 USDT: 39 lots.
    const cost = A('375');
    expect(isAboveCost(A('37500'), 50, cost, LEVER_POSITION_COST_BPS)).toBe(false);
    expect(isAboveCost(A('37500.01'), 50, cost, LEVER_POSITION_COST_BPS)).toBe(true);
    expect(maxLotsOf(valueOf(A('96000'), 1_000_000n, 8), 50, cost)).toBe(39);
  });

  it('evaluates 50,000 positions of 5,000 users (pure, no I/O; its speed is measured by the lever benchmark)', () => {
    const r = evaluate(fiftyThousandPositions());
    expect(r.liquidate).toEqual([]);
  });
});
