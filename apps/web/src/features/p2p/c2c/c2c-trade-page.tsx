import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { useC2cPushes } from './api/c2c-pushes';
import { useAdDeals } from './api/get-ad-deals';
import { C2cNav } from './components/c2c-nav';
import { DealTable } from './components/deal-table';
import { MyAds } from './components/my-ads';
import styles from './c2c.module.css';

/** /c2cTrade?id=<ad id>: the deals taken on one of my ads; without an id, my ads to pick one from. */
export default function C2cTradePage() {
  return (
    <RequireSession>
      <C2cTrade />
    </RequireSession>
  );
}

function C2cTrade() {
  const { t } = useTranslation('c2c');
  const [params] = useSearchParams();
  const adId = Number(params.get('id')) || 0;
  const deals = useAdDeals(adId);
  useC2cPushes();
  return (
    <div className={styles.page} data-testid="c2c-ad-orders">
      <C2cNav />
      {adId > 0 ? (
        <section className={styles.card}>
          <div className={styles.cardHead}>
            <h1 className={styles.pageTitle}>{t('adOrders.title', { id: adId })}</h1>
            <Link className={styles.link} to="/c2cRelease">
              {t('adOrders.back')}
            </Link>
          </div>
          <DealTable query={deals} label={t('adOrders.title', { id: adId })} />
        </section>
      ) : (
        <>
          <p className={styles.muted}>{t('adOrders.pick')}</p>
          <MyAds />
        </>
      )}
    </div>
  );
}
