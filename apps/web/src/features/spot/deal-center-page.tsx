import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CandleChart } from '@/shared/chart/candle-chart';
import { useQuotation, type QuotationItem } from '@/shared/market/quotation';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { PageSpinner } from '@/shared/ui/spinner';
import { useDeal } from './api/get-deal';
import { MarketList } from './components/market-list';
import { MyOrders } from './components/my-orders';
import { OrderBook } from './components/order-book';
import { RecentTrades } from './components/recent-trades';
import { TickerHeader } from './components/ticker-header';
import { TradePanel } from './components/trade-panel';
import { chooseMarket, groupIndexOf, isDisplayed, parseIndex } from './market-choice';
import styles from './spot.module.css';

/** Specification part 1 §9: the chart's price scale outside the micro page. */
const PRICE_SCALE = 100_000;

/**
 * /dealCenter?legalId=&currencyId=: spot trading. The market comes from the query, else from the stored
 * selection, else the first displayed market of the first group (see market-choice.ts). Choosing a
 * market moves the query; a market opened from the query (a list click or a link from home or the
 * market table) is stored, so a plain /dealCenter reopens it, and its group's tab is shown.
 */
export default function DealCenterPage() {
  const { t } = useTranslation('spot');
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
  const deal = useDeal(item?.legal_id ?? 0, item?.currency_id ?? 0);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);

  // The tab the user chose (stored as dealIndex1), or undefined: the tab of the group holding the market.
  const [chosenGroup, setChosenGroup] = useState(() => parseIndex(storage.get(STORAGE_KEYS.dealIndex1)));
  // A market opened from the query shows its own group's tab (adjusted while rendering, so the wrong tab
  // never flashes); a tab click afterwards still wins until the next market is opened.
  const [followedId, setFollowedId] = useState<number>();
  if (fromQuery && fromQuery.id !== followedId) {
    setFollowedId(fromQuery.id);
    setChosenGroup(undefined);
    setPicked(null);
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

  useEffect(() => {
    if (deal.data) storage.set(STORAGE_KEYS.dealPrice, deal.data.last_price);
  }, [deal.data?.last_price]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (q: QuotationItem) => {
    setParams({ legalId: String(q.legal_id), currencyId: String(q.currency_id) });
  };
  const chooseGroup = (i: number) => {
    setChosenGroup(i);
    storage.set(STORAGE_KEYS.dealIndex1, String(i));
  };

  if (quotation.isLoading) return <PageSpinner />;
  if (!item) return <p className={styles.emptyPage}>{t('markets.none')}</p>;
  return (
    <div className={styles.page} data-testid="deal-center">
      <div className={styles.grid}>
        <div className={styles.colLeft}>
          <MarketList
            groups={groups}
            groupIndex={groupIndex}
            onGroup={chooseGroup}
            selectedId={item.id}
            onSelect={select}
          />
        </div>
        <div className={styles.colCenter}>
          <section className={styles.card} aria-label={t('chart.title')}>
            <TickerHeader item={item} deal={deal.data} />
            <CandleChart
              symbol={item.symbol}
              priceScale={PRICE_SCALE}
              noDataText={t('chart.noData')}
              intervalsLabel={t('chart.intervals')}
              height={516}
            />
          </section>
          {deal.data ? (
            <TradePanel deal={deal.data} picked={picked} key={deal.data.match_id} />
          ) : (
            <section className={styles.card}>
              <PageSpinner />
            </section>
          )}
        </div>
        <div className={styles.colRight}>
          <OrderBook deal={deal.data} onPick={(price) => setPicked({ price, at: Date.now() })} />
          <RecentTrades deal={deal.data} />
        </div>
      </div>
      <MyOrders matchId={item.id} />
    </div>
  );
}
