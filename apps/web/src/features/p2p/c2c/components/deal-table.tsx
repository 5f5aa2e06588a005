import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { C2cDealRow } from '@oryx/contracts/p2p/calls';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable } from '@/shared/ui/paged-table';
import styles from '../c2c.module.css';
import { statusLabel, statusTone } from './labels';

type Pages = InfiniteData<{ data: C2cDealRow[] }>;

/** A paged list of deals (mine, or on one of my ads); each row opens the deal page. */
export function DealTable({ query, label }: { query: UseInfiniteQueryResult<Pages>; label: string }) {
  const { t } = useTranslation('c2c');
  const columns: Column<C2cDealRow>[] = [
    {
      key: 'create_time',
      title: t('table.time'),
      render: (r) => <span className="num">{r.create_time}</span>,
    },
    {
      key: 'my_side',
      title: t('table.side'),
      render: (r) => (
        <span className={r.my_side === 'buy' ? 'up' : 'down'}>
          {t(r.my_side === 'buy' ? 'side.buy' : 'side.sell')}
        </span>
      ),
    },
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
    { key: 'way_name', title: t('table.way') },
    {
      key: 'is_sure',
      title: t('table.status'),
      render: (r) => (
        <span className={`${styles.badge} ${styles[`badge_${statusTone(r.is_sure)}`]}`}>
          {statusLabel(t, r.is_sure)}
        </span>
      ),
    },
    {
      key: 'open',
      title: '',
      align: 'right',
      render: (r) => (
        <Link className={styles.link} to={`/c2cDetail?id=${r.id}`} data-testid={`c2c-deal-${r.id}`}>
          {t('actions.details')}
        </Link>
      ),
    },
  ];
  return (
    <Table
      {...pagedTable(query, (p) => p.data)}
      cards
      aria-label={label}
      columns={columns}
      rowKey={(r) => r.id}
      loading={query.isLoading}
      emptyText={t('orders.empty')}
    />
  );
}
