import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/shared/ui/button';
import styles from './layout/layout.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.message} data-testid="not-found">
      <div className={styles.messageCode}>404</div>
      <h1 className={styles.messageTitle}>{t('notFound.title')}</h1>
      <p className={styles.messageText}>{t('notFound.text')}</p>
      <Link to="/" className={buttonClass()}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
