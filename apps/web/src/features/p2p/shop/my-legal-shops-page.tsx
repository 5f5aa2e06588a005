import { useTranslation } from 'react-i18next';
import type { ShopRow } from '@oryx/contracts/p2p/shop-calls';
import { Link } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { buttonClass } from '@/shared/ui/button';
import { Skeleton } from '@/shared/ui/skeleton';
import { useMyShops } from './api/get-my-shops';
import { Stat } from './components/deal-view';
import { trim } from './components/amount';
import { Card, PageHeader } from '@/shared/ui/page';
import styles from './shop.module.css';

/** `/myLegalShops` (the header's shops link, sellers only): my shops with balance, escrow and their pages. */
export default function MyLegalShopsPage() {
  const { t } = useTranslation('shop');
  const shops = useMyShops();
  const rows = shops.data?.data ?? [];
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={t('mine.title')}
            subtitle={t('mine.subtitle')}
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to="/legalTrade">
                {t('nav.market')}
              </Link>
            }
          />
        </Card>
        <Card padding="md">
          {shops.isPending && <Skeleton width="60%" />}
          {!shops.isPending && rows.length === 0 && <p className={styles.subtitle}>{t('mine.none')}</p>}
          <div className={styles.shopGrid}>
            {rows.map((s) => (
              <ShopCard key={s.id} shop={s} />
            ))}
          </div>
        </Card>
      </div>
    </RequireSession>
  );
}

/** One of my shops: its balance and escrow, and links to post an ad, its ads, transfers, logs and deals. */
function ShopCard({ shop }: { shop: ShopRow }) {
  const { t } = useTranslation('shop');
  return (
    <article className={styles.shopCard} data-testid={`shop-card-${shop.id}`}>
      <div className={styles.head}>
        <h2 className={styles.shopName}>{shop.name}</h2>
        <span className={styles.badge}>{shop.currency_name}</span>
      </div>
      <div className={styles.stats}>
        <Stat label={t('mine.balance')} value={trim(shop.legal_balance)} testId={`shop-balance-${shop.id}`} />
        <Stat
          label={t('mine.locked')}
          value={trim(shop.lock_seller_balance)}
          testId={`shop-locked-${shop.id}`}
        />
      </div>
      <div className={styles.actions}>
        <Link className={buttonClass({ size: 'sm' })} to={`/legalTradeSet?id=${shop.id}`}>
          {t('mine.post')}
        </Link>
        <Link
          className={buttonClass({ size: 'sm', variant: 'secondary' })}
          to={`/legalShopDetail?id=${shop.id}`}
        >
          {t('mine.ads')}
        </Link>
        <Link
          className={buttonClass({ size: 'sm', variant: 'secondary' })}
          to={`/transferstore?id=${shop.id}`}
        >
          {t('mine.transfer')}
        </Link>
        <Link
          className={buttonClass({ size: 'sm', variant: 'ghost' })}
          to={`/balancelog?seller_id=${shop.id}`}
        >
          {t('mine.log')}
        </Link>
        <Link
          className={buttonClass({ size: 'sm', variant: 'ghost' })}
          to={`/shopLegalRecord?shop_id=${shop.id}`}
        >
          {t('mine.deals')}
        </Link>
        <Link className={buttonClass({ size: 'sm', variant: 'ghost' })} to={`/legalSeller?id=${shop.id}`}>
          {t('mine.public')}
        </Link>
      </div>
    </article>
  );
}
