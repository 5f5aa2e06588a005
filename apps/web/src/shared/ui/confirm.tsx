import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  title?: ReactNode;
  message: ReactNode;
  okText?: string;
  cancelText?: string;
  /** A destructive action gets a red confirm button. */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve: (yes: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Asks a yes/cancel question; resolves true on yes. Callable from anywhere (the API client uses it). */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

function settle(yes: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(yes);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Rendered once by the app providers. */
export function ConfirmHost() {
  const current = useSyncExternalStore(subscribe, () => pending);
  const { t } = useTranslation();
  return (
    <Modal
      open={current !== null}
      onClose={() => settle(false)}
      title={current?.title}
      footer={
        <>
          <Button variant="secondary" onClick={() => settle(false)}>
            {current?.cancelText ?? t('actions.cancel')}
          </Button>
          <Button
            variant={current?.danger ? 'danger' : 'primary'}
            onClick={() => settle(true)}
            data-autofocus
          >
            {current?.okText ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      {current?.message}
    </Modal>
  );
}
