import { useId, type SelectHTMLAttributes } from 'react';
import styles from './select.module.css';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** A visible label above the field; without it give the select an `aria-label`. */
  label?: string;
  /** Class of the outer box, for its width in a row of filters or actions. */
  fieldClassName?: string;
}

/**
 * A native select in the frame of the text fields: keyboard and screen-reader friendly, and the phone's
 * own picker on small screens. Options are the children.
 */
export function Select({ label, fieldClassName, id, children, ...rest }: SelectProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className={`${styles.field} ${fieldClassName ?? ''}`}>
      {label && (
        <label className={styles.label} htmlFor={selectId}>
          {label}
        </label>
      )}
      <div className={styles.wrap}>
        <select id={selectId} className={styles.select} {...rest}>
          {children}
        </select>
      </div>
    </div>
  );
}
