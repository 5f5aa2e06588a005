import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from '@/shared/ui/table';
import { useUserLedger } from './api/users';
import { formatTime } from './format';
import { Pager } from './pager';
import styles from './console.module.css';

/** The user's ledger history: every movement with its reason, reference and counterpart. */
export function UserLedger({ id }: { id: number }) {
  const { t } = useTranslation('console');
  const [page, setPage] = useState(1);
  const legs = useUserLedger(id, page);
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('user.ledger')}</h2>
      <Table
        cards
        rows={legs.data?.data}
        loading={legs.isPending}
        rowKey={(l) => `${l.entry_id}-${l.wallet}-${l.bucket}`}
        columns={[
          { key: 'at', title: t('col.time'), render: (l) => formatTime(l.at) },
          {
            key: 'wallet',
            title: t('col.wallet'),
            render: (l) => `${t(`wallet.${l.wallet as 'change'}`)} · ${l.bucket}`,
          },
          { key: 'currency', title: t('col.currency') },
          {
            key: 'value',
            title: t('col.amount'),
            align: 'right',
            render: (l) => (
              <span className={l.value.startsWith('-') ? styles.bad : styles.ok}>{l.value}</span>
            ),
          },
          {
            key: 'reason',
            title: t('col.reason'),
            render: (l) => <span className={styles.mono}>{l.reason}</span>,
          },
          { key: 'ref', title: t('col.ref'), render: (l) => <span className={styles.mono}>{l.ref}</span> },
          {
            key: 'counterpart',
            title: t('col.counterpart'),
            render: (l) => <span className={styles.mono}>{l.counterpart}</span>,
          },
        ]}
      />
      <Pager page={page} total={legs.data?.total ?? 0} size={20} onPage={setPage} />
    </section>
  );
}
