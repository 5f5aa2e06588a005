import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { Skeleton } from '@/shared/ui/skeleton';
import { Card, PageHeader } from '@/shared/ui/page';
import { useMyShops } from './api/get-my-shops';
import { AdPostForm } from './components/ad-post-form';
import { trim } from './components/amount';
import styles from './shop.module.css';

/**
 * `/legalTradeSet?id=<shop>`: post a shop ad: side, quantity, price, per-order minimum and maximum
 * (optional, fiat money), payment way, fiat, trade password (components/ad-post-form.tsx).
 */
export default function LegalTradeSetPage() {
  const { t } = useTranslation('shop');
  const shops = useMyShops();
  const wanted = Number(useSearchParams()[0].get('id')) || 0;
  const list = shops.data?.data ?? [];
  const shop = list.find((s) => s.id === wanted) ?? list[0];
  return (
    <RequireSession>
      <div className={styles.page}>
        <Card padding="md">
          <PageHeader
            title={t('post.title')}
            subtitle={
              shop
                ? t('post.subtitle', {
                    shop: shop.name,
                    balance: trim(shop.legal_balance),
                    coin: shop.currency_name,
                  })
                : ''
            }
            shrink
            className={styles.head}
            actions={
              <Link className={styles.link} to="/myLegalShops">
                {t('nav.myShops')}
              </Link>
            }
          />
        </Card>
        <Card padding="md">
          {shops.isPending && <Skeleton width="50%" />}
          {!shops.isPending && !shop && <p className={styles.subtitle}>{t('mine.none')}</p>}
          {shop && <AdPostForm shop={shop} />}
        </Card>
      </div>
    </RequireSession>
  );
}
