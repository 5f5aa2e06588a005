import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { ShopAdRow } from '@oryx/contracts/p2p/shop-calls';
import { loginPath } from '@/shared/lib/login-redirect';
import { useIsLoggedIn } from '@/shared/session/session';
import { Skeleton } from '@/shared/ui/skeleton';
import { pagedTable } from '@/shared/ui/paged-table';
import { useShopInfo } from './api/get-shop-info';
import { AdTable } from './components/ad-table';
import { Stat } from './components/deal-view';
import { trim } from './components/amount';
import { TakeDialog } from './components/take-dialog';
import { Card } from '@/shared/ui/page';
import styles from './shop.module.css';

/** `/legalSeller?id=`: a shop's public page: its checks, 30-day and completion figures, its ads. */
export default function LegalSellerPage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const info = useShopInfo(id);
  const loggedIn = useIsLoggedIn();
  const [taking, setTaking] = useState<ShopAdRow | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const first = info.data?.pages[0];
  const check = (on: number) => (on ? t('seller.checked') : t('seller.unchecked'));
  return (
    <div className={styles.page}>
      <Card padding="md">
        {info.isLoading && <Skeleton width="50%" />}
        {!info.isLoading && !first && <p className={styles.subtitle}>{t('seller.notFound')}</p>}
        {first && (
          <>
            <div className={styles.head}>
              <div>
                <h1 className={styles.title}>{first.name}</h1>
                <p className={styles.subtitle}>
                  {t('seller.since', { date: first.create_time.slice(0, 10) })} · {first.currency_name}
                </p>
              </div>
              {first.is_owner === 1 && (
                <Link className={styles.link} to={`/legalShopDetail?id=${first.id}`}>
                  {t('nav.manage')}
                </Link>
              )}
            </div>
            <div className={styles.stats} data-spaced="">
              <Stat label={t('seller.thirtyDays')} value={String(first.thirtyDays)} />
              <Stat label={t('seller.total')} value={String(first.total)} />
              <Stat label={t('seller.done')} value={String(first.done)} />
              <Stat label={t('seller.rate')} value={`${first.done_rate}%`} />
              <Stat label={t('seller.real')} value={check(first.prove_real)} />
              <Stat label={t('seller.mobile')} value={check(first.prove_mobile)} />
              {loggedIn && <Stat label={t('field.myLegal')} value={trim(first.user_legal_balance)} />}
            </div>
          </>
        )}
      </Card>
      {first && (
        <Card padding="md" flush>
          <div className={styles.toolbar}>
            <h2 className={styles.sectionTitle}>{t('seller.ads')}</h2>
          </div>
          <AdTable
            paging={pagedTable(info, (p) => p.lists.data)}
            onTake={(ad) => {
              if (!loggedIn) navigate(loginPath(`${location.pathname}${location.search}`));
              else if (!first.is_owner) setTaking(ad);
            }}
            showShop={false}
          />
        </Card>
      )}
      <TakeDialog ad={taking} onClose={() => setTaking(null)} />
    </div>
  );
}
