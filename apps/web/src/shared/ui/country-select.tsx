import { useId } from 'react';
import { COUNTRIES, type Country } from '@oryx/contracts/countries';
import styles from './form-extras.module.css';

export interface CountrySelectProps {
  /** The selected country (its country_id). */
  value: number;
  onChange: (country: Country) => void;
  /** Show `+<calling code>` (area-code pickers) or only names (nationality). */
  withDialCode?: boolean;
  /** Chinese names for zh / hk, English otherwise. */
  chineseNames?: boolean;
  label?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/**
 * The bundled country list (@oryx/contracts/countries, the same file the server checks against) as a
 * native select: keyboard and screen-reader friendly, and the phone's own picker on small screens.
 */
export function CountrySelect({
  value,
  onChange,
  withDialCode = true,
  chineseNames = false,
  label,
  disabled,
  ...aria
}: CountrySelectProps) {
  const id = useId();
  const name = (c: Country) => (chineseNames ? c.name_cn : c.name_en);
  const sorted = chineseNames
    ? [...COUNTRIES].sort((a, b) => a.name_cn.localeCompare(b.name_cn, 'zh'))
    : COUNTRIES;
  return (
    <div className={styles.selectField}>
      {label && (
        <label className={styles.selectLabel} htmlFor={id}>
          {label}
        </label>
      )}
      <div className={styles.selectWrap}>
        <select
          id={id}
          className={styles.select}
          value={value}
          disabled={disabled}
          onChange={(e) => {
            const c = COUNTRIES.find((x) => x.country_id === Number(e.target.value));
            if (c) onChange(c);
          }}
          {...aria}
        >
          {sorted.map((c) => (
            <option key={c.country_id} value={c.country_id}>
              {withDialCode ? `+${c.area_code} ${name(c)}` : name(c)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
