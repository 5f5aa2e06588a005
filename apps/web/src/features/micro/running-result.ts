import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { compareDecimal } from '../../shared/market/decimal';

export type Outcome = 'win' | 'draw' | 'loss';

/**
 * The running result of an open order, by the rule the server settles with (apps/server micro rules.ts)
 * and the panel's rule text: an up order wins when the current price is above the open price, a down
 * order when it is below, and an equal price is a draw that returns the stake. A win shows
 * number x ratio / 100, a loss the stake, a draw 0. Exact decimal arithmetic; `null` when a price is
 * missing.
 */
export function runningResult(
  order: { type: number; open_price: string; number: string; profit_ratio: string },
  currentPrice: string | undefined,
): { outcome: Outcome; amount: string } | null {
  if (!currentPrice) return null;
  const cmp = compareDecimal(currentPrice, order.open_price);
  if (cmp === 0) return { outcome: 'draw', amount: '0' };
  const outcome: Outcome = cmp > 0 === (order.type === 1) ? 'win' : 'loss';
  if (outcome === 'loss') return { outcome, amount: `-${order.number}` };
  try {
    const ratioHundredths = parseDecimal(order.profit_ratio, 2, { allowZero: true });
    // number x ratio% = number x ratioHundredths / 10^4, shown exactly (4 decimals at most).
    const profit = BigInt(order.number) * ratioHundredths;
    const text = formatMinor(profit, 4).replace(/\.?0+$/, '');
    return { outcome, amount: `+${text}` };
  } catch {
    return null;
  }
}
