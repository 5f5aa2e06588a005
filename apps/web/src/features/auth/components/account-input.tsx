import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Country } from '@oryx/contracts/countries';
import { getLocale } from '@/shared/i18n/i18n';
import { browserLanguages, defaultCountry } from '@/shared/lib/country-default';
import { useEnv } from '@/shared/session/get-env';
import { CountrySelect } from '@/shared/ui/country-select';
import { Input } from '@/shared/ui/input';
import { Tabs } from '@/shared/ui/tabs';
import styles from '../auth.module.css';

export type AccountKind = 'email' | 'mobile';

/** The country the forms start on: from the browser's languages (shared/lib/country-default). */
export const DEFAULT_COUNTRY: Country = defaultCountry(browserLanguages(), getLocale());
export const useChineseNames = () => ['zh', 'hk'].includes(getLocale());

export interface AccountInputProps {
  kind: AccountKind;
  value: string;
  onChange: (value: string) => void;
  country: Country;
  onCountry: (c: Country) => void;
  error?: string;
  readOnly?: boolean;
  autoFocus?: boolean;
}

/** The account of a login or registration form: an e-mail address, or an area code and a phone number. */
export function AccountInput({
  kind,
  value,
  onChange,
  country,
  onCountry,
  error,
  readOnly,
  autoFocus,
}: AccountInputProps) {
  const { t } = useTranslation('auth');
  const chinese = useChineseNames();
  if (kind === 'email') {
    return (
      <Input
        label={t('field.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        placeholder={t('field.emailPlaceholder')}
        value={value}
        maxLength={100}
        readOnly={readOnly}
        autoFocus={autoFocus}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={styles.phoneRow}>
      <CountrySelect
        label={t('field.areaCode')}
        value={country.country_id}
        onChange={onCountry}
        chineseNames={chinese}
        disabled={readOnly}
      />
      <Input
        label={t('field.phone')}
        type="tel"
        name="phone"
        autoComplete="username"
        inputMode="tel"
        placeholder={t('field.phonePlaceholder')}
        value={value}
        maxLength={20}
        readOnly={readOnly}
        autoFocus={autoFocus}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * Whether codes can reach a phone (env.json's `sms_available`): undefined while that is not known yet.
 * Without SMS (production with no SMS provider) the phone tabs are hidden and the server refuses phones.
 */
export function useIsPhoneAvailable(): boolean | undefined {
  return useEnv().data?.sms_available;
}

/** E-mail or phone: the switch above every account field; e-mail only when SMS is not available. */
export function AccountKindTabs({
  value,
  onChange,
}: {
  value: AccountKind;
  onChange: (kind: AccountKind) => void;
}) {
  const { t } = useTranslation('auth');
  const isPhoneAvailable = useIsPhoneAvailable();
  useEffect(() => {
    if (isPhoneAvailable === false && value === 'mobile') onChange('email');
  }, [isPhoneAvailable, value, onChange]);
  if (isPhoneAvailable !== true) return null;
  return (
    <Tabs
      aria-label={t('field.accountKind')}
      items={[
        { key: 'email', label: t('field.emailTab') },
        { key: 'mobile', label: t('field.phoneTab') },
      ]}
      value={value}
      onChange={onChange}
    />
  );
}
