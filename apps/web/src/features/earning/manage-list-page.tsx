import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DepositRecordRow } from '@oryx/contracts/earning/calls';
import { EARNING_STATUS } from '@oryx/contracts/earning/calls';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { useDepositRecords } from './api/get-records';
import { Card } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

/** /manageList: the caller's deposits; a running one (status 1) is highlighted. */
export default function ManageListPage() {
  const { t } = useTranslation('earning');
  const records = useDepositRecords();
  const columns: Column<DepositRecordRow>[] = [
    { key: 'currency', title: t('list.currency'), render: (r) => r.currency_name },
    { key: 'balance', title: t('list.amount'), align: 'right', render: (r) => trimZeros(r.balance) },
    {
      key: 'terms',
      title: t('list.terms'),
      render: (r) => t('productOption', { day: r.day, rate: r.rate_percent }),
    },
    {
      key: 'profit',
      title: t('list.profit'),
      align: 'right',
      render: (r) => `${trimZeros(r.profit_balance)} / ${trimZeros(r.total_profit)}`,
    },
    { key: 'created', title: t('list.created'), render: (r) => r.created_at },
    { key: 'end', title: t('list.end'), render: (r) => r.end_time },
    {
      key: 'status',
      title: t('list.status'),
      render: (r) => (
        <span className={r.status === EARNING_STATUS.earning ? styles.statusActive : styles.status}>
          {r.status_name}
        </span>
      ),
    },
  ];
  return (
    <div className={styles.stack}>
      <Card>
        <div className={styles.head}>
          <h1 className={styles.title}>{t('list.title')}</h1>
          <Link className={styles.link} to="/manage">
            {t('back')}
          </Link>
        </div>
      </Card>
      <Card>
        <Table
          {...pagedTable(records, (p) => p.data)}
          aria-label={t('list.title')}
          columns={columns}
          rowKey={(r) => r.id}
          cards
        />
      </Card>
    </div>
  );
}
