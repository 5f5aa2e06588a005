import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CandleChart } from '@/shared/chart/candle-chart';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { useQuotation, type QuotationItem } from '@/shared/market/quotation';
import { useSocketStatus } from '@/shared/socket/connection';
import { LiveBadge, LiveNotice } from '@/shared/socket/live-notice';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import { Button } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { Tabs } from '@/shared/ui/tabs';
import { useDeal } from './api/get-deal';
import { MarketList } from './components/market-list';
import { MyOrders } from './components/my-orders';
import { OrderBook } from './components/order-book';
import { RecentTrades } from './components/recent-trades';
import { TickerHeader } from './components/ticker-header';
import { TradePanel } from './components/trade-panel';
import { chooseMarket, groupIndexOf, isDisplayed, parseIndex } from './market-choice';
import styles from './spot.module.css';

/** The chart's price scale outside the micro page. */
const PRICE_SCALE = 100_000;
/** The chart card's height beyond the chart itself: its padding and the interval buttons. */
const CHART_CHROME = 68;
const MARKETS_ID = 'spot-market-list';
const FORM_ID = 'spot-trade-form';
type View = 'chart' | 'book' | 'trades';

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
  const status = useSocketStatus();
  const chartHeight = useChartHeight();
  // The desktop grid gives the chart's row exactly the chart's height (the book beside it scrolls).
  const gridStyle = { '--chart-row': `${chartHeight + CHART_CHROME}px` } as CSSProperties;
  // Narrower screens: the market list behind a button, chart / book / trades as tabs, one form side.
  const [marketsOpen, setMarketsOpen] = useState(false);
  const [view, setView] = useState<View>('chart');
  const [formSide, setFormSide] = useState<'buy' | 'sell'>('buy');

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
    setMarketsOpen(false);
  };
  const chooseGroup = (i: number) => {
    setChosenGroup(i);
    storage.set(STORAGE_KEYS.dealIndex1, String(i));
  };

  if (quotation.isLoading) return <PageSpinner />;
  if (!item) return <p className={styles.emptyPage}>{t('markets.none')}</p>;
  const cnyRate = groups[itemGroup]?.fiat_convert_cny;
  // Only a drop greys the prices: before the first connection they are the fresh snapshot of the calls.
  const isLive = status !== 'reconnecting';
  const showSide = (side: 'buy' | 'sell') => {
    setFormSide(side);
    document.getElementById(FORM_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div
      className={`${styles.page} ${isLive ? '' : styles.page_stale}`}
      data-testid="deal-center"
      data-live={isLive}
    >
      <LiveNotice status={status} />
      <div className={styles.grid} data-view={view} data-side={formSide} style={gridStyle}>
        <div className={styles.areaHead}>
          <section className={`${styles.card} ${styles.headCard}`} aria-label={item.symbol}>
            <button
              type="button"
              className={styles.marketPicker}
              aria-expanded={marketsOpen}
              aria-controls={MARKETS_ID}
              onClick={() => setMarketsOpen((o) => !o)}
              data-testid="spot-market-picker"
            >
              <span className={styles.muted}>{t('markets.choose')}</span>
              <ChevronIcon open={marketsOpen} />
            </button>
            <TickerHeader item={item} deal={deal.data} live={<LiveBadge status={status} />} />
          </section>
        </div>
        <div className={styles.areaMarkets} id={MARKETS_ID} data-open={marketsOpen}>
          <MarketList
            groups={groups}
            groupIndex={groupIndex}
            onGroup={chooseGroup}
            selectedId={item.id}
            onSelect={select}
          />
        </div>
        <div className={styles.viewTabs}>
          <Tabs
            variant="line"
            aria-label={t('view.label')}
            value={view}
            onChange={setView}
            items={[
              { key: 'chart', label: t('chart.title') },
              { key: 'book', label: t('book.title') },
              { key: 'trades', label: t('trades.title') },
            ]}
          />
        </div>
        <section className={`${styles.card} ${styles.areaChart}`} aria-label={t('chart.title')}>
          <CandleChart
            symbol={item.symbol}
            priceScale={PRICE_SCALE}
            priceDecimals={item.price_decimals}
            noDataText={t('chart.noData')}
            intervalsLabel={t('chart.intervals')}
            height={chartHeight}
          />
        </section>
        <div className={`${styles.areaBook} ${styles.liveData}`}>
          <OrderBook
            deal={deal.data}
            cnyRate={cnyRate}
            onPick={(price) => setPicked({ price, at: Date.now() })}
          />
        </div>
        <div className={`${styles.areaTrades} ${styles.liveData}`}>
          <RecentTrades deal={deal.data} />
        </div>
        <div className={styles.areaForm} id={FORM_ID}>
          {deal.data ? (
            <TradePanel deal={deal.data} picked={picked} key={deal.data.match_id} />
          ) : (
            <section className={styles.card}>
              <PageSpinner />
            </section>
          )}
        </div>
        <div className={styles.areaOrders}>
          <MyOrders matchId={item.id} />
        </div>
      </div>
      {deal.data && (
        <div className={styles.stickyBar} data-testid="spot-sticky-bar">
          <Button variant="up" block onClick={() => showSide('buy')} data-testid="spot-sticky-buy">
            {t('panel.buy', { coin: deal.data.currency_name })}
          </Button>
          <Button variant="down" block onClick={() => showSide('sell')} data-testid="spot-sticky-sell">
            {t('panel.sell', { coin: deal.data.currency_name })}
          </Button>
        </div>
      )}
    </div>
  );
}

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      className={open ? styles.chevronOpen : ''}
    >
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
