import { useTranslation } from 'react-i18next';
import type { AcceptorDealRow } from '@oryx/contracts/acceptor/calls';
import { timeText } from '../time';
import styles from '../acceptor.module.css';

/** A deal's state; a transferred sell deal also says when it confirms itself. */
/** `viewer`: the user (confirm receipt) or the acceptor (waiting for the user). */
export function DealStatus({ d, viewer = 'user' }: { d: AcceptorDealRow; viewer?: 'user' | 'acceptor' }) {
  const { t } = useTranslation('acceptor');
  const state = d.is_sure === 1 ? 'state1' : d.is_sure === 2 ? 'state2' : 'state0';
  return (
    <span data-testid={`deal-status-${d.id}`}>
      <span className={styles[state]}>{t(`record.${state}`)}</span>
      {d.disputed === 1 && (
        <span className={`${styles.small} ${styles.disputed}`}>{t('record.disputed')}</span>
      )}
      {d.dispute?.result && <span className={styles.small}>{t('record.decided')}</span>}
      {d.auto_confirm_at > 0 && (
        <span className={styles.small}>
          {viewer === 'user'
            ? `${t('record.transferred')} · ${t('record.autoAt', { time: timeText(d.auto_confirm_at, 'ms') })}`
            : t('desk.waitUser', { time: timeText(d.auto_confirm_at, 'ms') })}
        </span>
      )}
    </span>
  );
}

/** Created, and updated only when set. */
export function DealTimes({ d }: { d: AcceptorDealRow }) {
  const { t } = useTranslation('acceptor');
  return (
    <span className={styles.num}>
      {timeText(d.create_time)}
      {d.update_time > 0 && (
        <span className={styles.small}>
          {t('record.updated')} {timeText(d.update_time)}
        </span>
      )}
    </span>
  );
}
