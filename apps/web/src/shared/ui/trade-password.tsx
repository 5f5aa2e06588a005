import { useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { PasswordInput } from './password-input';
import styles from './ui.module.css';

interface Ask {
  title: ReactNode;
  body?: ReactNode;
  /** The confirm button's text for this request; `texts.confirm` when absent. */
  okText?: string;
  resolve: (password: string | null) => void;
}

export interface TradePasswordOptions {
  /** The feature's texts: the field's label, the empty-field error and the two buttons. */
  texts: { label: string; required: string; cancel: string; confirm: string };
  /** Test ids: `<testId>-password`, `<testId>-password-ok` and `<testId>-password-dialog`. */
  testId: string;
}

/**
 * Money-moving actions ask for the trade password first: `ask()` opens the dialog and resolves with the
 * password, or null when the user cancels. Render `dialog` once in the page.
 */
export function useTradePassword({ texts, testId }: TradePasswordOptions) {
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
      setError(texts.required);
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
            {texts.cancel}
          </Button>
          <Button onClick={submit} data-testid={`${testId}-password-ok`}>
            {pending?.okText ?? texts.confirm}
          </Button>
        </>
      }
    >
      <form
        className={styles.tradePasswordForm}
        data-testid={`${testId}-password-dialog`}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {pending?.body}
        <PasswordInput
          label={texts.label}
          name="trade-password"
          autoComplete="off"
          value={password}
          error={error || undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError('');
          }}
          data-testid={`${testId}-password`}
          data-autofocus
        />
      </form>
    </Modal>
  );
  return { ask, dialog };
}
