import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './ui.module.css';

export interface DropdownProps {
  /** The button's content. */
  trigger: ReactNode;
  /** Accessible name of the button when its content is only an icon. */
  label: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'left' | 'right';
  /** Opens on hover as well as on click (desktop header menus). */
  hover?: boolean;
  triggerClassName?: string;
  panelClassName?: string;
}

/** A button with a panel under it: click, hover or keyboard opens it; Escape and an outside click close it. */
export function Dropdown({
  trigger,
  label,
  children,
  align = 'right',
  hover = true,
  triggerClassName,
  panelClassName,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // A click right after the pointer opened the panel (and a tap, which browsers precede with
  // mouseenter) keeps it open instead of toggling it shut.
  const openedByHover = useRef(false);
  const panelId = useId();
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const hoverProps = hover
    ? {
        onMouseEnter: () => {
          window.clearTimeout(closeTimer.current);
          if (!open) openedByHover.current = true;
          setOpen(true);
        },
        // A short grace period lets the pointer cross the gap between button and panel.
        onMouseLeave: () => {
          openedByHover.current = false;
          closeTimer.current = window.setTimeout(() => setOpen(false), 150);
        },
      }
    : {};

  return (
    <div ref={rootRef} className={styles.dropdown} {...hoverProps}>
      <button
        type="button"
        className={triggerClassName ?? styles.dropdownTrigger}
        aria-label={label}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else setOpen((o) => !o);
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          className={`${styles.dropdownPanel} ${styles[`dropdownPanel_${align}`]} ${panelClassName ?? ''}`}
        >
          {typeof children === 'function' ? children(close) : children}
        </div>
      )}
    </div>
  );
}
