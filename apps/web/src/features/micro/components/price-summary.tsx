import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import { changeSign, formatChange, formatGrouped } from '@/shared/market/decimal';
import { formatPrice } from '@/shared/market/price';
import { useValuation } from '@/shared/market/valuation';
import styles from '../micro.module.css';

/**
 * Latest price (4 decimals), change % (2), CNY equivalent (2) and volume (0).
 * `live` is the marker saying whether pushes keep them up to date.
 */
export function PriceSummary({ item, live }: { item: QuotationItem; live?: ReactNode }) {
  const { t } = useTranslation('micro');
  const { t: tc } = useTranslation();
  const valuation = useValuation();
  const sign = changeSign(item.change);
  const tone = sign > 0 ? 'up' : sign < 0 ? 'down' : '';
  return (
    <section className={styles.summary} aria-label={item.symbol} data-testid="micro-summary">
      <div className={styles.symbolRow}>
        <h1 className={styles.symbol}>{item.symbol}</h1>
        {live}
      </div>
      <div className={`${styles.stat} ${styles.liveData}`}>
        <span className={styles.statLabel}>{t('summary.latest')}</span>
        <span className={`num ${tone} ${styles.latest}`} data-testid="micro-latest">
          {formatPrice(item.now_price, item.price_decimals)}
        </span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('summary.change')}</span>
        <span className={`num ${tone}`}>{formatChange(item.change)}</span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>
          {tc('valuation.inCurrency', { currency: valuation.currency })}
        </span>
        {/* rmb_relation is the CNY rate of the quote currency: one coin is now_price × rmb_relation. */}
        <span className="num" title={valuation.note || undefined} data-testid="micro-valuation">
          {valuation.format(item.now_price, item.rmb_relation) || '--'}
        </span>
      </div>
      <div className={styles.stat}>
        <span className={styles.statLabel}>{t('summary.volume')}</span>
        <span className="num">{formatGrouped(item.volume, 0)}</span>
      </div>
    </section>
  );
}
