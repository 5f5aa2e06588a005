import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/shared/ui/spinner';
import { Table } from '@/shared/ui/table';
import { useUser } from './api/users';
import { formatTime } from './format';
import { UserTags } from './users-page';
import { AdjustForm, RestrictionsForm, RoleForm, SessionsCard } from './user-actions';
import { UserLedger } from './user-ledger';
import { UserPaymentsCard } from './user-payments';
import { BusinessRolesCard } from './business-roles';
import { useConsoleRole } from './role';
import styles from './console.module.css';

/** /console/user?id=: profile, restrictions, role, balances, sessions, corrections, ledger history. */
export default function UserPage() {
  const { t } = useTranslation('console');
  const [params] = useSearchParams();
  const id = /^\d{1,9}$/.test(params.get('id') ?? '') ? Number(params.get('id')) : 0;
  const user = useUser(id);
  const may = useConsoleRole();
  if (id === 0) return <section className={styles.card}>{t('user.none')}</section>;
  if (user.isError) return <section className={styles.card}>{user.error.message}</section>;
  if (!user.data) return <PageSpinner />;
  const d = user.data;

  return (
    <>
      <section className={styles.card} data-testid="console-user">
        <h1 className={styles.title}>
          #{d.user.id} {d.user.email || d.user.phone}
        </h1>
        <UserTags u={d.user} />
        <div className={styles.grid} style={{ marginTop: 14 }}>
          <Fact label={t('col.accountNumber')} value={d.user.account_number} />
          <Fact label={t('user.nickname')} value={d.nickname || '–'} />
          <Fact label={t('user.realName')} value={d.real_name || '–'} />
          <Fact label={t('col.registered')} value={formatTime(d.user.created_at)} />
          <Fact label={t('user.invitedBy')} value={d.parent_id ? `#${d.parent_id}` : '–'} />
          <Fact label={t('user.invitees')} value={String(d.invitees)} />
        </div>
      </section>

      <section className={styles.card}>
        <h2 className={styles.sectionTitle}>{t('user.balances')}</h2>
        <Table
          cards
          rows={d.balances}
          rowKey={(b) => `${b.wallet}-${b.currency}`}
          columns={[
            { key: 'wallet', title: t('col.wallet'), render: (b) => t(`wallet.${b.wallet as 'change'}`) },
            { key: 'currency', title: t('col.currency') },
            { key: 'available', title: t('col.available'), align: 'right' },
            { key: 'frozen', title: t('col.frozen'), align: 'right' },
          ]}
        />
      </section>

      {may.act && <RestrictionsForm id={d.user.id} frozen={d.user.frozen} reason={d.restriction_reason} />}
      {may.act && <AdjustForm id={d.user.id} />}
      {may.manage && <RoleForm id={d.user.id} role={d.user.role} />}
      {may.act && <BusinessRolesCard id={d.user.id} account={d.user.account_number} />}
      <UserPaymentsCard id={d.user.id} />
      <SessionsCard id={d.user.id} sessions={d.sessions} canAct={may.act} />
      <UserLedger id={d.user.id} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span>{value}</span>
    </div>
  );
}
