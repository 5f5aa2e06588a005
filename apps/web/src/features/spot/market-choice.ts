/**
 * Which market the deal centre opens: the one the query names
 * (`?legalId=&currencyId=`), else the stored selection, else the first displayed market of the first
 * group. Only displayed markets (`is_display === 1`) can be chosen, as only those are listed.
 */
import type { QuotationGroup, QuotationItem } from '@oryx/contracts/market/calls';

export type MarketSource = 'query' | 'stored' | 'default';

/** A positive whole id; '' (an empty query value), 'abc', '0', '-1', '1.5' and null give undefined. */
export function parseId(raw: string | null | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

/** A stored tab index (0 or more); anything else gives undefined. */
export function parseIndex(raw: string | null | undefined): number | undefined {
  const text = raw?.trim() ?? '';
  return /^\d{1,4}$/.test(text) ? Number(text) : undefined;
}

export const isDisplayed = (q: QuotationItem): boolean => q.is_display === 1;

/** The displayed market with these ids, if any. */
export function findMarket(
  groups: readonly QuotationGroup[],
  legalId: number | undefined,
  currencyId: number | undefined,
): QuotationItem | undefined {
  if (legalId === undefined || currencyId === undefined) return undefined;
  for (const g of groups) {
    const q = g.quotation.find(
      (x) => isDisplayed(x) && x.legal_id === legalId && x.currency_id === currencyId,
    );
    if (q) return q;
  }
  return undefined;
}

/** The index of the group listing this market (-1 when none does). */
export function groupIndexOf(groups: readonly QuotationGroup[], item: QuotationItem | undefined): number {
  if (!item) return -1;
  return groups.findIndex((g) => g.quotation.some((q) => q.id === item.id));
}

export interface MarketIds {
  legalId: string | null;
  currencyId: string | null;
}

/** The market to open and where it came from; undefined when no market is displayed at all. */
export function chooseMarket(
  groups: readonly QuotationGroup[],
  query: MarketIds,
  stored: MarketIds,
): { item: QuotationItem; source: MarketSource } | undefined {
  const fromQuery = findMarket(groups, parseId(query.legalId), parseId(query.currencyId));
  if (fromQuery) return { item: fromQuery, source: 'query' };
  const fromStorage = findMarket(groups, parseId(stored.legalId), parseId(stored.currencyId));
  if (fromStorage) return { item: fromStorage, source: 'stored' };
  for (const g of groups) {
    const first = g.quotation.find(isDisplayed);
    if (first) return { item: first, source: 'default' };
  }
  return undefined;
}
