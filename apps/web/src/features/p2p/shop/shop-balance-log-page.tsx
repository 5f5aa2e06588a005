import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { useBalanceLog } from './api/get-balance-log';
import { trim } from './components/amount';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

interface Row {
  id: number;
  currency_name: string;
  is_lock: number;
  memo: string;
  updated_at: string;
  value: string;
}

/** `/balancelog?seller_id=<shop>`: my shop balance's movements, newest first, 10 a page. */
export default function ShopBalanceLogPage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('seller_id')) || 0;
  const log = useBalanceLog(id);
  const columns: Column<Row>[] = [
    {
      key: 'time',
      title: t('field.time'),
      render: (r) => <span className={styles.num}>{r.updated_at}</span>,
    },
    { key: 'memo', title: t('log.memo'), render: (r) => r.memo },
    {
      key: 'kind',
      title: t('log.kind'),
      render: (r) => <span className={styles.badge}>{r.is_lock ? t('log.lock') : t('log.transfer')}</span>,
    },
    {
      key: 'value',
      title: t('field.amount'),
      align: 'right',
      render: (r) => (
        <span className={`${styles.num} ${r.value.startsWith('-') ? styles.down : styles.up}`}>
          {r.value.startsWith('-') ? '' : '+'}
          {trim(r.value)} {r.currency_name}
        </span>
      ),
    },
  ];
  return (
    <div className={styles.stackPlain}>
      <Card padding="md">
        <PageHeader
          title={t('log.title')}
          subtitle={t('log.subtitle')}
          shrink
          className={styles.head}
          actions={
            <Link className={styles.link} to="/myLegalShops">
              {t('nav.myShops')}
            </Link>
          }
        />
      </Card>
      <Card padding="md" flush>
        <Table
          {...pagedTable(log, (p) => p.data)}
          aria-label={t('log.title')}
          columns={columns}
          rowKey={(r) => r.id}
          loading={log.isLoading}
          emptyText={t('log.empty')}
          cards
        />
      </Card>
    </div>
  );
}
