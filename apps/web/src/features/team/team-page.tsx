import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trimZeros } from '@/shared/lib/display-decimal';
import { STORAGE_KEYS, useStorageItem } from '@/shared/storage/storage';
import { Button } from '@/shared/ui/button';
import { Skeleton } from '@/shared/ui/skeleton';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { toast } from '@/shared/ui/toast';
import { useMyTeam } from './api/get-my-team';
import { useCommissionRule } from './api/get-rule';
import { Card } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

interface Member {
  id: number;
  account: string;
  created_time: string;
  active_users: number;
  is_verified: number;
  return_commission: string;
  profit_balance: string;
}

/** /team: team counts, the invite code and link, the commission rule and the direct invitees. */
export default function TeamPage() {
  const { t } = useTranslation('team');
  const team = useMyTeam();
  const rule = useCommissionRule();
  const code = useStorageItem(STORAGE_KEYS.extensionCode) ?? '';
  const link = `${window.location.origin}${window.location.pathname}#/components/register?extension_code=${encodeURIComponent(code)}`;
  const first = team.data?.pages[0];
  const copy = (text: string) =>
    navigator.clipboard
      ?.writeText(text)
      .then(() => toast.success(t('copied')))
      .catch(() => toast.error(t('copyFailed')));
  const columns: Column<Member>[] = [
    { key: 'account', title: t('account'), render: (r) => r.account },
    { key: 'joined', title: t('joined'), render: (r) => r.created_time },
    { key: 'under', title: t('underCount'), align: 'right', render: (r) => r.active_users },
    {
      key: 'own',
      title: t('ownCommission'),
      align: 'right',
      render: (r) => trimZeros(r.return_commission),
    },
    {
      key: 'branch',
      title: t('branchCommission'),
      align: 'right',
      render: (r) => trimZeros(r.profit_balance),
    },
    {
      key: 'verified',
      title: t('verified'),
      render: (r) => (r.is_verified ? t('verified') : t('notVerified')),
    },
  ];
  const stat = (label: string, value: number | undefined, testId: string) => (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid={testId}>
        {value ?? <Skeleton width={48} height={22} inline />}
      </span>
    </div>
  );
  return (
    <div className={styles.stack}>
      <Card>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('title')}</h1>
          <div className={styles.invite}>
            <Link className={styles.link} to="/tree">
              {t('toTree')}
            </Link>
            <Link className={styles.link} to="/profit">
              {t('toProfit')}
            </Link>
          </div>
        </div>
        <div className={styles.stats} style={{ marginTop: 16 }}>
          {stat(t('teamCount'), first?.team_count, 'team-count')}
          {stat(t('directCount'), first?.zt_count, 'direct-count')}
        </div>
      </Card>
      {code && (
        <Card>
          <div className={styles.invite}>
            <span className={styles.rowLabel}>{t('inviteCode')}</span>
            <span className={styles.code}>{code}</span>
            <Button size="sm" variant="secondary" onClick={() => copy(code)}>
              {t('copy')}
            </Button>
          </div>
          <div className={styles.invite} style={{ marginTop: 10 }}>
            <span className={styles.rowLabel}>{t('inviteLink')}</span>
            <span className={styles.code}>{link}</span>
            <Button size="sm" variant="secondary" onClick={() => copy(link)}>
              {t('copy')}
            </Button>
          </div>
        </Card>
      )}
      <Card>
        <h2 className={styles.sectionTitle}>{t('ruleTitle')}</h2>
        {rule.data ? (
          <>
            <ul className={styles.rules}>
              {rule.data.levels.map((l) => (
                <li key={l.level}>{t('ruleLevel', { level: l.level, share: trimZeros(l.share) })}</li>
              ))}
            </ul>
            <p className={styles.subtitle} style={{ marginTop: 8 }}>
              {t('ruleText', { minutes: rule.data.interval_minutes })}
            </p>
          </>
        ) : (
          <Skeleton height={48} />
        )}
      </Card>
      <Card>
        <h2 className={styles.sectionTitle}>{t('members')}</h2>
        <Table
          {...pagedTable(team, (p) => p.team.data)}
          aria-label={t('members')}
          columns={columns}
          rowKey={(r) => r.id}
          cards
        />
      </Card>
    </div>
  );
}
