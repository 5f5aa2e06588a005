import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useUserInfo } from '@/shared/session/get-user-info';
import { useSocketEvent, useSocketJoined } from '@/shared/socket/use-socket-event';
import { Dropdown } from '@/shared/ui/dropdown';
import { BellIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { NOTIFICATIONS, useMarkRead, useNotifications } from './api';
import { NotificationList } from './notification-list';
import { useNotificationText } from './use-notification-text';
import styles from './notifications.module.css';

/** The bell lists the latest few; the page (/notifications) has them all. */
const BELL_LIST_SIZE = 6;

/**
 * The logged-in user's notification centre in the header: the unread count on the bell, the latest
 * ones in its panel, and a toast for each new one pushed on the socket (`notification`).
 */
export function NotificationBell() {
  const { t, ready, text } = useNotificationText();
  const queryClient = useQueryClient();
  // Asked once the session is known good (user/info answered), so a stale token is reported by one call.
  const session = useUserInfo();
  const latest = useNotifications({ page: 1, limit: BELL_LIST_SIZE, unread: 0 }, session.isSuccess);
  const markRead = useMarkRead();
  // Pushed while the socket was not in the user's room (loading, reconnecting): read again on joining.
  useSocketJoined(() => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS }));
  useSocketEvent('notification', (n) => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS });
    if (ready) toast.info(text(n));
  });
  const unread = latest.data?.unread ?? 0;
  const label = ready ? t('bell') : '';
  return (
    <Dropdown
      label={unread > 0 && ready ? `${label} · ${t('unreadCount', { count: unread })}` : label}
      trigger={
        <span className={styles.bell} data-testid="notification-bell">
          <BellIcon />
          {unread > 0 && (
            <span className={styles.badge} data-testid="notification-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </span>
      }
      panelClassName={styles.panel}
    >
      {(close) => (
        <>
          <div className={styles.panelHead}>
            <span>{label}</span>
            <button
              type="button"
              className={styles.linkButton}
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: 1 })}
            >
              {ready && t('markAllRead')}
            </button>
          </div>
          {latest.isPending || !ready ? (
            <div className={styles.state}>
              <Spinner size={16} />
            </div>
          ) : (latest.data?.list.length ?? 0) === 0 ? (
            <div className={styles.state}>{t('empty')}</div>
          ) : (
            <NotificationList list={latest.data?.list ?? []} onOpen={close} />
          )}
          <Link className={styles.footer} to="/notifications" onClick={close}>
            {ready && t('viewAll')}
          </Link>
        </>
      )}
    </Dropdown>
  );
}
