import { useTranslation } from 'react-i18next';
import { SendMailForm, SendSmsForm } from '@oryx/contracts/auth/forms';
import { areaCodeId, type Country } from '@oryx/contracts/countries';
import { validateForm } from '@/shared/lib/form';
import type { FieldErrors } from '@/shared/lib/use-field-errors';
import { newSandboxTicket } from '@/shared/api/sandbox-code';
import { useEnv } from '@/shared/session/get-env';
import { toast } from '@/shared/ui/toast';
import { sendCode } from './api/send-code';
import type { AccountKind } from './components/account-input';

export interface UseSendCodeOptions {
  kind: AccountKind;
  account: string;
  /** The phone's country; its area code goes with an SMS only. */
  country: Country;
  /** What the code is for (the code works for that and nothing else). */
  purpose: { scene: 'login' | 'register' | 'forget' };
  /** The form field that shows a refused account (`user_string`, or `account` on the reset page). */
  accountField: string;
  setErrors: (errors: FieldErrors) => void;
  /** After the server accepted the send. */
  onSent?: () => void;
  /** Demo mode: the ticket this send carried, which reads its sandbox code back (SandboxCodeNotice). */
  onSandboxTicket?: (ticket: string) => void;
}

/**
 * The send button of a code field (CodeInput's `onSend`) on the login, registration and reset pages: the
 * account is checked with the same rules as the form (an e-mail address or a phone number, so no code
 * is asked for a typo), errors are cleared, the code goes by e-mail or SMS, and a toast confirms it.
 * Resolves true when sent, so the countdown starts only then. In demo mode each send carries a fresh
 * sandbox ticket, handed to `onSandboxTicket` once the server accepted it.
 */
export function useSendCode({
  kind,
  account,
  country,
  purpose,
  accountField,
  setErrors,
  onSent,
  onSandboxTicket,
}: UseSendCodeOptions): () => Promise<boolean> {
  const { t } = useTranslation('auth');
  const sandbox = useEnv().data?.sandbox_codes === true;
  return async () => {
    const checked = validateForm(kind === 'email' ? SendMailForm : SendSmsForm, { user_string: account });
    if (!checked.ok) {
      setErrors({ [accountField]: checked.errors.user_string ?? 'login.enterAccount' });
      return false;
    }
    setErrors({});
    const ticket = sandbox ? newSandboxTicket() : undefined;
    try {
      await sendCode(kind === 'email' ? 'email' : 'sms', {
        user_string: checked.data.user_string,
        ...(ticket ? { sandbox_ticket: ticket } : {}),
        ...purpose,
        ...(kind === 'mobile'
          ? { area_code: country.area_code, area_code_id: areaCodeId(country.area_code) }
          : {}),
      });
    } catch {
      // The reply handler has shown the refusal.
      return false;
    }
    toast.success(t('code.sent'));
    onSent?.();
    if (ticket) onSandboxTicket?.(ticket);
    return true;
  };
}
