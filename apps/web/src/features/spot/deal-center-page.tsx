import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CandleChart } from '@/shared/chart/candle-chart';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import type { QuotationItem } from '@/shared/market/quotation';
import { useSocketStatus } from '@/shared/socket/connection';
import { LiveNotice } from '@/shared/socket/live-notice';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { PageSpinner } from '@/shared/ui/spinner';
import { useDeal, type Deal } from './api/get-deal';
import { HeadCard, StickyBar, ViewTabs, type View } from './components/deal-center-parts';
import { MarketList } from './components/market-list';
import { MyOrders } from './components/my-orders';
import { OrderBook } from './components/order-book';
import { RecentTrades } from './components/recent-trades';
import { TradePanel } from './components/trade-panel';
import { useMarketSelection } from './components/use-market-selection';
import styles from './spot.module.css';

/** The chart's price scale outside the micro page. */
const PRICE_SCALE = 100_000;
/** The chart card's height beyond the chart itself: its padding and the interval buttons. */
const CHART_CHROME = 68;
const MARKETS_ID = 'spot-market-list';
const FORM_ID = 'spot-trade-form';

/**
 * The chart's height: on a desktop (1280 px and wider) what is left of the window once the ticker and
 * room for the open orders are taken, so the whole deal centre fits one screen; fixed on smaller screens.
 */
function useChartHeight(): number {
  const desktop = useMediaQuery('(min-width: 1280px)');
  const phone = useMediaQuery('(max-width: 799px)');
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (phone) return 300;
  if (!desktop) return 400;
  // Steps of 20 px, so a resize does not redraw the chart at every pixel.
  return Math.max(240, Math.min(516, Math.floor((windowHeight - 480) / 20) * 20));
}

/**
 * The page's layout: the chart's height and the grid row it fills; on narrower screens the market list
 * behind a button, chart / book / trades as tabs, and one side of the form at a time.
 */
function useLayout() {
  const chartHeight = useChartHeight();
  const [marketsOpen, setMarketsOpen] = useState(false);
  const [view, setView] = useState<View>('chart');
  const [formSide, setFormSide] = useState<'buy' | 'sell'>('buy');
  return {
    chartHeight,
    // The desktop grid gives the chart's row exactly the chart's height (the book beside it scrolls).
    gridStyle: { '--chart-row': `${chartHeight + CHART_CHROME}px` } as CSSProperties,
    marketsOpen,
    setMarketsOpen,
    view,
    setView,
    formSide,
    /** Shows one side of the form and scrolls to it. */
    showSide: (side: 'buy' | 'sell') => {
      setFormSide(side);
      document.getElementById(FORM_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
  };
}

/** The market's last price seen, stored with the chosen market (shared/storage). */
function useStoredPrice(lastPrice: string | undefined) {
  useEffect(() => {
    if (lastPrice !== undefined) storage.set(STORAGE_KEYS.dealPrice, lastPrice);
  }, [lastPrice]);
}

/** The trade panel, once the market's data is there. */
function FormArea({
  deal,
  picked,
}: {
  deal: Deal | undefined;
  picked: { price: string; at: number } | null;
}) {
  if (!deal) {
    return (
      <section className={styles.card}>
        <PageSpinner />
      </section>
    );
  }
  return <TradePanel deal={deal} picked={picked} key={deal.match_id} />;
}

/** The market's candles. */
function ChartCard({ item, height }: { item: QuotationItem; height: number }) {
  const { t } = useTranslation('spot');
  return (
    <section className={`${styles.card} ${styles.areaChart}`} aria-label={t('chart.title')}>
      <CandleChart
        symbol={item.symbol}
        priceScale={PRICE_SCALE}
        priceDecimals={item.price_decimals}
        noDataText={t('chart.noData')}
        intervalsLabel={t('chart.intervals')}
        height={height}
      />
    </section>
  );
}

/**
 * /dealCenter?legalId=&currencyId=: spot trading: the ticker, the market list, the chart, the book and
 * the trades, the trade panel and my orders. Which market: components/use-market-selection.ts.
 */
export default function DealCenterPage() {
  const { t } = useTranslation('spot');
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const { item, ...market } = useMarketSelection(() => setPicked(null));
  const deal = useDeal(item?.legal_id ?? 0, item?.currency_id ?? 0);
  const status = useSocketStatus();
  const layout = useLayout();
  const { chartHeight, marketsOpen, setMarketsOpen, view } = layout;

  useStoredPrice(deal.data?.last_price);

  const select = (q: QuotationItem) => {
    market.select(q);
    setMarketsOpen(false);
  };

  if (market.isLoading) return <PageSpinner />;
  if (!item) return <p className={styles.emptyPage}>{t('markets.none')}</p>;
  // Only a drop greys the prices: before the first connection they are the fresh snapshot of the calls.
  const isLive = status !== 'reconnecting';
  return (
    <div
      className={`${styles.page} ${isLive ? '' : styles.page_stale}`}
      data-testid="deal-center"
      data-live={isLive}
    >
      <LiveNotice status={status} />
      <div className={styles.grid} data-view={view} data-side={layout.formSide} style={layout.gridStyle}>
        <div className={styles.areaHead}>
          <HeadCard
            item={item}
            deal={deal.data}
            status={status}
            marketsOpen={marketsOpen}
            onToggleMarkets={() => setMarketsOpen((o) => !o)}
            marketsId={MARKETS_ID}
          />
        </div>
        <div className={styles.areaMarkets} id={MARKETS_ID} data-open={marketsOpen}>
          <MarketList
            groups={market.groups}
            groupIndex={market.groupIndex}
            onGroup={market.chooseGroup}
            selectedId={item.id}
            onSelect={select}
          />
        </div>
        <ViewTabs view={view} onView={layout.setView} />
        <ChartCard item={item} height={chartHeight} />
        <div className={`${styles.areaBook} ${styles.liveData}`}>
          <OrderBook
            deal={deal.data}
            cnyRate={market.cnyRate}
            onPick={(price) => setPicked({ price, at: Date.now() })}
          />
        </div>
        <div className={`${styles.areaTrades} ${styles.liveData}`}>
          <RecentTrades deal={deal.data} />
        </div>
        <div className={styles.areaForm} id={FORM_ID}>
          <FormArea deal={deal.data} picked={picked} />
        </div>
        <div className={styles.areaOrders}>
          <MyOrders matchId={item.id} />
        </div>
      </div>
      {deal.data && <StickyBar deal={deal.data} onSide={layout.showSide} />}
    </div>
  );
}
