import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { TransferRow } from '@oryx/contracts/wallet/calls';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { useTransferHistory } from './api/get-transfer-history';
import { Amount } from '@/shared/ui/coin';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './wallet.module.css';

type Row = z.infer<typeof TransferRow>;

/** `/transferRecord` (asset area) and `/transferLog` (account area): transfers between accounts. */
export default function TransferRecordPage() {
  const { t } = useTranslation('wallet');
  const history = useTransferHistory();
  const columns: Column<Row>[] = [
    {
      key: 'time',
      title: t('table.time'),
      render: (r) => <span className={styles.num}>{r.created_time}</span>,
    },
    { key: 'coin', title: t('table.coin'), render: (r) => r.currency_name },
    { key: 'from', title: t('table.from'), render: (r) => t(`walletName.${r.from_field as 'change'}`) },
    { key: 'to', title: t('table.to'), render: (r) => t(`walletName.${r.to_field as 'change'}`) },
    { key: 'value', title: t('table.amount'), align: 'right', render: (r) => <Amount value={r.value} /> },
  ];
  return (
    <>
      <Card phone={860}>
        <PageHeader title={t('log.transferTitle')} subtitle={t('log.transferSubtitle')} />
      </Card>
      <Card phone={860} flush>
        <Table
          {...pagedTable(history, (p) => p.data)}
          aria-label={t('log.transferTitle')}
          columns={columns}
          rowKey={(r) => r.id}
          cards
        />
      </Card>
    </>
  );
}
