import type { QuotationItem } from '@oryx/contracts/market/calls';
import { compareDecimal } from '../lib/display-decimal';

export type SortKey = 'pair' | 'price' | 'change' | 'high' | 'low' | 'volume';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

const FIELD: Record<Exclude<SortKey, 'pair'>, keyof QuotationItem> = {
  price: 'now_price',
  change: 'change',
  high: 'high',
  low: 'low',
  volume: 'volume',
};

/** Clicking a column header: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: SortState | null, key: SortKey): SortState {
  if (current?.key !== key) return { key, dir: 'asc' };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** A sorted copy (the server order when `sort` is null); ties keep the server order. */
export function sortQuotation(items: readonly QuotationItem[], sort: SortState | null): QuotationItem[] {
  const list = [...items];
  if (!sort) return list;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const key = sort.key;
  const cmp =
    key === 'pair'
      ? (a: QuotationItem, b: QuotationItem) => a.symbol.localeCompare(b.symbol)
      : (a: QuotationItem, b: QuotationItem) => compareDecimal(String(a[FIELD[key]]), String(b[FIELD[key]]));
  const order = new Map(items.map((q, i) => [q.id, i]));
  return list.sort((a, b) => sign * cmp(a, b) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
