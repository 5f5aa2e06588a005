import { useTranslation } from 'react-i18next';
import { formatGrouped } from '@/shared/lib/display-decimal';
import { formatPrice } from '@/shared/market/price';
import type { Deal } from '../api/get-deal';
import styles from '../spot.module.css';

/** The latest trades (newest first), kept live by `match_trade`. */
export function RecentTrades({ deal }: { deal: Deal | undefined }) {
  const { t } = useTranslation('spot');
  const { t: tc } = useTranslation();
  const trades = deal?.complete ?? [];
  return (
    <section className={styles.card} aria-label={t('trades.title')} data-testid="spot-trades">
      <h2 className={styles.cardTitle}>{t('trades.title')}</h2>
      <div className={styles.bookHead}>
        <span>{tc('time.withZone', { label: t('trades.time') })}</span>
        <span>{t('book.price')}</span>
        <span className={styles.right}>{t('book.amount')}</span>
      </div>
      {trades.length === 0 ? (
        <p className={styles.bookEmpty}>{t('trades.empty')}</p>
      ) : (
        <ol className={styles.tradeList}>
          {trades.map((tr) => (
            <li key={tr.id} className={styles.tradeRow} data-testid="recent-trade">
              <span className={`num ${styles.muted}`}>{tr.time.slice(-8)}</span>
              <span className={`num ${tr.direction === 'buy' ? 'up' : 'down'}`}>
                {formatPrice(tr.price, deal?.price_decimals)}
              </span>
              <span className={`num ${styles.right}`}>{formatGrouped(tr.number, 4)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
