import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useDashboard, useRunLedgerCheck } from './api/get-dashboard';
import { formatTime } from './format';
import styles from './console.module.css';

/** /console: the ledger check, queues waiting for an operator, users, system accounts, 24 h volumes. */
export default function DashboardPage() {
  const { t } = useTranslation('console');
  const d = useDashboard();
  const run = useRunLedgerCheck();
  if (!d.data) return <PageSpinner />;
  const { ledger_check: check, queues, users, system_accounts, volumes_24h } = d.data;

  return (
    <>
      <section className={styles.card}>
        <div className={styles.head}>
          <div>
            <h1 className={styles.title}>{t('dashboard.title')}</h1>
            <p className={styles.muted}>{t('dashboard.subtitle')}</p>
          </div>
        </div>
        <div className={styles.grid}>
          {queues.map((q) => (
            <Link key={q.name} to={q.path} className={styles.stat} data-testid={`queue-${q.name}`}>
              <span className={styles.statLabel}>{t(`queue.${q.name as 'kyc'}`)}</span>
              <span className={styles.statValue}>{q.count}</span>
            </Link>
          ))}
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('dashboard.users')}</span>
            <span className={styles.statValue}>{users.total}</span>
            <span className={styles.muted}>
              {t('dashboard.usersDetail', { fresh: users.new_24h, verified: users.verified })}
            </span>
          </div>
        </div>
      </section>

      <section className={styles.card} data-testid="ledger-check">
        <div className={styles.head}>
          <h2 className={styles.sectionTitle}>{t('dashboard.ledger')}</h2>
          <Button
            size="sm"
            loading={run.isPending}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: (r) =>
                  toast[r.ok ? 'success' : 'error'](t(r.ok ? 'dashboard.ledgerOk' : 'dashboard.ledgerBad')),
              })
            }
          >
            {t('dashboard.runNow')}
          </Button>
        </div>
        {check ? (
          <>
            <p className={styles.muted}>
              <span className={check.ok ? styles.ok : styles.bad}>
                {check.ok ? t('dashboard.balanced') : t('dashboard.problems', { count: check.problem_count })}
              </span>{' '}
              {t('dashboard.ledgerDetail', {
                at: formatTime(check.at),
                accounts: check.accounts,
                entries: check.entries,
                ms: check.took_ms,
              })}
            </p>
            {check.problems.length > 0 && (
              <ul className={styles.problems}>
                {check.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className={styles.muted}>{t('dashboard.neverChecked')}</p>
        )}
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('dashboard.system')}</h2>
        <Table
          cards
          rows={system_accounts}
          rowKey={(r) => `${r.account}-${r.currency}`}
          columns={[
            { key: 'account', title: t('col.account') },
            { key: 'currency', title: t('col.currency') },
            { key: 'available', title: t('col.available'), align: 'right' },
            { key: 'frozen', title: t('col.frozen'), align: 'right' },
          ]}
        />
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('dashboard.volumes')}</h2>
        <Table
          cards
          rows={volumes_24h}
          rowKey={(r) => `${r.area}-${r.market}`}
          emptyText={t('dashboard.noVolume')}
          columns={[
            { key: 'area', title: t('col.area'), render: (r) => t(`area.${r.area as 'spot'}`) },
            { key: 'market', title: t('col.market') },
            { key: 'count', title: t('col.count'), align: 'right' },
            { key: 'volume', title: t('col.volume'), align: 'right' },
          ]}
        />
      </section>
    </>
  );
}
