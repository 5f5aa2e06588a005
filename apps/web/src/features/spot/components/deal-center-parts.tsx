import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '@/shared/market/quotation';
import type { SocketStatus } from '@/shared/socket/connection';
import { LiveBadge } from '@/shared/socket/live-notice';
import { Button } from '@/shared/ui/button';
import { Tabs } from '@/shared/ui/tabs';
import type { Deal } from '../api/get-deal';
import styles from '../spot.module.css';
import { TickerHeader } from './ticker-header';

export type View = 'chart' | 'book' | 'trades';

interface HeadCardProps {
  item: QuotationItem;
  deal: Deal | undefined;
  status: SocketStatus;
  marketsOpen: boolean;
  onToggleMarkets: () => void;
  /** The id of the market list the picker opens. */
  marketsId: string;
}

/** The ticker, with the button that opens the market list on narrower screens. */
export function HeadCard({ item, deal, status, marketsOpen, onToggleMarkets, marketsId }: HeadCardProps) {
  const { t } = useTranslation('spot');
  return (
    <section className={`${styles.card} ${styles.headCard}`} aria-label={item.symbol}>
      <button
        type="button"
        className={styles.marketPicker}
        aria-expanded={marketsOpen}
        aria-controls={marketsId}
        onClick={onToggleMarkets}
        data-testid="spot-market-picker"
      >
        <span className={styles.muted}>{t('markets.choose')}</span>
        <ChevronIcon open={marketsOpen} />
      </button>
      <TickerHeader item={item} deal={deal} live={<LiveBadge status={status} />} />
    </section>
  );
}

/** Narrower screens: the chart, the book or the trades. */
export function ViewTabs({ view, onView }: { view: View; onView: (view: View) => void }) {
  const { t } = useTranslation('spot');
  return (
    <div className={styles.viewTabs}>
      <Tabs
        variant="line"
        aria-label={t('view.label')}
        value={view}
        onChange={onView}
        items={[
          { key: 'chart', label: t('chart.title') },
          { key: 'book', label: t('book.title') },
          { key: 'trades', label: t('trades.title') },
        ]}
      />
    </div>
  );
}

/** Narrower screens: buy and sell buttons kept in view, each showing its side of the form. */
export function StickyBar({ deal, onSide }: { deal: Deal; onSide: (side: 'buy' | 'sell') => void }) {
  const { t } = useTranslation('spot');
  return (
    <div className={styles.stickyBar} data-testid="spot-sticky-bar">
      <Button variant="up" block onClick={() => onSide('buy')} data-testid="spot-sticky-buy">
        {t('panel.buy', { coin: deal.currency_name })}
      </Button>
      <Button variant="down" block onClick={() => onSide('sell')} data-testid="spot-sticky-sell">
        {t('panel.sell', { coin: deal.currency_name })}
      </Button>
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
