import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CandleChart } from '@/shared/chart/candle-chart';
import { useQuotation, type QuotationItem } from '@/shared/market/quotation';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { PageSpinner } from '@/shared/ui/spinner';
import { useDeal } from './api/spot-api';
import { MarketList } from './components/market-list';
import { MyOrders } from './components/my-orders';
import { OrderBook } from './components/order-book';
import { RecentTrades } from './components/recent-trades';
import { TickerHeader } from './components/ticker-header';
import { TradePanel } from './components/trade-panel';
import styles from './spot.module.css';

/** Specification part 1 §9: the chart's price scale outside the micro page. */
const PRICE_SCALE = 100_000;

/**
 * /dealCenter?legalId=&currencyId=: spot trading. The market comes from the query, else from the stored
 * selection, else the first market of the first group. Choosing a market stores it and moves the query.
 */
export default function DealCenterPage() {
  const { t } = useTranslation('spot');
  const [params, setParams] = useSearchParams();
  const quotation = useQuotation();
  const groups = useMemo(
    () => (quotation.data ?? []).filter((g) => g.quotation.some((q) => q.is_display === 1)),
    [quotation.data],
  );
  const all = useMemo(() => groups.flatMap((g) => g.quotation.filter((q) => q.is_display === 1)), [groups]);

  const wanted = {
    legalId: Number(params.get('legalId') ?? storage.get(STORAGE_KEYS.dealLegalId) ?? 0),
    currencyId: Number(params.get('currencyId') ?? storage.get(STORAGE_KEYS.dealCurrencyId) ?? 0),
  };
  const item: QuotationItem | undefined =
    all.find((q) => q.legal_id === wanted.legalId && q.currency_id === wanted.currencyId) ??
    groups[0]?.quotation[0];
  const [groupIndex, setGroupIndex] = useState(() => Number(storage.get(STORAGE_KEYS.dealIndex1) ?? 0));
  const deal = useDeal(item?.legal_id ?? 0, item?.currency_id ?? 0);
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);

  useEffect(() => {
    if (deal.data) storage.set(STORAGE_KEYS.dealPrice, deal.data.last_price);
  }, [deal.data?.last_price]); // eslint-disable-line react-hooks/exhaustive-deps

  const select = (q: QuotationItem) => {
    storage.set(STORAGE_KEYS.dealLegalId, String(q.legal_id));
    storage.set(STORAGE_KEYS.dealCurrencyId, String(q.currency_id));
    storage.set(STORAGE_KEYS.dealLegalName, q.legal_name);
    storage.set(STORAGE_KEYS.dealCurrencyName, q.currency_name);
    setPicked(null);
    setParams({ legalId: String(q.legal_id), currencyId: String(q.currency_id) });
  };
  const chooseGroup = (i: number) => {
    setGroupIndex(i);
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
            groupIndex={Math.min(groupIndex, Math.max(groups.length - 1, 0))}
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
