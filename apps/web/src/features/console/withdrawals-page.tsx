import { useTranslation } from 'react-i18next';
import { useDecideWithdrawal, useWithdrawals } from './api/operations';
import { formatTime } from './format';
import { OutflowQueue } from './outflow-queue';
import styles from './console.module.css';

/**
 * /console/withdrawals: coin withdrawals by status (reviewed by USDT value). Approving sends one (beyond
 * what one operator may move alone the first approval is a request a second operator completes; the
 * owner decides nothing about their own); rejecting returns the frozen amount and closes a first approval.
 */
export default function WithdrawalsPage() {
  const { t } = useTranslation('console');
  return (
    <OutflowQueue
      section="withdrawals"
      hints={[t('fourEyes.hint')]}
      useRows={useWithdrawals}
      useDecide={useDecideWithdrawal}
      details={[
        {
          key: 'address',
          title: t('withdrawals.address'),
          render: (w) => (
            <span className={styles.mono}>
              {w.network} · {w.address}
              {w.memo && ` · ${w.memo}`}
            </span>
          ),
        },
      ]}
      time={{ key: 'created_at', title: t('col.time'), render: (w) => formatTime(w.created_at) }}
      settled={(w) => w.tx_hash && <span className={styles.mono}>{w.tx_hash.slice(0, 18)}…</span>}
    />
  );
}
