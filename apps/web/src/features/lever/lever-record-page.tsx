import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { LedgerLogRow } from '@oryx/contracts/wallet/calls';
import { changeSign, formatDecimal } from '@/shared/lib/display-decimal';
import { RequireSession } from '@/shared/session/require-session';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { useLeverRecord } from './api/get-lever-record';
import { LeverNav } from './components/lever-nav';
import styles from './lever.module.css';

type Row = z.output<typeof LedgerLogRow>;

/** /leverRecord?id=<currency id>: the lever account's balance log of one coin (every coin without id). */
export default function LeverRecordPage() {
  return (
    <RequireSession>
      <LeverRecord />
    </RequireSession>
  );
}

function LeverRecord() {
  const { t } = useTranslation('lever');
  const [params] = useSearchParams();
  const currencyId = Number(params.get('id')) || 0;
  const record = useLeverRecord(currencyId);
  const columns: Column<Row>[] = [
    {
      key: 'created_time',
      title: t('ui.table.time'),
      render: (r) => <span className="num">{r.created_time}</span>,
    },
    { key: 'info', title: t('ui.record.info') },
    { key: 'currency_name', title: t('ui.record.coin') },
    {
      key: 'value',
      title: t('ui.record.amount'),
      align: 'right',
      render: (r) => {
        const sign = changeSign(r.value);
        return (
          <span
            className={`num ${sign > 0 ? 'up' : sign < 0 ? 'down' : ''}`}
            data-testid="lever-record-value"
          >
            {sign > 0 ? '+' : ''}
            {formatDecimal(r.value, 8)}
          </span>
        );
      },
    },
  ];
  return (
    <div className={styles.page} data-testid="lever-record">
      <LeverNav />
      <section className={styles.card}>
        <h1 className={styles.pageTitle}>{t('ui.record.title')}</h1>
        <Table
          {...pagedTable(record, (p) => p.list)}
          cards
          aria-label={t('ui.record.title')}
          columns={columns}
          rowKey={(r) => r.id}
          loading={record.isLoading}
        />
      </section>
    </div>
  );
}
