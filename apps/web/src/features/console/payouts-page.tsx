import { useTranslation } from 'react-i18next';
import { useDecidePayout, usePayouts } from './api/operations';
import { OutflowQueue } from './outflow-queue';
import styles from './console.module.css';

/**
 * /console/payouts: rupiah payouts to bank cards by status, reviewed like coin withdrawals. Approving
 * pays one out (beyond what one operator may move alone, the first approval is a request a second
 * operator completes); rejecting returns the frozen amount.
 */
export default function PayoutsPage() {
  const { t } = useTranslation('console');
  return (
    <OutflowQueue
      section="payouts"
      hints={[t('payouts.hint'), t('fourEyes.hint')]}
      useRows={usePayouts}
      useDecide={useDecidePayout}
      details={[
        {
          key: 'idr',
          title: t('payouts.rupiah'),
          align: 'right',
          render: (p) => `Rp ${p.amount_idr.toLocaleString('id-ID')}`,
        },
        {
          key: 'bank',
          title: t('payouts.bank'),
          render: (p) => (
            <span className={styles.mono}>
              {p.bank_name || p.bank_code} · {p.receive_name} · {p.receive_account}
            </span>
          ),
        },
      ]}
      time={{ key: 'created_time', title: t('col.time') }}
      settled={(p) => p.notes && <span className={styles.muted}>{p.notes}</span>}
    />
  );
}
