import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '@/shared/market/quotation';
import { changeSign, formatGrouped } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import type { Deal } from '../api/get-deal';
import styles from '../spot.module.css';

/**
 * Pair, last price (from the deal data, live), 24 h change, high, low and volume (from the quotation,
 * live); `live` is the marker saying whether pushes keep them so.
 */
export function TickerHeader({
  item,
  deal,
  live,
}: {
  item: QuotationItem | undefined;
  deal: Deal | undefined;
  live?: ReactNode;
}) {
  const { t } = useTranslation('spot');
  const sign = changeSign(item?.change ?? '0');
  const dp = deal?.price_decimals ?? item?.price_decimals;
  return (
    <div className={styles.ticker} data-testid="spot-ticker">
      <div className={styles.tickerTitle}>
        <h1 className={styles.tickerPair}>{deal?.symbol ?? item?.symbol ?? ''}</h1>
        {live}
      </div>
      <div className={`${styles.tickerItem} ${styles.liveData}`}>
        <span className={styles.muted}>{t('ticker.last')}</span>
        <strong className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`} data-testid="spot-last-price">
          {deal ? formatPrice(deal.last_price, dp) : '--'}
        </strong>
      </div>
      <div className={styles.tickerItem}>
        <span className={styles.muted}>{t('ticker.change')}</span>
        <span className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}>
          {item ? `${item.change}%` : '--'}
        </span>
      </div>
      <div className={styles.tickerItem}>
        <span className={styles.muted}>{t('ticker.high')}</span>
        <span className="num">{item ? formatPrice(item.high, dp) : '--'}</span>
      </div>
      <div className={styles.tickerItem}>
        <span className={styles.muted}>{t('ticker.low')}</span>
        <span className="num">{item ? formatPrice(item.low, dp) : '--'}</span>
      </div>
      <div className={styles.tickerItem}>
        <span className={styles.muted}>{t('ticker.volume')}</span>
        <span className="num">
          {item ? formatGrouped(item.volume, Math.min(item.amount_decimals, 4)) : '--'} {item?.currency_name}
        </span>
      </div>
    </div>
  );
}
