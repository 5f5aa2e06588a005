import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useDecidePayout, usePayouts } from './api/operations';
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
 * /console/payouts: rupiah payouts to bank cards by status, reviewed like coin withdrawals. Approving
 * pays one out (beyond what one operator may move alone, the first approval is a request a second
 * operator completes); rejecting returns the frozen amount.
 */
export default function PayoutsPage() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<Status>('0');
  const list = usePayouts(Number(status));
  const decide = useDecidePayout();
  const may = useConsoleRole();
  const act = async (id: number, approve: 0 | 1) => {
    if (!approve && !(await confirm({ message: t('payouts.confirmReject'), danger: true }))) return;
    decide.mutate(
      { id, approve },
      {
        onSuccess: (r) =>
          toast.success(
            r.four_eyes_pending
              ? t('fourEyes.requested')
              : t(approve ? 'payouts.approved' : 'payouts.rejected'),
          ),
      },
    );
  };
  return (
    <QueuePage
      title={t('payouts.title')}
      hints={[t('payouts.hint'), t('fourEyes.hint')]}
      statuses={(['0', '1', '2', '3'] as const).map((k) => ({ key: k, label: t(`payouts.status${k}`) }))}
      status={status}
      onStatus={setStatus}
    >
      <Table
        cards
        aria-label={t('payouts.title')}
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(p) => p.id}
        emptyText={t('payouts.empty')}
        columns={[
          { key: 'id', title: 'ID' },
          {
            key: 'account',
            title: t('col.user'),
            render: (p) => <Link to={`/console/user?id=${p.user_id}`}>{p.account}</Link>,
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (p) => `${p.number} ${p.currency_name}`,
          },
          { key: 'fee', title: t('withdrawals.fee'), align: 'right' },
          {
            key: 'idr',
            title: t('payouts.rupiah'),
            align: 'right',
            render: (p) => `Rp ${p.amount_idr.toLocaleString('id-ID')}`,
          },
          {
            key: 'bank',
            title: t('payouts.bank'),
            render: (p) => (
              <span className={styles.mono}>
                {p.bank_name || p.bank_code} · {p.receive_name} · {p.receive_account}
              </span>
            ),
          },
          { key: 'created_time', title: t('col.time') },
          {
            key: 'status',
            title: t('col.status'),
            render: (p) => (
              <span className={TONE[p.status]}>
                {t(`payouts.status${String(p.status) as Status}`)}
                {p.four_eyes_pending && ` · ${t('fourEyes.firstApproval')}`}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (p) =>
              may.act && p.status === 0 ? (
                <span className={styles.actions}>
                  <Button size="sm" variant="up" onClick={() => void act(p.id, 1)}>
                    {t('action.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void act(p.id, 0)}>
                    {t('action.reject')}
                  </Button>
                </span>
              ) : (
                p.notes && <span className={styles.muted}>{p.notes}</span>
              ),
          },
        ]}
      />
    </QueuePage>
  );
}
