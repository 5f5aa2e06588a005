import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { PasswordInput } from '@/shared/ui/password-input';
import styles from '../c2c.module.css';

interface Ask {
  title: ReactNode;
  body?: ReactNode;
  resolve: (password: string | null) => void;
}

/**
 * Money-moving C2C actions ask for the trade password first: `ask()` opens the dialog and resolves with
 * the password, or null when the user cancels. Render `dialog` once in the page.
 */
export function useTradePassword() {
  const { t } = useTranslation('c2c');
  const [pending, setPending] = useState<Ask | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const pendingRef = useRef<Ask | null>(null);

  const settle = (value: string | null) => {
    pendingRef.current?.resolve(value);
    pendingRef.current = null;
    setPending(null);
    setPassword('');
    setError('');
  };
  const ask = (options: Omit<Ask, 'resolve'>) =>
    new Promise<string | null>((resolve) => {
      pendingRef.current?.resolve(null);
      const next = { ...options, resolve };
      pendingRef.current = next;
      setPending(next);
    });
  const submit = () => {
    if (password.trim() === '') return setError(t('password.required'));
    settle(password);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      onClose={() => settle(null)}
      title={pending?.title}
      footer={
        <>
          <Button variant="secondary" onClick={() => settle(null)}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={submit} data-testid="c2c-password-ok">
            {t('actions.confirm')}
          </Button>
        </>
      }
    >
      <form
        className={styles.dialogBody}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {pending?.body}
        <PasswordInput
          label={t('password.label')}
          name="trade-password"
          autoComplete="off"
          value={password}
          error={error || undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
          data-testid="c2c-password"
          data-autofocus
        />
      </form>
    </Modal>
  );
  return { ask, dialog };
}
