import { useTranslation } from 'react-i18next';
import { PasswordInput } from './password-input';

export interface NewPasswordFieldsProps {
  password: string;
  rePassword: string;
  onPassword: (value: string) => void;
  onRePassword: (value: string) => void;
  /** Translated messages (useFieldErrors' `err`). */
  passwordError?: string;
  rePasswordError?: string;
  /** Labels; "New password" and "Confirm password" by default. */
  passwordLabel?: string;
  rePasswordLabel?: string;
  /** Form field names, as the call names them (`re_password` or `repassword`). */
  passwordName?: string;
  rePasswordName?: string;
}

/**
 * A new password and its confirmation (registration, forgotten and changed login password, transaction
 * password): the 6-16 character hint, `new-password` autocomplete so managers offer to generate one.
 */
export function NewPasswordFields({
  password,
  rePassword,
  onPassword,
  onRePassword,
  passwordError,
  rePasswordError,
  passwordLabel,
  rePasswordLabel,
  passwordName = 'password',
  rePasswordName = 're_password',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={passwordLabel ?? t('field.newPassword')}
        name={passwordName}
        autoComplete="new-password"
        placeholder={t('field.newPasswordPlaceholder')}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={passwordError}
      />
      <PasswordInput
        label={rePasswordLabel ?? t('field.rePassword')}
        name={rePasswordName}
        autoComplete="new-password"
        value={rePassword}
        onChange={(e) => onRePassword(e.target.value)}
        error={rePasswordError}
      />
    </>
  );
}
