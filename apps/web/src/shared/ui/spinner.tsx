import { useTranslation } from 'react-i18next';
import styles from './ui.module.css';

export function Spinner({ size = 20 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}

/** A centred spinner for a whole page or panel that is loading. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.pageSpinner} role="status">
      <Spinner size={28} />
      <span className={styles.visuallyHidden}>{t('state.loading')}</span>
    </div>
  );
}
