import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallReply } from '@oryx/contracts/call';
import type { AdminP2pAppealsCall } from '@oryx/contracts/p2p/calls';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { toast } from '@/shared/ui/toast';
import { useAppeals, useDecideAppeal } from './api/business';
import { AppealChatButton } from './appeal-chat';
import { Evidence, PendingNote, ReasonDialog, type EscrowResult } from './escrow-review';
import { formatTime } from './format';
import { QueuePage } from './queue-page';
import { Pager } from './pager';
import { useConsoleRole } from './role';
import styles from './console.module.css';

type Row = CallReply<typeof AdminP2pAppealsCall>['data'][number];

/**
 * /console/appeals: disputed P2P deals (C2C and shops) with both parties' evidence; the operator
 * releases the coins to the buyer or returns them to the seller, with a written reason. Above the
 * four-eyes amount the first decision waits for a second operator, who makes the same decision here or
 * on the approvals page.
 */
export default function AppealsPage() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useAppeals(status, page);
  const decide = useDecideAppeal();
  const may = useConsoleRole();
  const [asking, setAsking] = useState<{ row: Row; result: EscrowResult } | null>(null);
  const act = (reason: string) => {
    if (!asking) return;
    const { row, result } = asking;
    decide.mutate(
      { id: row.id, result, reason },
      {
        onSuccess: (r) => {
          toast.success(r.four_eyes_pending ? t('fourEyes.requested') : t(`appeals.done.${result}`));
          setAsking(null);
        },
      },
    );
  };
  const buttons = (a: Row) => {
    // With a request waiting, only its decision can be made (the other needs it rejected first).
    const results: EscrowResult[] = a.pending ? [a.pending.result] : ['release', 'return'];
    return (
      <span className={styles.actions}>
        {results.map((r) => (
          <Button
            key={r}
            size="sm"
            variant={r === 'release' ? 'up' : 'secondary'}
            onClick={() => setAsking({ row: a, result: r })}
            data-testid={`appeal-${r}-${a.id}`}
          >
            {a.pending ? t('escrow.approve', { result: t(`appeals.${r}`) }) : t(`appeals.${r}`)}
          </Button>
        ))}
      </span>
    );
  };
  return (
    <QueuePage
      title={t('appeals.title')}
      hints={[t('appeals.hint')]}
      statuses={(['pending', 'all'] as const).map((k) => ({ key: k, label: t(`appeals.${k}`) }))}
      status={status}
      onStatus={(k) => {
        setStatus(k);
        setPage(1);
      }}
    >
      <Table
        cards
        aria-label={t('appeals.title')}
        rows={list.data?.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(a) => a.id}
        emptyText={t('appeals.empty')}
        columns={[
          { key: 'id', title: t('appeals.deal'), render: (a) => `#${a.id} · ${a.kind.toUpperCase()}` },
          {
            key: 'parties',
            title: t('appeals.parties'),
            render: (a) => (
              <span>
                {t('appeals.buyer')}: {a.buyer_account}
                <br />
                {t('appeals.seller')}: {a.seller_account}
              </span>
            ),
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (a) => `${a.number} ${a.currency_name} · ${a.deal_money} ${a.coin_code}`,
          },
          {
            key: 'appeal',
            title: t('appeals.note'),
            render: (a) => (
              <span>
                <span className={styles.tag}>{t(`appeals.by.${a.appeal.by}`)}</span> {a.appeal.note || '–'}
                <br />
                <span className={styles.muted}>{formatTime(a.appealed_at)}</span>
                <br />
                <AppealChatButton dealId={a.id} />
              </span>
            ),
          },
          {
            key: 'evidence',
            title: t('appeals.evidence'),
            render: (a) => (
              <span className={styles.images}>
                {a.pay_voucher && <Evidence url={a.pay_voucher} alt={t('appeals.voucher')} />}
                {a.appeal.images.map((u, i) => (
                  <Evidence key={u} url={u} alt={`${t('appeals.image')} ${i + 1}`} />
                ))}
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (a) =>
              a.appeal.result ? (
                <span className={styles.ok}>
                  {t(`appeals.result.${a.appeal.result}`)}
                  {a.decision_reason && <span className={styles.muted}>{a.decision_reason}</span>}
                </span>
              ) : (
                <span className={styles.form}>
                  {a.pending && <PendingNote p={a.pending} label={t(`appeals.${a.pending.result}`)} />}
                  {may.act && buttons(a)}
                </span>
              ),
          },
        ]}
      />
      {asking && (
        <ReasonDialog
          open
          title={t(`appeals.${asking.result}`)}
          confirmLabel={t('action.confirm')}
          loading={decide.isPending}
          onClose={() => setAsking(null)}
          onSubmit={act}
        >
          <p className={styles.muted}>
            {t(`appeals.confirm.${asking.result}`)} #{asking.row.id} · {asking.row.number}{' '}
            {asking.row.currency_name}
          </p>
          {asking.row.pending && (
            <PendingNote p={asking.row.pending} label={t(`appeals.${asking.row.pending.result}`)} />
          )}
        </ReasonDialog>
      )}
      <Pager page={page} total={list.data?.total ?? 0} size={10} onPage={setPage} />
    </QueuePage>
  );
}
