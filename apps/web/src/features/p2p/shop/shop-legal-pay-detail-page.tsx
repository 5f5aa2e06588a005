import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { DealView } from './components/deal-view';
import styles from './shop.module.css';

/** `/shopLegalPayDetail?id=`: a deal on one of my shop ads, as the shop sees it (confirm, pay, appeal). */
export default function ShopLegalPayDetailPage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  return (
    <RequireSession>
      <div className={styles.page}>
        <DealView id={id} title={t('deal.shopTitle')} />
      </div>
    </RequireSession>
  );
}
