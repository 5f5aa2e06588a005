import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AcceptorDeskRow } from '@oryx/contracts/acceptor/calls';
import type { z } from 'zod';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { PageSpinner } from '@/shared/ui/spinner';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useDeskConfirm } from './api/desk-confirm';
import { useDeskReject } from './api/desk-reject';
import { useDeskTransferred } from './api/desk-transferred';
import { useDesk } from './api/get-desk';
import { useMyAcceptor } from './api/get-mine';
import { DealStatus, DealTimes } from './components/deal-status';
import { Card, Page, PageHeader } from '@/shared/ui/page';
import styles from './acceptor.module.css';

type Row = z.infer<typeof AcceptorDeskRow>;

/** /acceptorDesk: an acceptor's own deals, with confirm, reject and mark-as-paid. */
export default function AcceptorDeskPage() {
  const { t } = useTranslation('acceptor');
  const me = useMyAcceptor();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const mine = me.data?.acceptor;
  const deals = useDesk(status, Boolean(mine));
  const columns = useDeskColumns();
  if (me.isPending) return <PageSpinner />;
  if (!mine) {
    return (
      <Card>
        <h1 className={styles.title}>{t('desk.title')}</h1>
        <p className={styles.denied}>{t('desk.notAcceptor')}</p>
        <p className={styles.muted}>
          <Link to="/aceite">{t('list.title')}</Link>
        </p>
      </Card>
    );
  }
  return (
    <Page>
      <Card>
        <PageHeader title={mine.name} subtitle={t('desk.title')} shrink />
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.small}>{t('desk.balance', { coin: mine.currency_name })}</span>
            <strong data-testid="desk-balance">{mine.balance}</strong>
          </div>
          <div className={styles.stat}>
            <span className={styles.small}>{t('desk.openDeals')}</span>
            <strong>{mine.open_deals}</strong>
          </div>
        </div>
      </Card>
      <Card>
        <Tabs
          aria-label={t('desk.title')}
          items={[
            { key: 'open', label: t('desk.tabOpen') },
            { key: 'all', label: t('desk.tabAll') },
          ]}
          value={status}
          onChange={setStatus}
        />
        <div className={styles.flat}>
          <Table
            {...pagedTable(deals, (p) => p.data)}
            aria-label={t('desk.title')}
            columns={columns}
            rowKey={(d) => d.id}
            emptyText={t('desk.empty')}
            cards
          />
        </div>
      </Card>
    </Page>
  );
}

function useDeskColumns(): Column<Row>[] {
  const { t } = useTranslation('acceptor');
  return [
    { key: 'id', title: '#', render: (d) => <span className={styles.num}>{d.id}</span> },
    {
      key: 'type',
      title: t('desk.type'),
      render: (d) => <span className={styles.nowrap}>{t(d.type === 'buy' ? 'desk.buy' : 'desk.sell')}</span>,
    },
    {
      key: 'user',
      title: t('desk.user'),
      render: (d) => (
        <span>
          {d.user_account}
          <span className={styles.small}>
            {t('desk.mobile')} {d.mobile}
          </span>
        </span>
      ),
    },
    {
      key: 'money',
      title: t('record.money'),
      align: 'right',
      render: (d) => (
        <span className={styles.num}>
          {`${d.money} ${d.quote_code}`}
          <span className={styles.small}>{`${d.number} ${d.currency_name}`}</span>
        </span>
      ),
    },
    {
      key: 'way',
      title: t('record.way'),
      render: (d) => (
        <span>
          <span className={styles.nowrap}>{d.way_name}</span>
          <span className={styles.small}>{d.deal_account}</span>
        </span>
      ),
    },
    { key: 'status', title: t('record.status'), render: (d) => <DealStatus d={d} viewer="acceptor" /> },
    { key: 'time', title: t('record.created'), render: (d) => <DealTimes d={d} /> },
    { key: 'actions', title: '', align: 'right', render: (d) => <DeskActions d={d} /> },
  ];
}

function DeskActions({ d }: { d: Row }) {
  const { t } = useTranslation('acceptor');
  const confirmDeal = useDeskConfirm();
  const reject = useDeskReject();
  const transferred = useDeskTransferred();
  // A disputed deal waits for an operator: the acceptor can no longer move it.
  if (d.is_sure !== 0 || d.disputed === 1) return null;
  const run = async (m: typeof reject, ask: string, danger = false) => {
    if (await confirm({ message: ask, danger })) m.mutate(d.id, { onSuccess: (msg) => toast.success(msg) });
  };
  const canConfirm = d.type === 'buy' || d.transferred === 1;
  const busy = confirmDeal.isPending || reject.isPending || transferred.isPending;
  return (
    <div className={styles.actions} data-testid={`desk-actions-${d.id}`}>
      {d.type === 'sell' && d.transferred === 0 && (
        <Button size="sm" disabled={busy} onClick={() => void run(transferred, t('desk.transferAsk'))}>
          {t('desk.markTransferred')}
        </Button>
      )}
      {canConfirm && (
        <Button
          size="sm"
          variant="up"
          disabled={busy}
          onClick={() => void run(confirmDeal, t('desk.confirmAsk'))}
        >
          {t('desk.confirm')}
        </Button>
      )}
      {d.transferred === 0 && (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => void run(reject, t('desk.rejectAsk'), true)}
        >
          {t('desk.reject')}
        </Button>
      )}
    </div>
  );
}
