import { useTranslation } from 'react-i18next';
import { useAccountLog } from './api/get-account-log';
import { LogTable } from './components/log-table';
import styles from './wallet.module.css';

/** `/balancelog`: every movement of every account, newest first, 20 a page. */
export default function BalanceLogPage() {
  const { t } = useTranslation('wallet');
  const log = useAccountLog();
  return (
    <>
      <section className={styles.card}>
        <h1 className={styles.title}>{t('log.title')}</h1>
        <p className={styles.subtitle}>{t('log.subtitle')}</p>
      </section>
      <section className={`${styles.card} ${styles.cardFlat}`}>
        <LogTable query={log} label={t('log.title')} />
      </section>
    </>
  );
}
