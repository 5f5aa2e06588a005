import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallReply } from '@oryx/contracts/call';
import type { AdminAcceptorDisputesCall } from '@oryx/contracts/acceptor/calls';
import { Button } from '@/shared/ui/button';
import { Table } from '@/shared/ui/table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useAcceptorDeals, useAcceptorDisputes, useDecideDispute } from './api/business';
import { Evidence, PendingNote, ReasonDialog, type EscrowResult } from './escrow-review';
import { formatTime } from './format';
import { Pager } from './pager';
import { useConsoleRole } from './role';
import styles from './console.module.css';

const TONE: Record<number, string | undefined> = { 0: styles.warn, 1: styles.ok, 2: styles.tag };

/** Every acceptor's deals, for operators to follow (the acceptors themselves confirm or reject). */
export function AcceptorDeals() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const deals = useAcceptorDeals(status, page);
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('acceptors.deals')}</h2>
      <Tabs
        items={(['open', 'all'] as const).map((k) => ({ key: k, label: t(`acceptors.dealTabs.${k}`) }))}
        value={status}
        onChange={(k) => {
          setStatus(k);
          setPage(1);
        }}
      />
      <Table
        cards
        aria-label={t('acceptors.deals')}
        rows={deals.data?.data}
        loading={deals.isPending}
        error={deals.error}
        rowKey={(d) => d.id}
        emptyText={t('acceptors.noDeals')}
        columns={[
          { key: 'id', title: 'ID' },
          { key: 'acceptor', title: t('acceptors.field.name'), render: (d) => d.acceptor_name },
          { key: 'user', title: t('col.user'), render: (d) => d.user_account },
          { key: 'type', title: t('acceptors.side'), render: (d) => t(`acceptors.sides.${d.type}`) },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (d) => `${d.money} ${d.quote_code} · ${d.number} ${d.currency_name}`,
          },
          { key: 'way', title: t('acceptors.way'), render: (d) => d.way_name },
          {
            key: 'is_sure',
            title: t('col.status'),
            render: (d) => (
              <span className={TONE[d.is_sure]}>
                {t(`acceptors.state.${String(d.is_sure) as '0'}`)}
                {d.transferred === 1 && d.is_sure === 0 && ` · ${t('acceptors.transferred')}`}
                {d.disputed === 1 && ` · ${t('escrow.dispute')}`}
              </span>
            ),
          },
          // Unix seconds on the wire; the operator reads local time.
          { key: 'create_time', title: t('col.time'), render: (d) => formatTime(d.create_time * 1000) },
        ]}
      />
      <Pager page={page} total={deals.data?.total ?? 0} size={10} onPage={setPage} />
    </section>
  );
}

type DisputeRow = CallReply<typeof AdminAcceptorDisputesCall>['data'][number];

/**
 * Disputed acceptor deals with the user's evidence and what the acceptor did; an operator decides with a
 * written reason (above the four-eyes amount a second operator makes the same decision).
 */
export function AcceptorDisputes() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [page, setPage] = useState(1);
  const list = useAcceptorDisputes(status, page);
  const decide = useDecideDispute();
  const may = useConsoleRole();
  const [asking, setAsking] = useState<{ row: DisputeRow; result: EscrowResult } | null>(null);
  const label = (d: DisputeRow, r: EscrowResult) => t(`escrow.acceptor.${d.type}.${r}`);
  const act = (reason: string) => {
    if (!asking) return;
    decide.mutate(
      { id: asking.row.id, result: asking.result, reason },
      {
        onSuccess: (r) => {
          toast.success(r.four_eyes_pending ? t('fourEyes.requested') : t('escrow.done'));
          setAsking(null);
        },
      },
    );
  };
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('escrow.disputes')}</h2>
      <p className={styles.muted}>{t('escrow.disputesHint')}</p>
      <Tabs
        items={(['pending', 'all'] as const).map((k) => ({ key: k, label: t(`appeals.${k}`) }))}
        value={status}
        onChange={(k) => {
          setStatus(k);
          setPage(1);
        }}
      />
      <Table
        cards
        aria-label={t('escrow.disputes')}
        rows={list.data?.data}
        loading={list.isPending}
        error={list.error}
        rowKey={(d) => d.id}
        emptyText={t('escrow.noDisputes')}
        columns={[
          {
            key: 'id',
            title: t('appeals.deal'),
            render: (d) => `#${d.id} · ${d.acceptor_name} · ${t(`acceptors.sides.${d.type}`)}`,
          },
          {
            key: 'parties',
            title: t('appeals.parties'),
            render: (d) => (
              <span>
                {t('col.user')}: {d.user_account}
                <br />
                {t('escrow.acceptorSide')}: {d.acceptor_name} ({d.acceptor_account})
                <br />
                <span className={styles.muted}>
                  {t('escrow.payTo')}: {d.way_name} · {d.deal_account}
                </span>
              </span>
            ),
          },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (d) => `${d.number} ${d.currency_name} · ${d.money} ${d.quote_code}`,
          },
          {
            key: 'evidence',
            title: t('appeals.evidence'),
            render: (d) => (
              <span className={styles.form}>
                <span>
                  <span className={styles.tag}>{t('escrow.userSide')}</span> {d.dispute.note}
                  <br />
                  <span className={styles.muted}>{formatTime(d.dispute.created_at)}</span>
                </span>
                <span className={styles.images}>
                  {d.dispute.images.map((u, i) => (
                    <Evidence key={u} url={u} alt={`${t('appeals.image')} ${i + 1}`} />
                  ))}
                </span>
                <span className={styles.muted}>
                  {t('escrow.acceptorSide')}:{' '}
                  {d.transferred_at
                    ? t('escrow.transferredAt', { time: formatTime(d.transferred_at) })
                    : t('escrow.notTransferred')}
                </span>
              </span>
            ),
          },
          {
            key: 'x',
            title: '',
            render: (d) =>
              d.dispute.result ? (
                <span className={styles.ok}>
                  {label(d, d.dispute.result)}
                  {d.dispute.reason && <span className={styles.muted}> · {d.dispute.reason}</span>}
                </span>
              ) : (
                <span className={styles.form}>
                  {d.pending && <PendingNote p={d.pending} label={label(d, d.pending.result)} />}
                  {may.act && (
                    <span className={styles.actions}>
                      {(d.pending ? [d.pending.result] : (['release', 'return'] as const)).map((r) => (
                        <Button
                          key={r}
                          size="sm"
                          variant={r === 'release' ? 'up' : 'secondary'}
                          onClick={() => setAsking({ row: d, result: r })}
                          data-testid={`dispute-${r}-${d.id}`}
                        >
                          {d.pending ? t('escrow.approve', { result: label(d, r) }) : label(d, r)}
                        </Button>
                      ))}
                    </span>
                  )}
                </span>
              ),
          },
        ]}
      />
      <Pager page={page} total={list.data?.total ?? 0} size={10} onPage={setPage} />
      {asking && (
        <ReasonDialog
          open
          title={label(asking.row, asking.result)}
          confirmLabel={t('action.confirm')}
          loading={decide.isPending}
          onClose={() => setAsking(null)}
          onSubmit={act}
        >
          <p className={styles.muted}>
            #{asking.row.id} · {asking.row.number} {asking.row.currency_name}
          </p>
          {asking.row.pending && (
            <PendingNote p={asking.row.pending} label={label(asking.row, asking.row.pending.result)} />
          )}
        </ReasonDialog>
      )}
    </section>
  );
}
