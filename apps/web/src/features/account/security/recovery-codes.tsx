import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';
import page from '../account.module.css';
import styles from './security.module.css';

/** The recovery codes, shown once after they are made, with copy and "I have saved them". */
export function RecoveryCodesBox({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('twoFactor.copied'));
    } catch {
      // No clipboard (an insecure origin): the codes stay on screen to copy by hand.
    }
  };
  return (
    <div data-testid="recovery-codes">
      <h3 className={page.sectionTitle}>{t('twoFactor.recoveryTitle')}</h3>
      <p className={page.muted}>{t('twoFactor.recoveryHint')}</p>
      <ol className={styles.codes}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('twoFactor.copy')}
        </Button>
        <Button onClick={onDone}>{t('twoFactor.done')}</Button>
      </div>
    </div>
  );
}
