import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { FormMessageKey } from '@oryx/contracts/auth/forms';

/** A text of the `auth` namespace, checked against the English file. */
export type AuthTextKey = ParseKeys<'auth'>;

// Every message of the shared form rules must be a text of the namespace: this line stops compiling if not.
const FORM_MESSAGES_ARE_TEXTS: (key: FormMessageKey) => AuthTextKey = (key) => key;
void FORM_MESSAGES_ARE_TEXTS;

/** The first message of each field, keyed by field name (`user_string`, `password`, ...). */
export type FieldErrors = Partial<Record<string, AuthTextKey>>;

/**
 * A form's field errors as typed text keys: `setErrors(checked.errors)` after validateForm, then
 * `error={err('password')}` on each field, which reads the translated text or nothing.
 */
export function useFieldErrors() {
  const { t } = useTranslation('auth');
  const [errors, setErrors] = useState<FieldErrors>({});
  const err = useCallback(
    (field: string): string | undefined => {
      const key = errors[field];
      return key === undefined ? undefined : t(key);
    },
    [errors, t],
  );
  return { errors, setErrors, err };
}
