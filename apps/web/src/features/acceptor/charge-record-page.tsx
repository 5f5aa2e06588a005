import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AcceptorDealRow } from '@oryx/contracts/acceptor/calls';
import { Button } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import { useConfirmReceipt } from './api/confirm-receipt';
import { useMyDeals } from './api/get-my-deals';
import { DealStatus, DealTimes } from './components/deal-status';
import { DisputeDialog } from './components/dispute-dialog';
import { Card, Page } from '@/shared/ui/page';
import styles from './acceptor.module.css';

/** /chargeRecord?current=0 deposits (buy) | 1 withdrawals (sell): my acceptor deals. */
export default function ChargeRecordPage() {
  const { t } = useTranslation('acceptor');
  const [params, setParams] = useSearchParams();
  const side = params.get('current') === '1' ? 'sell' : 'buy';
  const deals = useMyDeals(side);
  const receipt = useConfirmReceipt();
  const [disputing, setDisputing] = useState<number | null>(null);
  const onConfirm = async (d: AcceptorDealRow) => {
    if (!(await confirm({ message: t('record.confirmAsk') }))) return;
    receipt.mutate(d.id, { onSuccess: (msg) => toast.success(msg) });
  };
  const columns: Column<AcceptorDealRow>[] = [
    { key: 'acceptor', title: t('record.acceptor'), render: (d) => d.acceptor_name },
    {
      key: 'money',
      title: t('record.money'),
      align: 'right',
      render: (d) => <span className={styles.num}>{`${d.money} ${d.quote_code}`}</span>,
    },
    {
      key: 'number',
      title: t('record.number'),
      align: 'right',
      render: (d) => <span className={styles.num}>{`${d.number} ${d.currency_name}`}</span>,
    },
    { key: 'way', title: t('record.way'), render: (d) => d.way_name },
    { key: 'account', title: t('record.account'), render: (d) => d.deal_account },
    { key: 'hes', title: t('record.hesAccount'), render: (d) => d.hes_account },
    { key: 'status', title: t('record.status'), render: (d) => <DealStatus d={d} /> },
    { key: 'time', title: t('record.created'), render: (d) => <DealTimes d={d} /> },
    {
      key: 'action',
      title: '',
      align: 'right',
      render: (d) =>
        d.is_sure === 0 && d.disputed === 0 ? (
          <span className={styles.actions}>
            {d.type === 'sell' && d.transferred === 1 && (
              <Button size="sm" loading={receipt.isPending} onClick={() => void onConfirm(d)}>
                {t('record.confirm')}
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setDisputing(d.id)}
              data-testid={`acceptor-dispute-${d.id}`}
            >
              {t('record.dispute')}
            </Button>
          </span>
        ) : null,
    },
  ];
  return (
    <Page>
      <Card>
        <h1 className={styles.title}>{t('record.title')}</h1>
        <Tabs
          aria-label={t('record.title')}
          items={[
            { key: 'buy', label: t('record.tabBuy') },
            { key: 'sell', label: t('record.tabSell') },
          ]}
          value={side}
          onChange={(s) => setParams({ current: s === 'sell' ? '1' : '0' })}
        />
        <div className={styles.flat}>
          <Table
            {...pagedTable(deals, (p) => p.data)}
            aria-label={t('record.title')}
            columns={columns}
            rowKey={(d) => d.id}
            emptyText={t('record.empty')}
            cards
          />
        </div>
      </Card>
      {disputing !== null && <DisputeDialog id={disputing} onClose={() => setDisputing(null)} />}
    </Page>
  );
}
