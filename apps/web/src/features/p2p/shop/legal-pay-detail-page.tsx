import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RequireSession } from '@/shared/session/require-session';
import { DealView } from './components/deal-view';
import styles from './shop.module.css';

/** `/legalPayDetail?id=`: a deal the user took, as its detail (selling to a shop: confirm receipt). */
export default function LegalPayDetailPage() {
  const { t } = useTranslation('shop');
  const id = Number(useSearchParams()[0].get('id')) || 0;
  return (
    <RequireSession>
      <div className={styles.page}>
        <DealView id={id} title={t('deal.detailTitle')} />
      </div>
    </RequireSession>
  );
}
