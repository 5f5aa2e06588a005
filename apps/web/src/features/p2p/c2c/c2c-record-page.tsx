import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { C2cRecordRow } from '@oryx/contracts/p2p/calls';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { RequireSession } from '@/shared/session/require-session';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import { Tabs } from '@/shared/ui/tabs';
import { useRecords } from './api/get-records';
import { C2cNav } from './components/c2c-nav';
import { CurrencyTabs } from './components/currency-tabs';
import styles from './c2c.module.css';

type Row = z.output<typeof C2cRecordRow>;
type Filter = 'all' | 'buy' | 'sell';

/** /c2cRecord?id=<currency id>: completed deals on my ads in one currency, filtered by my side. */
export default function C2cRecordPage() {
  return (
    <RequireSession>
      <C2cRecord />
    </RequireSession>
  );
}

function C2cRecord() {
  const { t } = useTranslation('c2c');
  const [params, setParams] = useSearchParams();
  const currencyId = Number(params.get('id')) || 0;
  const [filter, setFilter] = useState<Filter>('all');
  const records = useRecords(currencyId, filter === 'all' ? '' : filter);
  const columns: Column<Row>[] = [
    {
      key: 'create_time',
      title: t('table.time'),
      render: (r) => <span className="num">{r.create_time}</span>,
    },
    {
      key: 'type',
      title: t('table.side'),
      render: (r) => <span className={r.type === 'buy' ? 'up' : 'down'}>{t(`side.${r.type}`)}</span>,
    },
    { key: 'account_number', title: t('table.counterpart') },
    {
      key: 'number',
      title: t('table.amount'),
      render: (r) => <span className="num">{`${r.number} ${r.currency_name}`}</span>,
    },
    {
      key: 'deal_money',
      title: t('table.money'),
      render: (r) => <span className="num">{`${formatDecimal(r.deal_money, 2)} ${r.coin_code}`}</span>,
    },
    {
      key: 'out_fee',
      title: t('table.fee'),
      align: 'right',
      render: (r) => <span className="num">{r.out_fee}</span>,
    },
  ];
  return (
    <div className={styles.page} data-testid="c2c-records">
      <C2cNav />
      <section className={styles.card}>
        <div className={styles.cardHead}>
          <h1 className={styles.pageTitle}>{t('records.title')}</h1>
          <Tabs
            variant="pill"
            aria-label={t('table.side')}
            items={[
              { key: 'all', label: t('records.all') },
              { key: 'sell', label: t('side.sell') },
              { key: 'buy', label: t('side.buy') },
            ]}
            value={filter}
            onChange={setFilter}
          />
        </div>
        <CurrencyTabs
          value={currencyId}
          onChange={(id) => setParams({ id: String(id) }, { replace: true })}
        />
        <Table
          {...pagedTable(records, (p) => p.data)}
          cards
          aria-label={t('records.title')}
          columns={columns}
          rowKey={(r) => r.id}
          loading={records.isLoading || currencyId === 0}
          emptyText={t('records.empty')}
        />
      </section>
    </div>
  );
}
