/**
 * The input of the pure evaluation over 50,000 positions of 5,000 users, nobody at the level: the rules
 * test checks its decision, the lever benchmark times it. Not used by the server.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { EvalInput, EvalOrder } from './rules';

const A = (s: string) => parseDecimal(s, 8);

export function fiftyThousandPositions(): EvalInput {
  const orders: EvalOrder[] = Array.from({ length: 50_000 }, (_, i) => ({
    id: i + 1,
    userId: i % 5_000,
    marketId: 1 + (i % 2),
    legalId: 1,
    type: i % 3 === 0 ? 2 : 1,
    status: i % 10 === 0 ? 0 : 1,
    numberMinor: A('0.01'),
    originPriceMinor: A('50000'),
    priceMinor: A('50000'),
    marginMinor: A('5'),
    tpMinor: A('51000'),
    slMinor: A('49000'),
    levelBps: 5_000,
  }));
  return {
    orders,
    marks: new Map([
      [1, A('50100')],
      [2, A('49900')],
    ]),
    baseScales: new Map([
      [1, 8],
      [2, 8],
    ]),
    balances: new Map(),
  };
}
