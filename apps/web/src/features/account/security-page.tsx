import { useTranslation } from 'react-i18next';
import { HistoryCard } from './security/history-card';
import { PhishingCard } from './security/phishing-card';
import { SessionsCard } from './security/sessions-card';
import { TwoFactorCard } from './security/two-factor-card';
import { Card } from '@/shared/ui/page';
import styles from './account.module.css';

/** /security: two-factor authentication, the anti-phishing phrase, open sessions and the login history. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <p className={styles.muted}>{t('subtitle')}</p>
      </Card>
      <TwoFactorCard />
      <PhishingCard />
      <SessionsCard />
      <HistoryCard />
    </div>
  );
}
