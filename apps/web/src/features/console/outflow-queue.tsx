import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table, type Column } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
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

/** What every outgoing-money request row has (coin withdrawals, rupiah payouts). */
export interface OutflowRow {
  id: number;
  user_id: number;
  account: string;
  number: string;
  currency_name: string;
  fee: string;
  status: number;
  four_eyes_pending?: boolean;
}

export interface OutflowQueueProps<R extends OutflowRow> {
  /** The section of the console texts: title, empty, status0-3, confirmReject, approved, rejected. */
  section: 'withdrawals' | 'payouts';
  hints: readonly string[];
  /** The list of one status. */
  useRows: (status: number) => { data?: readonly R[]; isPending: boolean; error: unknown };
  /** The decision: approve (1) or reject (0) one request. */
  useDecide: () => {
    mutate: (
      input: { id: number; approve: 0 | 1 },
      options: { onSuccess: (r: { four_eyes_pending?: boolean }) => void },
    ) => void;
  };
  /** The columns of this kind of request, between the fee and the time. */
  details: readonly Column<R>[];
  time: Column<R>;
  /** The last cell of a request that is decided or that this operator may not decide. */
  settled: (row: R) => ReactNode;
}

/** ID, user, amount and fee: the first columns of every request. */
const leadColumns = <R extends OutflowRow>(t: TFunction<'console'>): Column<R>[] => [
  { key: 'id', title: 'ID' },
  {
    key: 'account',
    title: t('col.user'),
    render: (r) => <Link to={`/console/user?id=${r.user_id}`}>{r.account}</Link>,
  },
  {
    key: 'amount',
    title: t('col.amount'),
    align: 'right',
    render: (r) => `${r.number} ${r.currency_name}`,
  },
  { key: 'fee', title: t('withdrawals.fee'), align: 'right' },
];

/** Approves (1) or rejects (0) one request, asking first before a rejection, and tells the outcome. */
function useAct(
  section: OutflowQueueProps<OutflowRow>['section'],
  useDecide: OutflowQueueProps<OutflowRow>['useDecide'],
) {
  const { t } = useTranslation('console');
  const decide = useDecide();
  return async (id: number, approve: 0 | 1) => {
    if (!approve && !(await confirm({ message: t(`${section}.confirmReject`), danger: true }))) return;
    decide.mutate(
      { id, approve },
      {
        onSuccess: (r) =>
          toast.success(
            r.four_eyes_pending
              ? t('fourEyes.requested')
              : t(approve ? `${section}.approved` : `${section}.rejected`),
          ),
      },
    );
  };
}

/**
 * An outgoing-money queue by status, reviewed the same way for coins and rupiah. Approving sends one
 * (beyond what one operator may move alone, the first approval is a request a second operator
 * completes); rejecting returns the frozen amount.
 */
export function OutflowQueue<R extends OutflowRow>({
  section,
  hints,
  useRows,
  useDecide,
  details,
  time,
  settled,
}: OutflowQueueProps<R>) {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<Status>('0');
  const list = useRows(Number(status));
  const act = useAct(section, useDecide);
  const may = useConsoleRole();
  return (
    <QueuePage
      title={t(`${section}.title`)}
      hints={hints}
      statuses={(['0', '1', '2', '3'] as const).map((k) => ({ key: k, label: t(`${section}.status${k}`) }))}
      status={status}
      onStatus={setStatus}
    >
      <Table
        cards
        aria-label={t(`${section}.title`)}
        rows={list.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(r) => r.id}
        emptyText={t(`${section}.empty`)}
        columns={[
          ...leadColumns<R>(t),
          ...details,
          time,
          {
            key: 'status',
            title: t('col.status'),
            render: (r) => (
              <span className={TONE[r.status]}>
                {t(`${section}.status${String(r.status) as Status}`)}
                {r.four_eyes_pending && ` · ${t('fourEyes.firstApproval')}`}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (r) =>
              may.act && r.status === 0 ? (
                <span className={styles.actions}>
                  <Button size="sm" variant="up" onClick={() => void act(r.id, 1)}>
                    {t('action.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void act(r.id, 0)}>
                    {t('action.reject')}
                  </Button>
                </span>
              ) : (
                settled(r)
              ),
          },
        ]}
      />
    </QueuePage>
  );
}
