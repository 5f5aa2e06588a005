import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/shared/ui/skeleton';
import { useFundingCoins } from './funding-coins';
import { Card } from '@/shared/ui/page';
import styles from '../funding.module.css';

/**
 * Shows the page only while deposits and withdrawals are open (`is_open_CTbi` = 1); otherwise the
 * "not open" message. A skeleton while the wallet list loads.
 */
export function FundingGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('cash');
  const { isOpen, list } = useFundingCoins();
  if (isOpen === true) return <>{children}</>;
  return (
    <Card phone={860}>
      <h1 className={styles.title}>{title}</h1>
      {isOpen === false ? (
        <p className={styles.subtitle} data-testid="funding-closed">
          {t('closed')}
        </p>
      ) : list.error ? (
        <p className={styles.subtitle}>{t('loadFailed')}</p>
      ) : (
        <Skeleton height={120} />
      )}
    </Card>
  );
}
