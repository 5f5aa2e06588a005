import { useTranslation } from 'react-i18next';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import { useProfits } from './api/get-profits';
import { Card } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

interface Profit {
  id: number;
  created_time: string;
  info: string;
  value: string;
  currency_name: string;
}

/** Rows shown before the "more" button appears (it appears above 9 rows). */
const MORE_AFTER_ROWS = 9;

/** /profit: referral commissions paid to the caller, newest first, "more" above 9 rows. */
export default function ProfitPage() {
  const { t } = useTranslation('team');
  const profits = useProfits();
  const rows = profits.data?.pages.flatMap((p) => p.data);
  const columns: Column<Profit>[] = [
    { key: 'time', title: t('profit.time'), render: (r) => r.created_time },
    { key: 'info', title: t('profit.info'), render: (r) => r.info },
    {
      key: 'value',
      title: t('profit.value'),
      align: 'right',
      render: (r) => (
        <span className={styles.statusActive}>
          +{trimZeros(r.value)} {r.currency_name}
        </span>
      ),
    },
  ];
  const showMore = (rows?.length ?? 0) > MORE_AFTER_ROWS && profits.hasNextPage;
  return (
    <div className={styles.stack}>
      <Card>
        <h1 className={styles.title}>{t('profit.title')}</h1>
      </Card>
      <Card>
        <Table
          aria-label={t('profit.title')}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={profits.isPending}
          error={profits.error}
          onRetry={() => void profits.refetch()}
          cards
        />
        {showMore && (
          <div className={styles.more}>
            <Button
              variant="secondary"
              disabled={profits.isFetchingNextPage}
              onClick={() => void profits.fetchNextPage()}
            >
              {t('profit.more')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
