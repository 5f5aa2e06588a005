/**
 * The chart's number formats. The chart library draws JS numbers; these helpers only decide how many
 * places the axis, the crosshair label and the legend show.
 */
import { groupDigits } from '../lib/display-decimal';

/** The decimals of a price scale: 100000 -> 5, 10000 -> 4. */
export const scaleDecimals = (priceScale: number): number => Math.max(0, Math.round(Math.log10(priceScale)));

/**
 * The price format of a market: its own price decimals (the places of its tick size) when known, capped
 * at 8; the page's price scale while the market's decimals are not known yet.
 */
export function chartPriceFormat(
  priceDecimals: number | undefined,
  priceScale: number,
): { precision: number; minMove: number } {
  const precision =
    priceDecimals !== undefined && Number.isInteger(priceDecimals) && priceDecimals >= 0
      ? Math.min(priceDecimals, 8)
      : scaleDecimals(priceScale);
  return { precision, minMove: Number(`1e-${precision}`) };
}

/** A number with `decimals` places and grouped thousands, for the legend: 96123.4 -> '96,123.40'. */
export const formatChartNumber = (value: number, decimals: number): string =>
  Number.isFinite(value) ? groupDigits(value.toFixed(decimals)) : '--';

/** Volumes in the legend: 4 places at most, trailing zeros dropped, thousands grouped. */
export function formatChartVolume(value: number): string {
  const s = formatChartNumber(value, 4);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/**
 * The bars to show when a market or interval opens: the latest `target` bars when there are more, else
 * all of them, so a few weekly or monthly bars fill the chart instead of a sliver at its right edge.
 * Logical indexes as the chart's time scale takes them (a little room on the right for the next bar).
 */
export function initialRange(count: number, target = 120, fewest = 24): { from: number; to: number } | null {
  if (count <= 0) return null;
  if (count > target) return { from: count - target, to: count + 3 };
  // Few bars: from the first one, over at least `fewest` slots, so a handful is not drawn a screen wide.
  return { from: -0.5, to: Math.max(count, fewest) + 0.5 };
}
