import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { IconButton } from './icon-button';
import { CloseIcon } from './icons';
import styles from './ui.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  width?: number;
}

/** A dialog over the page: Escape and a click on the backdrop close it; focus moves into it. */
export function Modal({ open, onClose, title, children, footer, width = 420 }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog?.querySelector<HTMLElement>(
        `.${styles.modalBody} :is(input, select, textarea, button, a[href])`,
      ) ??
      dialog;
    first?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={styles.modal}
        style={{ maxWidth: width }}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
      >
        <div className={styles.modalHeader}>
          {title ? (
            <h2 id={titleId} className={styles.modalTitle}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          <IconButton label={t('actions.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
        {children !== undefined && <div className={styles.modalBody}>{children}</div>}
        {footer !== undefined && <div className={styles.modalFooter}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
