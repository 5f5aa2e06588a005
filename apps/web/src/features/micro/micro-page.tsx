import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import { CandleChart } from '@/shared/chart/candle-chart';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { useQuotation } from '@/shared/market/quotation';
import { useSocketStatus } from '@/shared/socket/connection';
import { LiveBadge, LiveNotice } from '@/shared/socket/live-notice';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { PageSpinner } from '@/shared/ui/spinner';
import { OrderList } from './components/order-list';
import { PairBar } from './components/pair-bar';
import { PriceSummary } from './components/price-summary';
import { TradePanel } from './components/trade-panel';
import styles from './micro.module.css';

/** The micro page's chart shows prices at scale 10000 (4 decimals). */
const MICRO_PRICE_SCALE = 10_000;
/** The chart's height: 516 px, lower on a phone so the order panel stays near. */
const CHART_HEIGHT = 516;
const PHONE_CHART_HEIGHT = 300;

/**
 * /secondsOrder?legalId=&currencyId=: seconds options on one pair. The pair comes from the query, else
 * from the stored selection (legal_id / currency_id), else the first pair open for micro trading;
 * choosing another pair stores it and rewrites the query.
 */
export default function MicroPage() {
  const { t } = useTranslation('micro');
  const [params, setParams] = useSearchParams();
  const quotation = useQuotation();
  const status = useSocketStatus();
  const isPhone = useMediaQuery('(max-width: 640px)');
  const pairs = useMemo(
    () =>
      (quotation.data ?? []).flatMap((g) =>
        g.quotation.filter((q) => q.is_display === 1 && q.open_microtrade === 1),
      ),
    [quotation.data],
  );
  const legalId = Number(params.get('legalId') ?? storage.get(STORAGE_KEYS.legalId) ?? 0);
  const currencyId = Number(params.get('currencyId') ?? storage.get(STORAGE_KEYS.currencyId) ?? 0);
  const pair: QuotationItem | undefined =
    pairs.find((p) => p.legal_id === legalId && p.currency_id === currencyId) ?? pairs[0];
  const select = (p: QuotationItem) => {
    storage.set(STORAGE_KEYS.legalId, String(p.legal_id));
    storage.set(STORAGE_KEYS.currencyId, String(p.currency_id));
    storage.set(STORAGE_KEYS.legalName, p.legal_name);
    storage.set(STORAGE_KEYS.currencyName, p.currency_name);
    setParams({ legalId: String(p.legal_id), currencyId: String(p.currency_id) }, { replace: true });
  };

  if (quotation.isLoading) return <PageSpinner />;
  return (
    <div
      className={`${styles.page} ${status === 'reconnecting' ? styles.page_stale : ''}`}
      data-testid="micro-page"
      data-live={status !== 'reconnecting'}
    >
      <h1 className={styles.srOnly}>{t('title')}</h1>
      <LiveNotice status={status} />
      <PairBar pairs={pairs} selectedId={pair?.id} onSelect={select} />
      {pair && (
        <>
          <div className={styles.top}>
            <div className={styles.main}>
              <PriceSummary item={pair} live={<LiveBadge status={status} />} />
              <CandleChart
                symbol={pair.symbol}
                priceScale={MICRO_PRICE_SCALE}
                priceDecimals={pair.price_decimals}
                noDataText={t('chart.noData')}
                intervalsLabel={t('chart.intervals')}
                height={isPhone ? PHONE_CHART_HEIGHT : CHART_HEIGHT}
              />
            </div>
            <TradePanel pair={pair} />
          </div>
          <OrderList matchId={pair.id} currentPrice={pair.now_price} />
        </>
      )}
    </div>
  );
}
