import { useNavigate } from 'react-router-dom';
import { formatTime } from '@/shared/lib/time';
import type { Notification } from '@oryx/contracts/notifications/calls';
import { useMarkRead } from './api';
import { notificationLink } from './notification-link';
import { useNotificationText } from './use-notification-text';
import styles from './notifications.module.css';

/** In the exchange's one zone, as every time on the site. */
const timeOf = (ms: number) => formatTime(ms);

/**
 * Notifications as buttons: the text in the reader's language and the time. A click marks it read and
 * opens its subject's page when it has one (`notificationLink`); `onOpen` then runs (the bell closes).
 */
export function NotificationList({ list, onOpen }: { list: Notification[]; onOpen?: () => void }) {
  const { text } = useNotificationText();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const open = (n: Notification) => {
    if (n.read_at === null) markRead.mutate({ id: n.id });
    const to = notificationLink(n);
    if (!to) return;
    onOpen?.();
    void navigate(to);
  };
  return (
    <ul className={styles.list} data-testid="notification-list">
      {list.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            className={`${styles.item} ${n.read_at === null ? styles.itemUnread : ''}`}
            data-kind={n.kind}
            data-link={notificationLink(n) ?? undefined}
            onClick={() => open(n)}
          >
            <span className={styles.itemText}>{text(n)}</span>
            <span className={styles.itemTime}>{timeOf(n.created_at)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
