import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { DealView } from './components/deal-view';
import styles from './shop.module.css';

/** `/legalPay?id=`: the taker buying from a shop: where to pay, time left, "I have paid" / cancel. */
export default function LegalPayPage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  return (
    <RequireSession>
      <div className={styles.page}>
        <DealView id={id} title={t('deal.payTitle')} />
      </div>
    </RequireSession>
  );
}
