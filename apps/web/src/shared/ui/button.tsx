import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';
import styles from './ui.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'up' | 'down';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks clicks (e.g. while an order is being placed). */
  loading?: boolean;
  block?: boolean;
}

export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
}: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}): string {
  return [
    styles.button,
    styles[`button_${variant}`],
    styles[`button_${size}`],
    block ? styles.button_block : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant,
  size,
  loading = false,
  block,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass({ variant, size, block })} ${className ?? ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size={14} />}
      {children}
    </button>
  );
}
