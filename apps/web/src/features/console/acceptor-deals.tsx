import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Table } from '@/shared/ui/table';
import { Tabs } from '@/shared/ui/tabs';
import { useAcceptorDeals } from './api/business';
import { Pager } from './pager';
import styles from './console.module.css';

const TONE: Record<number, string | undefined> = { 0: styles.warn, 1: styles.ok, 2: styles.tag };

/** Every acceptor's deals, for operators to follow (the acceptors themselves confirm or reject). */
export function AcceptorDeals() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [page, setPage] = useState(1);
  const deals = useAcceptorDeals(status, page);
  return (
    <section className={styles.card}>
      <h2 className={styles.sectionTitle}>{t('acceptors.deals')}</h2>
      <Tabs
        items={(['open', 'all'] as const).map((k) => ({ key: k, label: t(`acceptors.dealTabs.${k}`) }))}
        value={status}
        onChange={(k) => {
          setStatus(k);
          setPage(1);
        }}
      />
      <Table
        cards
        aria-label={t('acceptors.deals')}
        rows={deals.data?.data}
        loading={deals.isPending}
        error={deals.error}
        rowKey={(d) => d.id}
        emptyText={t('acceptors.noDeals')}
        columns={[
          { key: 'id', title: 'ID' },
          { key: 'acceptor', title: t('acceptors.field.name'), render: (d) => d.acceptor_name },
          { key: 'user', title: t('col.user'), render: (d) => d.user_account },
          { key: 'type', title: t('acceptors.side'), render: (d) => t(`acceptors.sides.${d.type}`) },
          {
            key: 'amount',
            title: t('col.amount'),
            align: 'right',
            render: (d) => `${d.money} ${d.quote_code} · ${d.number} ${d.currency_name}`,
          },
          { key: 'way', title: t('acceptors.way'), render: (d) => d.way_name },
          {
            key: 'is_sure',
            title: t('col.status'),
            render: (d) => (
              <span className={TONE[d.is_sure]}>
                {t(`acceptors.state.${String(d.is_sure) as '0'}`)}
                {d.transferred === 1 && d.is_sure === 0 && ` · ${t('acceptors.transferred')}`}
              </span>
            ),
          },
          { key: 'create_time', title: t('col.time') },
        ]}
      />
      <Pager page={page} total={deals.data?.total ?? 0} size={10} onPage={setPage} />
    </section>
  );
}
