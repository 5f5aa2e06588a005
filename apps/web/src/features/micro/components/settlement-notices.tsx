import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { MicroOrderRow } from '@oryx/contracts/micro/calls';
import { formatPrice } from '@/shared/market/price';
import { CloseIcon } from '@/shared/ui/icons';
import styles from '../micro.module.css';

/** How long a result stays on screen, and how many at most (the newest win). */
export const NOTICE_MS = 8000;
const VISIBLE_MAX = 3;

type Notice = Pick<
  MicroOrderRow,
  | 'id'
  | 'symbol_name'
  | 'type'
  | 'seconds'
  | 'number'
  | 'currency_name'
  | 'open_price'
  | 'end_price'
  | 'fact_profits'
  | 'result'
>;

let notices: Notice[] = [];
/** Every order announced once, whether the push or the fallback read told of it first. */
const announced = new Set<number>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number): void {
  if (!notices.some((n) => n.id === id)) return;
  notices = notices.filter((n) => n.id !== id);
  emit();
}

/** Shows the result of a closed order of the user's (once per order). */
export function announceSettlement(row: MicroOrderRow): void {
  if (row.status !== 3 || announced.has(row.id)) return;
  announced.add(row.id);
  notices = [...notices, row].slice(-VISIBLE_MAX);
  emit();
  window.setTimeout(() => dismiss(row.id), NOTICE_MS);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** 'win' | 'draw' | 'loss' from the row, or from the sign of `fact_profits` if the result is missing. */
const outcomeOf = (n: Notice): 'win' | 'draw' | 'loss' =>
  n.result === 'win' || n.result === 'draw' || n.result === 'loss'
    ? n.result
    : n.fact_profits.startsWith('-')
      ? 'loss'
      : /^0(\.0*)?$/.test(n.fact_profits)
        ? 'draw'
        : 'win';

/**
 * The results of the user's orders as they settle, so nobody has to open the closed tab to learn
 * them: won (+profit), lost (-stake) or draw (stake returned), with the pair, direction and prices.
 */
export function SettlementNotices() {
  const list = useSyncExternalStore(subscribe, () => notices);
  const { t } = useTranslation('micro');
  const { t: tc } = useTranslation();
  return createPortal(
    <div className={styles.notices} role="region" aria-label={t('notice.region')} aria-live="polite">
      {list.map((n) => {
        const outcome = outcomeOf(n);
        const amount =
          outcome === 'win' ? `+${n.fact_profits}` : outcome === 'loss' ? n.fact_profits : n.number;
        return (
          <div
            key={n.id}
            className={`${styles.notice} ${styles[`notice_${outcome}`] ?? ''}`}
            role="status"
            data-testid="micro-settled"
            data-outcome={outcome}
          >
            <div className={styles.noticeHead}>
              <span className={styles.noticeTitle}>{t('notice.settled')}</span>
              <button
                type="button"
                className={styles.noticeClose}
                aria-label={tc('actions.close')}
                onClick={() => dismiss(n.id)}
              >
                <CloseIcon />
              </button>
            </div>
            <strong className={`${styles.noticeResult} num`} data-testid="micro-settled-result">
              {t(`notice.${outcome}`, { amount, currency: n.currency_name })}
            </strong>
            <span className={styles.noticeMeta}>
              {n.symbol_name} · {n.type === 1 ? t('orders.up') : t('orders.down')} ·{' '}
              {t('panel.seconds', { seconds: n.seconds })} · {n.number} {n.currency_name}
            </span>
            <span className={`${styles.noticeMeta} num`}>
              {t('notice.prices', {
                // The server sends order prices with the market's tick decimals.
                open: formatPrice(n.open_price, undefined),
                end: n.end_price ? formatPrice(n.end_price, undefined) : '--',
              })}
            </span>
          </div>
        );
      })}
    </div>,
    document.body,
  );
}
