import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { formatPrice, usePriceDecimals } from '@/shared/market/price';
import type { LeverDeal } from '../api/get-lever-deal';
import styles from '../lever.module.css';

/** The lever book shows 8 levels a side. */
export const LEVER_BOOK_ROWS = 8;
const AMOUNT_DECIMALS = 4;

/**
 * Asks above (best ask nearest the middle), the mark price, bids below. `out` arrives highest first,
 * best ask last, as the deal call and the depth push send it. A click picks the price for a limit order.
 */
export function LeverBook({
  deal,
  quote,
  base,
  onPick,
}: {
  deal: LeverDeal | undefined;
  quote: string;
  base: string;
  onPick: (price: string) => void;
}) {
  const { t } = useTranslation('lever');
  const decimals = usePriceDecimals(deal ? { legalId: deal.legal_id, currencyId: deal.currency_id } : null);
  const asks = (deal?.lever_transaction.out ?? []).slice(-LEVER_BOOK_ROWS);
  const bids = (deal?.lever_transaction.in ?? []).slice(0, LEVER_BOOK_ROWS);
  const row = (side: 'ask' | 'bid', l: { price: string; number: string }, i: number) => (
    <li key={`${side}-${i}`}>
      <button
        type="button"
        className={styles.bookRow}
        onClick={() => onPick(l.price)}
        data-testid={`lever-${side}`}
      >
        <span className={`num ${side === 'ask' ? 'down' : 'up'}`}>{formatPrice(l.price, decimals)}</span>
        <span className={`num ${styles.right}`}>{formatDecimal(l.number, AMOUNT_DECIMALS)}</span>
      </button>
    </li>
  );
  const empty = <li className={styles.muted}>{t('ui.book.empty')}</li>;
  return (
    <section className={styles.card} aria-label={t('ui.book.title')} data-testid="lever-book">
      <h2 className={styles.cardTitle}>{t('ui.book.title')}</h2>
      <div className={styles.bookHead}>
        <span>
          {t('ui.book.price')} ({quote})
        </span>
        <span className={styles.right}>
          {t('ui.book.amount')} ({base})
        </span>
      </div>
      <ol className={styles.bookSide} aria-label={t('ui.book.asks')}>
        {asks.length === 0 ? empty : asks.map((l, i) => row('ask', l, i))}
      </ol>
      <div className={styles.bookLast} data-testid="lever-last">
        <span className="num">{deal ? formatPrice(deal.last_price, decimals) : '--'}</span>
      </div>
      <ol className={styles.bookSide} aria-label={t('ui.book.bids')}>
        {bids.length === 0 ? empty : bids.map((l, i) => row('bid', l, i))}
      </ol>
    </section>
  );
}
