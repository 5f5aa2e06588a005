import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ShopDealRow } from '@oryx/contracts/p2p/shop-calls';
import { Table, type Column } from '@/shared/ui/table';
import { pagedTable, type PagedQuery } from '@/shared/ui/paged-table';
import styles from '../shop.module.css';
import { DealStatus } from './status';
import { trim } from './amount';

export type DealQuery = PagedQuery<{ data: ShopDealRow[] }>;

/**
 * Shop deals, 10 a page with load-more; a row opens the deal: the taker's pages (`/legalPay` to pay,
 * `/legalPayDetail`) or, for the shop's owner (`asShop`), `/shopLegalPayDetail`.
 */
export function DealTable({
  query,
  asShop = false,
  label,
}: {
  query: DealQuery;
  asShop?: boolean;
  label: string;
}) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const open = (r: ShopDealRow) => {
    const page = asShop ? '/shopLegalPayDetail' : r.my_side === 'buy' ? '/legalPay' : '/legalPayDetail';
    navigate(`${page}?id=${r.id}`);
  };
  const columns: Column<ShopDealRow>[] = [
    {
      key: 'time',
      title: t('field.time'),
      render: (r) => <span className={styles.num}>{r.create_time}</span>,
    },
    {
      key: 'side',
      title: t('field.side'),
      render: (r) => (
        <span className={r.my_side === 'buy' ? styles.up : styles.down}>
          {t(r.my_side === 'buy' ? 'action.buy' : 'action.sell')} {r.currency_name}
        </span>
      ),
    },
    {
      key: 'number',
      title: t('field.amount'),
      render: (r) => <span className={styles.num}>{trim(r.number)}</span>,
    },
    {
      key: 'money',
      title: t('field.total'),
      render: (r) => (
        <span className={styles.num}>
          {r.deal_money} {r.coin_code}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('field.state'),
      align: 'right',
      render: (r) => <DealStatus value={r.is_sure} />,
    },
  ];
  return (
    <Table
      {...pagedTable(query, (p) => p.data)}
      aria-label={label}
      columns={columns}
      rowKey={(r) => r.id}
      onRowClick={open}
      emptyText={t('deals.empty')}
      cards
    />
  );
}
