import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { compareDecimal } from '../../shared/market/decimal';

/**
 * The running result of an open order (specification part 1 §4): an up order is right when the open
 * price is at most the current price, a down order when it is at least; right shows number x ratio / 100,
 * wrong shows the stake lost. Exact decimal arithmetic; `null` when a price is missing.
 */
export function runningResult(
  order: { type: number; open_price: string; number: string; profit_ratio: string },
  currentPrice: string | undefined,
): { isRight: boolean; amount: string } | null {
  if (!currentPrice) return null;
  const cmp = compareDecimal(order.open_price, currentPrice);
  const isRight = order.type === 1 ? cmp <= 0 : cmp >= 0;
  if (!isRight) return { isRight, amount: `-${order.number}` };
  try {
    const ratioHundredths = parseDecimal(order.profit_ratio, 2, { allowZero: true });
    // number x ratio% = number x ratioHundredths / 10^4, shown exactly (4 decimals at most).
    const profit = BigInt(order.number) * ratioHundredths;
    const text = formatMinor(profit, 4).replace(/\.?0+$/, '');
    return { isRight, amount: `+${text}` };
  } catch {
    return null;
  }
}
