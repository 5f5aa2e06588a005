import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import styles from './ui.module.css';

export type ToastKind = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

const VISIBLE_MAX = 4;
const DURATION_MS: Record<ToastKind, number> = { success: 2500, info: 3000, error: 4000 };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function show(kind: ToastKind, text: string): number {
  const id = nextId++;
  items = [...items, { id, kind, text }].slice(-VISIBLE_MAX);
  emit();
  window.setTimeout(() => dismiss(id), DURATION_MS[kind]);
  return id;
}

function dismiss(id: number): void {
  if (!items.some((t) => t.id === id)) return;
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Short messages at the top of the screen; callable from anywhere (the API client uses it). */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  dismiss,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Rendered once by the app providers. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  const { t } = useTranslation();
  return createPortal(
    <div className={styles.toaster} aria-live="polite">
      {list.map((item) => (
        <div
          key={item.id}
          className={`${styles.toast} ${styles[`toast_${item.kind}`] ?? ''}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className={styles.toastText}>{item.text}</span>
          <button
            type="button"
            className={styles.toastClose}
            aria-label={t('actions.close')}
            onClick={() => dismiss(item.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
