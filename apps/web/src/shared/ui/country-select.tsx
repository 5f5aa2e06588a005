import { COUNTRIES, type Country } from '@oryx/contracts/countries';
import { Select } from './select';

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
 * native select.
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
  const name = (c: Country) => (chineseNames ? c.name_cn : c.name_en);
  const sorted = chineseNames
    ? [...COUNTRIES].sort((a, b) => a.name_cn.localeCompare(b.name_cn, 'zh'))
    : COUNTRIES;
  return (
    <Select
      label={label}
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
    </Select>
  );
}
