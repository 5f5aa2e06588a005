import { useTranslation } from 'react-i18next';
import styles from '../funding.module.css';

/** The label of a network on the simulated chain: its coins are not real. */
export function SandboxBadge() {
  const { t } = useTranslation('cash');
  return (
    <span className={styles.sandbox} title={t('sandbox.hint')} data-testid="sandbox-label">
      {t('sandbox.label')}
    </span>
  );
}
