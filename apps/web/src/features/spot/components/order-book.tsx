import { useTranslation } from 'react-i18next';
import { convertDecimal, formatDecimal } from '@/shared/lib/display-decimal';
import type { Deal } from '../api/get-deal';
import styles from '../spot.module.css';

/** Order book rows shown per side. */
export const BOOK_ROWS = 10;
/** Specification part 1 §9: order book prices to 8 decimals, amounts to 4. */
const PRICE_DECIMALS = 8;
const AMOUNT_DECIMALS = 4;

/**
 * Sell depth above (best ask nearest the middle), the last price, buy depth below. Clicking a row picks
 * its price. The CNY figure follows the live last price at `cnyRate` (CNY per quote unit, the market
 * group's fiat_convert_cny); the call's own user_cny is only right for the price it was sent with.
 */
export function OrderBook({
  deal,
  cnyRate,
  onPick,
}: {
  deal: Deal | undefined;
  cnyRate?: string | undefined;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation('spot');
  const cny = deal ? (cnyRate && convertDecimal(deal.last_price, cnyRate, 2)) || deal.user_cny : '--';
  const asks = (deal?.out ?? []).slice(0, BOOK_ROWS);
  const bids = (deal?.in ?? []).slice(0, BOOK_ROWS);
  const max = [...asks, ...bids].reduce((m, l) => Math.max(m, Number(l.number)), 0) || 1;
  const row = (side: 'ask' | 'bid', l: { price: string; number: string }, i: number) => (
    <li
      key={`${side}-${l.price}-${i}`}
      className={styles.bookRow}
      onClick={() => onPick(l.price)}
      data-testid={`book-${side}`}
    >
      <span
        className={`${styles.depthBar} ${side === 'ask' ? styles.depthBar_ask : styles.depthBar_bid}`}
        style={{ width: `${Math.min(100, (Number(l.number) / max) * 100)}%` }}
        aria-hidden="true"
      />
      <span className={`num ${side === 'ask' ? 'down' : 'up'}`}>
        {formatDecimal(l.price, PRICE_DECIMALS)}
      </span>
      <span className={`num ${styles.right}`}>{formatDecimal(l.number, AMOUNT_DECIMALS)}</span>
    </li>
  );
  return (
    <section className={styles.card} aria-label={t('book.title')} data-testid="spot-book">
      <h2 className={styles.cardTitle}>{t('book.title')}</h2>
      <div className={styles.bookHead}>
        <span>
          {t('book.price')} ({deal?.legal_name ?? ''})
        </span>
        <span className={styles.right}>
          {t('book.amount')} ({deal?.currency_name ?? ''})
        </span>
      </div>
      <ol className={styles.bookSide} aria-label={t('book.sell')}>
        {asks.length === 0 ? (
          <li className={styles.bookEmpty}>{t('book.empty')}</li>
        ) : (
          [...asks].reverse().map((l, i) => row('ask', l, i))
        )}
      </ol>
      <div className={styles.bookLast} data-testid="book-last">
        <span className="num">{deal ? formatDecimal(deal.last_price, PRICE_DECIMALS) : '--'}</span>
        <small className={styles.muted} data-testid="book-cny">
          ≈ ¥{cny}
        </small>
      </div>
      <ol className={styles.bookSide} aria-label={t('book.buy')}>
        {bids.length === 0 ? (
          <li className={styles.bookEmpty}>{t('book.empty')}</li>
        ) : (
          bids.map((l, i) => row('bid', l, i))
        )}
      </ol>
    </section>
  );
}
