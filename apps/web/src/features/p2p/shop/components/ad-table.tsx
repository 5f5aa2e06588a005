import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ShopAdRow } from '@oryx/contracts/p2p/shop-calls';
import { Button } from '@/shared/ui/button';
import { Table, type Column } from '@/shared/ui/table';
import type { PagedTableProps } from '@/shared/ui/paged-table';
import styles from '../shop.module.css';
import { limitText, trim } from './amount';

/** Shop ads on the shelf: shop, price, remaining, per-order limits, way, and a buy / sell button. */
export function AdTable({
  paging,
  onTake,
  showShop = true,
}: {
  /** The list's rows and paging, from `pagedTable`. */
  paging: PagedTableProps<ShopAdRow>;
  onTake: (ad: ShopAdRow) => void;
  showShop?: boolean;
}) {
  const { t } = useTranslation('shop');
  const columns: Column<ShopAdRow>[] = [
    ...(showShop
      ? [
          {
            key: 'shop',
            title: t('field.shop'),
            render: (r: ShopAdRow) => (
              <Link className={styles.link} to={`/legalSeller?id=${r.shop_id}`}>
                {r.seller_name}
              </Link>
            ),
          },
        ]
      : []),
    {
      key: 'price',
      title: t('field.price'),
      render: (r) => (
        <span className={`${styles.num} ${r.type === 'sell' ? styles.up : styles.down}`}>
          {r.price} {r.coin_code}
        </span>
      ),
    },
    {
      key: 'left',
      title: t('field.remaining'),
      render: (r) => (
        <span className={styles.num}>
          {trim(r.surplus_number)} {r.currency_name}
        </span>
      ),
    },
    {
      key: 'limits',
      title: t('field.limits'),
      render: (r) => <span className={styles.num}>{limitText(r, t('field.noLimit'))}</span>,
    },
    { key: 'way', title: t('field.way'), render: (r) => r.way_name },
    {
      key: 'go',
      title: '',
      align: 'right',
      render: (r) => (
        <Button
          size="sm"
          variant={r.type === 'sell' ? 'up' : 'down'}
          onClick={() => onTake(r)}
          data-testid={`shop-take-${r.id}`}
        >
          {t(r.type === 'sell' ? 'action.buy' : 'action.sell')}
        </Button>
      ),
    },
  ];
  return (
    <Table
      {...paging}
      aria-label={t('market.title')}
      columns={columns}
      rowKey={(r) => r.id}
      emptyText={t('market.empty')}
      cards
    />
  );
}
