import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { LedgerLogRow } from '@oryx/contracts/wallet/calls';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable, type PagedQuery } from '@/shared/ui/paged-table';
import styles from '../wallet.module.css';
import { Amount } from '@/shared/ui/coin';

type Row = z.infer<typeof LedgerLogRow>;
type Pages = PagedQuery<{ list?: Row[]; data?: Row[] }>;

/** A paged balance log (20 rows a page, "load more", then "no more"). */
export function LogTable({
  query,
  showWallet = true,
  label,
}: {
  query: Pages;
  showWallet?: boolean;
  label: string;
}) {
  const { t } = useTranslation('wallet');
  const columns: Column<Row>[] = [
    {
      key: 'time',
      title: t('table.time'),
      render: (r) => <span className={styles.num}>{r.created_time}</span>,
    },
    { key: 'coin', title: t('table.coin'), render: (r) => r.currency_name },
    ...(showWallet
      ? [
          {
            key: 'wallet',
            title: t('table.account'),
            render: (r: Row) => t(`walletName.${r.wallet as 'change'}`),
          },
        ]
      : []),
    { key: 'info', title: t('table.detail'), render: (r) => r.info },
    {
      key: 'value',
      title: t('table.amount'),
      align: 'right',
      render: (r) => <Amount value={r.value} signed />,
    },
  ];
  return (
    <Table
      {...pagedTable(query, (p) => p.list ?? p.data ?? [])}
      aria-label={label}
      columns={columns}
      rowKey={(r) => r.id}
      cards
    />
  );
}
