import { useTranslation } from 'react-i18next';
import type { PayLogRow } from '@oryx/contracts/funding/pay-calls';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { usePayLog } from './api/pay-log';
import styles from './rupiah.module.css';

/** The caller's rupiah deposits or withdrawals under the form, newest first. */
type StatusKey =
  | 'log.inStatus0'
  | 'log.inStatus1'
  | 'log.inStatus2'
  | 'log.outStatus0'
  | 'log.outStatus1'
  | 'log.outStatus2'
  | 'log.outStatus3';

/** The status text keys, by list and status. */
const STATUS: Record<'in' | 'out', Record<number, StatusKey>> = {
  in: { 0: 'log.inStatus0', 1: 'log.inStatus1', 2: 'log.inStatus2' },
  out: { 0: 'log.outStatus0', 1: 'log.outStatus1', 2: 'log.outStatus2', 3: 'log.outStatus3' },
};

export function RupiahLog({ type }: { type: 'in' | 'out' }) {
  const { t } = useTranslation('rupiah');
  const log = usePayLog(type);
  const columns: Column<PayLogRow>[] = [
    { key: 'time', title: t('log.time'), render: (r) => r.created_time },
    {
      key: 'idr',
      title: t('log.rupiah'),
      align: 'right',
      render: (r) => `Rp ${r.amount_idr.toLocaleString('id-ID')}`,
    },
    {
      key: 'number',
      title: t('log.coin'),
      align: 'right',
      render: (r) => `${r.number} ${r.currency_name}`,
    },
    { key: 'channel', title: type === 'in' ? t('log.channel') : t('log.bank'), render: (r) => r.channel },
    {
      key: 'status',
      title: t('log.status'),
      render: (r) => {
        const key = STATUS[type][r.status];
        return key ? t(key) : String(r.status);
      },
    },
  ];
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{type === 'in' ? t('log.inTitle') : t('log.outTitle')}</h2>
      <Table
        {...pagedTable(log, (p) => p.data)}
        columns={columns}
        rowKey={(r) => r.id}
        cards
        aria-label={type === 'in' ? t('log.inTitle') : t('log.outTitle')}
      />
    </section>
  );
}
