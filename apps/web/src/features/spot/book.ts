/**
 * The order book as the deal centre shows it: levels grouped to a price step, best first, with the
 * cumulative amount down each side. Pure and exact: prices and amounts are decimal strings, computed in
 * bigint minor units (shared/lib/display-decimal), never JS numbers.
 */
import {
  DISPLAY_SCALE,
  formatDisplayMinor,
  toDisplayMinor,
  trimZeros,
} from '../../shared/lib/display-decimal';

export interface BookLevel {
  price: string;
  number: string;
}

export interface BookRow {
  /** The level's price (grouped: rounded down for bids, up for asks), `priceDecimals` places. */
  price: string;
  /** The amount resting at that price (summed over the grouped levels), `amountDecimals` places. */
  amount: string;
  /** The amount from the best price down to this row, `amountDecimals` places. */
  total: string;
  /** This row's cumulative amount as a share of the deeper side's, 0-100 (the depth shading). */
  depth: number;
}

export interface BookView {
  /** Best (lowest) first. */
  asks: BookRow[];
  /** Best (highest) first. */
  bids: BookRow[];
}

/** Multiples of the tick a trader can group the book by. */
export const GROUP_FACTORS = [1, 10, 100] as const;

/** The grouping steps of a market: its tick, 10 ticks and 100 ticks ('0.01' -> ['0.01', '0.1', '1']). */
export function groupSteps(tick: string): string[] {
  const minor = toDisplayMinor(tick);
  if (minor === null || minor <= 0n) return [];
  return GROUP_FACTORS.map((f) => trimZeros(formatDisplayMinor(minor * BigInt(f), DISPLAY_SCALE)));
}

interface Level {
  price: bigint;
  amount: bigint;
}

/**
 * One side grouped to `step` (a decimal string; '' or an unreadable step groups nothing), best first
 * whatever order the levels come in, at most `rows` levels. Bids round down to the step, asks up, so a
 * grouped level never shows a better price than the orders inside it.
 */
export function groupSide(
  levels: readonly BookLevel[],
  side: 'bid' | 'ask',
  step: string,
  rows: number,
): Level[] {
  const s = toDisplayMinor(step);
  const unit = s !== null && s > 0n ? s : null;
  const byPrice = new Map<bigint, bigint>();
  for (const l of levels) {
    const price = toDisplayMinor(l.price);
    const amount = toDisplayMinor(l.number);
    if (price === null || amount === null || price <= 0n || amount <= 0n) continue;
    let key = price;
    if (unit !== null) {
      const rest = price % unit;
      key = rest === 0n ? price : side === 'bid' ? price - rest : price - rest + unit;
    }
    byPrice.set(key, (byPrice.get(key) ?? 0n) + amount);
  }
  return [...byPrice]
    .map(([price, amount]) => ({ price, amount }))
    .sort((a, b) => (a.price === b.price ? 0 : a.price < b.price === (side === 'ask') ? -1 : 1))
    .slice(0, rows);
}

/** Both sides of the book grouped to `step`, with cumulative amounts and depth shares. */
export function bookView(
  book: { asks: readonly BookLevel[]; bids: readonly BookLevel[] },
  step: string,
  rows: number,
  decimals: { price: number; amount: number },
): BookView {
  const asks = groupSide(book.asks, 'ask', step, rows);
  const bids = groupSide(book.bids, 'bid', step, rows);
  const cumulate = (levels: Level[]) => {
    let sum = 0n;
    return levels.map((l) => ({ ...l, total: (sum += l.amount) }));
  };
  const a = cumulate(asks);
  const b = cumulate(bids);
  const deepest = [...a, ...b].reduce((m, l) => (l.total > m ? l.total : m), 0n);
  const toRow = (l: Level & { total: bigint }): BookRow => ({
    price: formatDisplayMinor(l.price, decimals.price),
    amount: formatDisplayMinor(l.amount, decimals.amount),
    total: formatDisplayMinor(l.total, decimals.amount),
    depth: deepest === 0n ? 0 : Number((l.total * 10_000n) / deepest) / 100,
  });
  return { asks: a.map(toRow), bids: b.map(toRow) };
}
