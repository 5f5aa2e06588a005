import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useApprovals, useDecideApproval } from './api/approvals';
import { EscrowReview, type EscrowKind } from './escrow-review';
import { formatTime } from './format';
import { QueuePage } from './queue-page';
import { Pager } from './pager';
import { useConsoleRole } from './role';
import styles from './console.module.css';

type Status = 'pending' | 'approved' | 'rejected' | 'all';
/** Where a request of another area is approved: the same action, by a second operator. */
const WORKED_ON: Record<string, string> = {
  'funding.claim': '/console/claims',
  'funding.withdrawal': '/console/withdrawals',
  'funding.payout': '/console/payouts',
};

const ESCROW_KINDS: readonly string[] = ['p2p.appeal', 'acceptor.dispute'];

/**
 * /console/approvals: four-eyes requests; a second operator approves or rejects corrections here, and
 * reviews escrow decisions (the deal, both parties, the amount, the evidence, the requester's reason)
 * before approving one by making the same decision, or rejecting it.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const list = useApprovals(status, page);
  const decide = useDecideApproval();
  const may = useConsoleRole();
  const [review, setReview] = useState<{ kind: EscrowKind; dealId: number; approvalId: number } | null>(null);
  const act = (id: number, decision: 'approve' | 'reject') =>
    decide.mutate({ id, decision }, { onSuccess: (m) => toast.success(m) });

  return (
    <QueuePage
      title={t('approvals.title')}
      hints={[t('fourEyes.hint')]}
      statuses={(['pending', 'approved', 'rejected', 'all'] as const).map((k) => ({
        key: k,
        label: t(`approvals.${k}`),
      }))}
      status={status}
      onStatus={(k) => {
        setStatus(k);
        setPage(1);
      }}
    >
      <Table
        cards
        rows={list.data?.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(a) => a.id}
        emptyText={t('approvals.empty')}
        columns={[
          {
            key: 'kind',
            title: t('approvals.kind'),
            render: (a) => t(`approvals.kinds.${a.kind.replace('.', '_') as 'console_adjust'}`, a.kind),
          },
          {
            key: 'subject_id',
            title: t('approvals.subject'),
            render: (a) => <span className={styles.mono}>{a.subject_id}</span>,
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (a) => `${a.amount} ${a.currency}`,
          },
          {
            key: 'worth',
            title: t('approvals.worth'),
            align: 'right',
            render: (a) =>
              a.worth_usdt === null ? (
                <span className={styles.warn}>{t('approvals.noPrice')}</span>
              ) : (
                a.worth_usdt
              ),
          },
          {
            key: 'beneficiary',
            title: t('approvals.account'),
            render: (a) =>
              a.beneficiary_id === null ? (
                ''
              ) : (
                <Link to={`/console/user?id=${a.beneficiary_id}`}>#{a.beneficiary_id}</Link>
              ),
          },
          { key: 'reason', title: t('col.reason') },
          {
            key: 'who',
            title: t('approvals.requested'),
            render: (a) => `${a.requested_by_name} · ${formatTime(a.requested_at)}`,
          },
          {
            key: 'status',
            title: t('col.status'),
            render: (a) => (
              <span
                className={
                  a.status === 'pending' ? styles.warn : a.status === 'approved' ? styles.ok : styles.tag
                }
              >
                {t(`approvals.${a.status}`)}
                {a.decided_by_name !== null && ` · ${a.decided_by_name}`}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (a) => {
              if (ESCROW_KINDS.includes(a.kind)) {
                const open = () =>
                  setReview({ kind: a.kind as EscrowKind, dealId: Number(a.subject_id), approvalId: a.id });
                return (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={open}
                    data-testid={`approval-review-${a.id}`}
                  >
                    {t('escrow.review')}
                  </Button>
                );
              }
              if (!may.act || a.status !== 'pending') return null;
              const elsewhere = WORKED_ON[a.kind];
              if (elsewhere) return <Link to={elsewhere}>{t('approvals.open')}</Link>;
              if (a.kind !== 'console.adjust') return null;
              return (
                <span className={styles.actions}>
                  <Button size="sm" variant="up" onClick={() => act(a.id, 'approve')}>
                    {t('action.approve')}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => act(a.id, 'reject')}>
                    {t('action.reject')}
                  </Button>
                </span>
              );
            },
          },
        ]}
      />
      <Pager page={page} total={list.data?.total ?? 0} size={30} onPage={setPage} />
      {review && (
        <EscrowReview
          kind={review.kind}
          dealId={review.dealId}
          approvalId={review.approvalId}
          canAct={may.act}
          onClose={() => setReview(null)}
        />
      )}
    </QueuePage>
  );
}
