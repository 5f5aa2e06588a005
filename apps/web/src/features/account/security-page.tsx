import { useTranslation } from 'react-i18next';
import { HistoryCard } from './security/history-card';
import { PhishingCard } from './security/phishing-card';
import { SessionsCard } from './security/sessions-card';
import { TwoFactorCard } from './security/two-factor-card';
import styles from './account.module.css';

/** /security: two-factor authentication, the anti-phishing phrase, open sessions and the login history. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.pageTitle}>{t('title')}</h1>
        <p className={styles.muted}>{t('subtitle')}</p>
      </section>
      <TwoFactorCard />
      <PhishingCard />
      <SessionsCard />
      <HistoryCard />
    </div>
  );
}
