import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { PasswordInput } from '@/shared/ui/password-input';
import styles from '../lever.module.css';

interface Ask {
  title: ReactNode;
  body?: ReactNode;
  okText?: string;
  resolve: (password: string | null) => void;
}

/**
 * Opening a lever order (the one lever action that puts money at risk, and the one the server checks
 * the trade password for) asks for it first: `ask()` opens the dialog and resolves with the password,
 * or null when the user cancels. Render `dialog` once in the page. Closing and revoking ask nothing.
 */
export function useTradePassword() {
  const { t } = useTranslation('lever');
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
    if (password.trim() === '') {
      setError(t('ui.password.required'));
      return;
    }
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
            {t('ui.actions.cancel')}
          </Button>
          <Button onClick={submit} data-testid="lever-password-ok">
            {pending?.okText ?? t('ui.actions.confirm')}
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
        data-testid="lever-password-dialog"
      >
        {pending?.body}
        <PasswordInput
          label={t('ui.password.label')}
          name="trade-password"
          autoComplete="off"
          value={password}
          error={error || undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
          data-testid="lever-password"
          data-autofocus
        />
      </form>
    </Modal>
  );
  return { ask, dialog };
}
