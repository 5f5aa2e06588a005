import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupDigits } from '@/shared/lib/display-decimal';
import { useValuation } from '@/shared/market/valuation';
import { formatPrice, tickDecimals } from '@/shared/market/price';
import type { Deal } from '../api/get-deal';
import { bookView, groupSteps, type BookRow } from '../book';
import styles from '../spot.module.css';
import own from './order-book.module.css';

/** Order book rows shown per side. */
export const BOOK_ROWS = 10;
/** Order book amounts to 4 decimals; prices to the market's tick decimals (8 until the deal is known). */
const AMOUNT_DECIMALS = 4;

/**
 * Sell depth above (best ask nearest the middle), the last price, buy depth below; each row shows the
 * amount at its price and the amount from the best price down to it, shaded by that cumulative amount.
 * The levels can be grouped by 1, 10 or 100 ticks. Clicking a row picks its price. The CNY figure follows
 * the live last price at `cnyRate` (CNY per quote unit, the market group's fiat_convert_cny); the call's
 * own user_cny is only right for the price it was sent with.
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
  const valuation = useValuation();
  // The call's user_cny stands in while the group's rate is unknown (CNY only).
  const worth = deal
    ? (cnyRate && valuation.format(deal.last_price, cnyRate)) ||
      (valuation.currency === 'CNY' ? `¥${groupDigits(deal.user_cny)}` : '')
    : '';
  const steps = useMemo(() => groupSteps(deal?.price_tick ?? ''), [deal?.price_tick]);
  const [stepIndex, setStepIndex] = useState(0);
  const step = steps[Math.min(stepIndex, steps.length - 1)] ?? '';
  const priceDecimals = tickDecimals(deal?.price_decimals) ?? 8;
  const view = useMemo(
    () =>
      bookView({ asks: deal?.out ?? [], bids: deal?.in ?? [] }, step, BOOK_ROWS, {
        price: priceDecimals,
        amount: AMOUNT_DECIMALS,
      }),
    [deal?.out, deal?.in, step, priceDecimals],
  );
  const row = (side: 'ask' | 'bid', l: BookRow) => (
    <li
      key={`${side}-${l.price}`}
      className={`${styles.bookRow} ${own.row}`}
      onClick={() => onPick(l.price)}
      data-testid={`book-${side}`}
    >
      <span
        className={`${styles.depthBar} ${side === 'ask' ? styles.depthBar_ask : styles.depthBar_bid}`}
        style={{ width: `${Math.min(100, l.depth)}%` }}
        aria-hidden="true"
      />
      <span className={`num ${side === 'ask' ? 'down' : 'up'}`}>{groupDigits(l.price)}</span>
      <span className={`num ${styles.right}`}>{groupDigits(l.amount)}</span>
      <span className={`num ${styles.right} ${own.total}`}>{groupDigits(l.total)}</span>
    </li>
  );
  return (
    <section className={styles.card} aria-label={t('book.title')} data-testid="spot-book">
      <div className={own.titleRow}>
        <h2 className={styles.cardTitle}>{t('book.title')}</h2>
        {steps.length > 0 && (
          <select
            className={own.grouping}
            aria-label={t('book.grouping')}
            value={Math.min(stepIndex, steps.length - 1)}
            onChange={(e) => setStepIndex(Number(e.target.value))}
            data-testid="book-grouping"
          >
            {steps.map((s, i) => (
              <option key={s} value={i}>
                {s}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className={`${styles.bookHead} ${own.row}`}>
        <span>
          {t('book.price')} ({deal?.legal_name ?? ''})
        </span>
        <span className={styles.right}>
          {t('book.amount')} ({deal?.currency_name ?? ''})
        </span>
        <span className={`${styles.right} ${own.total}`}>
          {t('book.total')} ({deal?.currency_name ?? ''})
        </span>
      </div>
      <ol className={styles.bookSide} aria-label={t('book.sell')}>
        {view.asks.length === 0 ? (
          <li className={styles.bookEmpty}>{t('book.empty')}</li>
        ) : (
          [...view.asks].reverse().map((l) => row('ask', l))
        )}
      </ol>
      <div className={styles.bookLast} data-testid="book-last">
        <span className="num">{deal ? formatPrice(deal.last_price, deal.price_decimals) : '--'}</span>
        <small className={styles.muted} data-testid="book-cny" title={valuation.note || undefined}>
          {worth ? `≈ ${worth}` : '--'}
        </small>
      </div>
      <ol className={styles.bookSide} aria-label={t('book.buy')}>
        {view.bids.length === 0 ? (
          <li className={styles.bookEmpty}>{t('book.empty')}</li>
        ) : (
          view.bids.map((l) => row('bid', l))
        )}
      </ol>
    </section>
  );
}
