import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useDecideWithdrawal, useWithdrawals } from './api/operations';
import { formatTime } from './format';
import { QueuePage } from './queue-page';
import { useConsoleRole } from './role';
import styles from './console.module.css';

type Status = '0' | '1' | '2' | '3';
const TONE: Record<number, string | undefined> = {
  0: styles.warn,
  1: styles.tag,
  2: styles.ok,
  3: styles.bad,
};

/**
 * /console/withdrawals: coin withdrawals by status (reviewed by USDT value). Approving sends one (beyond
 * what one operator may move alone the first approval is a request a second operator completes; the
 * owner decides nothing about their own); rejecting returns the frozen amount and closes a first approval.
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<Status>('0');
  const list = useWithdrawals(Number(status));
  const decide = useDecideWithdrawal();
  const may = useConsoleRole();
  const act = async (id: number, approve: 0 | 1) => {
    if (!approve && !(await confirm({ message: t('withdrawals.confirmReject'), danger: true }))) return;
    decide.mutate(
      { id, approve },
      {
        onSuccess: (r) =>
          toast.success(
            r.four_eyes_pending
              ? t('fourEyes.requested')
              : t(approve ? 'withdrawals.approved' : 'withdrawals.rejected'),
          ),
      },
    );
  };
  return (
    <QueuePage
      title={t('withdrawals.title')}
      hints={[t('fourEyes.hint')]}
      statuses={(['0', '1', '2', '3'] as const).map((k) => ({ key: k, label: t(`withdrawals.status${k}`) }))}
      status={status}
      onStatus={setStatus}
    >
      <Table
        cards
        aria-label={t('withdrawals.title')}
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(w) => w.id}
        emptyText={t('withdrawals.empty')}
        columns={[
          { key: 'id', title: 'ID' },
          {
            key: 'account',
            title: t('col.user'),
            render: (w) => <Link to={`/console/user?id=${w.user_id}`}>{w.account}</Link>,
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (w) => `${w.number} ${w.currency_name}`,
          },
          { key: 'fee', title: t('withdrawals.fee'), align: 'right' },
          {
            key: 'address',
            title: t('withdrawals.address'),
            render: (w) => (
              <span className={styles.mono}>
                {w.network} · {w.address}
                {w.memo && ` · ${w.memo}`}
              </span>
            ),
          },
          { key: 'created_at', title: t('col.time'), render: (w) => formatTime(w.created_at) },
          {
            key: 'status',
            title: t('col.status'),
            render: (w) => (
              <span className={TONE[w.status]}>
                {t(`withdrawals.status${String(w.status) as Status}`)}
                {w.four_eyes_pending && ` · ${t('fourEyes.firstApproval')}`}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (w) =>
              may.act && w.status === 0 ? (
                <span className={styles.actions}>
                  <Button size="sm" variant="up" onClick={() => void act(w.id, 1)}>
                    {t('action.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void act(w.id, 0)}>
                    {t('action.reject')}
                  </Button>
                </span>
              ) : (
                w.tx_hash && <span className={styles.mono}>{w.tx_hash.slice(0, 18)}…</span>
              ),
          },
        ]}
      />
    </QueuePage>
  );
}
