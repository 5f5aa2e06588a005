import { useTranslation } from 'react-i18next';
import { useSandboxCode } from '../api/sandbox-code';
import styles from './sandbox-code-notice.module.css';

/**
 * Demo mode: "sandbox: your code is …" for the code this page just asked for (its own ticket), with a
 * button that fills it in. Shows nothing without a ticket or before the sandbox delivered a code. Used
 * by the sign-up, reset and transaction-password pages (texts in the `auth` namespace).
 */
export function SandboxCodeNotice({
  ticket,
  onUse,
}: {
  ticket: string | null;
  onUse: (code: string) => void;
}) {
  const { t } = useTranslation('auth');
  const { data } = useSandboxCode(ticket);
  if (!data?.code) return null;
  return (
    <div className={styles.sandbox} role="status" data-testid="sandbox-code">
      <strong>{t('sandbox.code', { code: data.code })}</strong>
      <span className={styles.sandboxHint}>{t('sandbox.hint', { destination: data.destination })}</span>
      <button type="button" className={styles.use} onClick={() => onUse(data.code)}>
        {t('sandbox.use')}
      </button>
    </div>
  );
}
