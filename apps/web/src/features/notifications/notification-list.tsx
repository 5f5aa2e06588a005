import type { Notification } from '@oryx/contracts/notifications/calls';
import { useMarkRead } from './api';
import { useNotificationText } from './use-notification-text';
import styles from './notifications.module.css';

const timeOf = (ms: number) => new Date(ms).toLocaleString();

/** Notifications as buttons: the text in the reader's language and the time; a click marks it read. */
export function NotificationList({ list }: { list: Notification[] }) {
  const { text } = useNotificationText();
  const markRead = useMarkRead();
  return (
    <ul className={styles.list} data-testid="notification-list">
      {list.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            className={`${styles.item} ${n.read_at === null ? styles.itemUnread : ''}`}
            data-kind={n.kind}
            onClick={() => n.read_at === null && markRead.mutate({ id: n.id })}
          >
            <span className={styles.itemText}>{text(n)}</span>
            <span className={styles.itemTime}>{timeOf(n.created_at)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
