import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './ui.module.css';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label?: ReactNode;
  /** Shown under the field in red; also marks the field invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Text or a button inside the field on the right (a unit, "max", a send-code button). */
  suffix?: ReactNode;
  prefix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ label, error, hint, suffix, prefix, id, className, ref, ...rest }: InputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = error || hint ? `${inputId}-note` : undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      {label && (
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className={`${styles.inputWrap} ${error ? styles.inputWrap_invalid : ''}`}>
        {prefix && <span className={styles.affix}>{prefix}</span>}
        <input
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {suffix && <span className={styles.affix}>{suffix}</span>}
      </div>
      {(error || hint) && (
        <div id={describedBy} className={error ? styles.fieldError : styles.fieldHint}>
          {error || hint}
        </div>
      )}
    </div>
  );
}
