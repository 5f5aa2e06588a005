import type { ButtonHTMLAttributes } from 'react';
import styles from './icon-button.module.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** What the button does, read by screen readers (the icon itself says nothing). */
  label: string;
  /** `md`: a 34 px square with a hover background; `sm`: a compact button inside a field. */
  size?: 'sm' | 'md';
}

export function IconButton({ label, size = 'md', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={`${styles.iconButton} ${styles[size]} ${className ?? ''}`}
      {...rest}
    />
  );
}
