import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuotation, type QuotationItem } from '@/shared/market/quotation';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { chooseMarket, groupIndexOf, isDisplayed, parseIndex } from '../market-choice';

/**
 * The deal centre's market and group tab. The market comes from the query, else from the stored
 * selection, else the first displayed market of the first group (see market-choice.ts). Choosing a
 * market moves the query; a market opened from the query (a list click or a link from home or the
 * market table) is stored, so a plain /dealCenter reopens it, and its group's tab is shown.
 * `onOpened` runs (while rendering) when a market is opened from the query.
 */
export function useMarketSelection(onOpened: () => void) {
  const [params, setParams] = useSearchParams();
  const quotation = useQuotation();
  const groups = useMemo(
    () => (quotation.data ?? []).filter((g) => g.quotation.some(isDisplayed)),
    [quotation.data],
  );

  const choice = chooseMarket(
    groups,
    { legalId: params.get('legalId'), currencyId: params.get('currencyId') },
    { legalId: storage.get(STORAGE_KEYS.dealLegalId), currencyId: storage.get(STORAGE_KEYS.dealCurrencyId) },
  );
  const item: QuotationItem | undefined = choice?.item;
  const fromQuery = choice?.source === 'query' ? choice.item : undefined;

  // The tab the user chose (stored as dealIndex1), or undefined: the tab of the group holding the market.
  const [chosenGroup, setChosenGroup] = useState(() => parseIndex(storage.get(STORAGE_KEYS.dealIndex1)));
  // A market opened from the query shows its own group's tab (adjusted while rendering, so the wrong tab
  // never flashes); a tab click afterwards still wins until the next market is opened.
  const [followedId, setFollowedId] = useState<number>();
  if (fromQuery && fromQuery.id !== followedId) {
    setFollowedId(fromQuery.id);
    setChosenGroup(undefined);
    onOpened();
  }
  const itemGroup = Math.max(groupIndexOf(groups, item), 0);
  const groupIndex = Math.min(chosenGroup ?? itemGroup, Math.max(groups.length - 1, 0));

  // Stored under the keys a list click stores, whether the query came from a click or a link.
  useEffect(() => {
    if (!fromQuery) return;
    storage.set(STORAGE_KEYS.dealLegalId, String(fromQuery.legal_id));
    storage.set(STORAGE_KEYS.dealCurrencyId, String(fromQuery.currency_id));
    storage.set(STORAGE_KEYS.dealLegalName, fromQuery.legal_name);
    storage.set(STORAGE_KEYS.dealCurrencyName, fromQuery.currency_name);
    storage.set(STORAGE_KEYS.dealIndex1, String(itemGroup));
  }, [fromQuery?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per market, not per price push

  return {
    isLoading: quotation.isLoading,
    groups,
    item,
    groupIndex,
    /** The CNY rate of the market's group. */
    cnyRate: groups[itemGroup]?.fiat_convert_cny,
    select: (q: QuotationItem) =>
      setParams({ legalId: String(q.legal_id), currencyId: String(q.currency_id) }),
    chooseGroup: (i: number) => {
      setChosenGroup(i);
      storage.set(STORAGE_KEYS.dealIndex1, String(i));
    },
  };
}
