import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { RequireSession } from '@/shared/session/require-session';
import { Spinner } from '@/shared/ui/spinner';
import { useMarkRead, useNotificationPages } from './api';
import { NotificationList } from './notification-list';
import styles from './notifications.module.css';

/** `/notifications`: every notification of the user, newest first, unread only on demand. */
export default function NotificationsPage() {
  return (
    <RequireSession>
      <NotificationsCentre />
    </RequireSession>
  );
}

function NotificationsCentre() {
  const { t } = useTranslation('notifications');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const q = useNotificationPages(unreadOnly ? 1 : 0);
  const markRead = useMarkRead();
  const list = q.data?.pages.flatMap((p) => p.list) ?? [];
  const unread = q.data?.pages.at(-1)?.unread ?? 0;
  return (
    <div className={styles.page}>
      <div className={styles.pageHead}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <div className={styles.pageActions}>
          <label>
            <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />{' '}
            {t('unreadOnly')}
          </label>
          <Button
            size="sm"
            variant="secondary"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: 1 })}
          >
            {t('markAllRead')}
            {unread > 0 ? ` (${unread})` : ''}
          </Button>
        </div>
      </div>
      <div className={styles.card}>
        {q.isPending ? (
          <div className={styles.state}>
            <Spinner size={18} />
          </div>
        ) : list.length === 0 ? (
          <div className={styles.state}>{t('empty')}</div>
        ) : (
          <NotificationList list={list} />
        )}
        {q.hasNextPage && (
          <div className={styles.more}>
            <Button
              size="sm"
              variant="ghost"
              disabled={q.isFetchingNextPage}
              onClick={() => void q.fetchNextPage()}
            >
              {t('more')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
