import { useTranslation } from 'react-i18next';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import { useJcRecords } from '../api/get-jc-records';
import { Card } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

interface Row {
  id: number;
  created_at: string;
  exchange_num: string;
  integral: string;
  fact_market_price: string;
}

/** Rows shown before the "more" button appears (it appears above 9 rows). */
const MORE_AFTER_ROWS = 9;

export function PointsRecords({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('points');
  const records = useJcRecords(enabled);
  const rows = records.data?.pages.flatMap((p) => p.data);
  const columns: Column<Row>[] = [
    { key: 'time', title: t('records.time'), render: (r) => r.created_at },
    { key: 'integral', title: t('records.integral'), align: 'right', render: (r) => trimZeros(r.integral) },
    {
      key: 'received',
      title: t('records.received'),
      align: 'right',
      render: (r) => trimZeros(r.exchange_num),
    },
    {
      key: 'price',
      title: t('records.price'),
      align: 'right',
      render: (r) => trimZeros(r.fact_market_price),
    },
  ];
  return (
    <Card>
      <h2 className={styles.sectionTitle}>{t('records.title')}</h2>
      <Table
        aria-label={t('records.title')}
        columns={columns}
        rows={enabled ? rows : []}
        rowKey={(r) => r.id}
        loading={enabled && records.isPending}
        error={records.error}
        onRetry={() => void records.refetch()}
        cards
      />
      {(rows?.length ?? 0) > MORE_AFTER_ROWS && records.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            disabled={records.isFetchingNextPage}
            onClick={() => void records.fetchNextPage()}
          >
            {t('records.more')}
          </Button>
        </div>
      )}
    </Card>
  );
}
