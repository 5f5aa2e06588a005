import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './layout.module.css';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={styles.logo} aria-label={t('brand.home')}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
        <rect width="32" height="32" rx="8" className={styles.logoTile} />
        <path
          d="M9 24c0-7 3-12 7-12s7 5 7 12"
          fill="none"
          className={styles.logoStroke}
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M11 13 8 5M21 13l3-8"
          className={styles.logoStroke}
          strokeWidth="2.4"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.logoText}>Oryx</span>
    </Link>
  );
}
