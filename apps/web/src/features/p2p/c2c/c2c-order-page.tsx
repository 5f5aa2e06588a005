import { useTranslation } from 'react-i18next';
import { RequireSession } from '@/shared/session/require-session';
import { useC2cPushes } from './api/c2c-pushes';
import { useMyDeals } from './api/get-my-deals';
import { C2cNav } from './components/c2c-nav';
import { DealTable } from './components/deal-table';
import styles from './c2c.module.css';

/** /c2cOrder: the C2C deals I took, newest first; each opens its deal page. */
export default function C2cOrderPage() {
  return (
    <RequireSession>
      <C2cOrder />
    </RequireSession>
  );
}

function C2cOrder() {
  const { t } = useTranslation('c2c');
  const deals = useMyDeals();
  useC2cPushes();
  return (
    <div className={styles.page} data-testid="c2c-orders">
      <C2cNav />
      <section className={styles.card}>
        <h1 className={styles.pageTitle}>{t('orders.title')}</h1>
        <p className={styles.muted}>{t('orders.note')}</p>
        <DealTable query={deals} label={t('orders.title')} />
      </section>
    </div>
  );
}
