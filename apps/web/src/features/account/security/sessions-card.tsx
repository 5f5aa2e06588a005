import { useTranslation } from 'react-i18next';
import { formatExchangeTime } from '@oryx/contracts/time';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useSessions } from '../api/get-sessions';
import { useEndSession } from '../api/end-session';
import { useEndOtherSessions } from '../api/end-other-sessions';
import page from '../account.module.css';
import styles from './security.module.css';

/** Open sessions: this device first marked, "log out" on each other one, "log out all others". */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  const onEndOthers = async () => {
    if (!(await confirm({ message: t('sessions.confirmOthers'), danger: true }))) return;
    endOthers.mutate(undefined, {
      onSuccess: (r) => toast.success(t('sessions.endedOthers', { count: r.ended })),
    });
  };

  return (
    <section className={page.card} data-testid="sessions">
      <div className={styles.head}>
        <h2 className={page.sectionTitle}>{t('sessions.title')}</h2>
        <Button
          variant="secondary"
          size="sm"
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() => void onEndOthers()}
        >
          {t('sessions.endOthers')}
        </Button>
      </div>
      {sessions.isPending ? (
        <Skeleton height={48} />
      ) : (
        <ul className={styles.sessions}>
          {[...list]
            .sort((a, b) => Number(b.current) - Number(a.current))
            .map((s) => (
              <li key={s.id} className={styles.session} data-testid="session-row">
                <div className={styles.sessionText}>
                  <span className={styles.sessionTitle}>{s.device || '—'}</span>
                  <span className={page.muted}>
                    {s.ip || '—'} · {t('sessions.since', { time: formatExchangeTime(s.created_at) })}
                  </span>
                </div>
                {s.current ? (
                  <span className={`${styles.badge} ${styles.badge_on}`}>{t('sessions.current')}</span>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={endOne.isPending && endOne.variables === s.id}
                    onClick={() =>
                      endOne.mutate(s.id, { onSuccess: () => toast.success(t('sessions.ended')) })
                    }
                  >
                    {t('sessions.endOne')}
                  </Button>
                )}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
