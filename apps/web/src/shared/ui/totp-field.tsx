import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/errors';
import { Input } from './input';

/** The two-factor code field, shown once the server asks for a code. */
export function TotpInput({
  value,
  onChange,
  autoFocus = true,
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('security');
  return (
    <Input
      label={t('twoFactor.codeLabel')}
      hint={t('login.codeHint')}
      name="totp_code"
      autoComplete="one-time-code"
      maxLength={16}
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * For a form whose call two-factor protects (login, password and e-mail changes): until the server
 * answers TWO_FACTOR_REQUIRED nothing shows; from then on `field` is the code input and `input` adds
 * `totp_code` to the call. Pass `onError` to the mutation. `known` shows the field at once (the page knows the
 * user has two-factor on).
 */
export function useTotpStep(known = false) {
  const [asked, setNeeded] = useState(false);
  const needed = asked || known;
  const [code, setCode] = useState('');
  return {
    input: needed ? { totp_code: code.trim() } : {},
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') setNeeded(true);
    },
    field: needed ? <TotpInput value={code} onChange={setCode} autoFocus={asked} /> : null,
  };
}
