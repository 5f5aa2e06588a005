import { useTranslation } from 'react-i18next';
import type { SocketStatus } from './connection';
import styles from './live-notice.module.css';

/** The "Reconnecting…" line of a trading page: shown while pushes do not arrive (after a drop). */
export function LiveNotice({ status }: { status: SocketStatus }) {
  const { t } = useTranslation();
  if (status !== 'reconnecting') return null;
  return (
    <div className={styles.notice} role="status" aria-live="polite" data-testid="live-notice">
      <span className={styles.spin} aria-hidden="true" />
      <strong>{t('live.reconnecting')}</strong>
      <span className={styles.detail}>{t('live.staleNote')}</span>
    </div>
  );
}

/** A small "Live" / "Not live" marker beside prices that pushes keep up to date. */
export function LiveBadge({ status }: { status: SocketStatus }) {
  const { t } = useTranslation();
  const live = status === 'live';
  return (
    <span
      className={`${styles.badge} ${live ? styles.badge_live : styles.badge_stale}`}
      data-testid="live-badge"
      data-live={live}
    >
      <span className={styles.dot} aria-hidden="true" />
      {t(live ? 'live.live' : 'live.stale')}
    </span>
  );
}
