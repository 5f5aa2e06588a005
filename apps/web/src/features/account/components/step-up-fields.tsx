import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { useUserInfo } from '@/shared/session/get-user-info';
import { CodeInput } from '@/shared/ui/code-input';
import { PasswordInput } from '@/shared/ui/password-input';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useSecurityOverview } from '../api/get-security-overview';
import { sendAccountCode } from '../api/send-account-code';
import styles from '../account.module.css';

/**
 * The proof a change of where money goes needs (bank card, payment details): a code of that purpose
 * sent to the user's own e-mail (else phone), the login password, and the two-factor code when it is on.
 * `check()` marks what is missing and answers whether the form may be sent; `input` goes with the call.
 */
export function useStepUpFields(purpose: 'bank' | 'payment') {
  const { t } = useTranslation('auth');
  const info = useUserInfo();
  const overview = useSecurityOverview();
  const totp = useTotpStep(overview.data?.two_factor === true);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ code?: boolean; password?: boolean }>({});
  const u = info.data;
  const byEmail = !!u?.email;
  const destination = u ? (byEmail ? u.email : `+${u.area_code} ${u.phone}`) : '';

  const onSend = async () => {
    if (!u) return false;
    try {
      await sendAccountCode(byEmail ? 'email' : 'sms', {
        user_string: byEmail ? u.email : u.phone,
        scene: purpose,
        ...(byEmail ? {} : { area_code: u.area_code }),
      });
      toast.success(t('code.sent'));
      return true;
    } catch {
      return false;
    }
  };

  return {
    input: { code: code.trim(), password, ...totp.input },
    onError: totp.onError,
    check: () => {
      const m = { code: code.trim() === '', password: password === '' };
      setMissing(m);
      return !m.code && !m.password;
    },
    reset: () => {
      setCode('');
      setPassword('');
    },
    fields: (
      <div className={styles.form} data-testid="step-up">
        <p className={styles.muted}>{t('stepUp.hint')}</p>
        <CodeInput
          value={code}
          onChange={setCode}
          error={missing.code ? t('login.enterCode') : undefined}
          hint={t('bindmpwd.codeTo', { destination })}
          seconds={CODE_RESEND_SECONDS[purpose]}
          onSend={onSend}
        />
        <PasswordInput
          label={t('stepUp.password')}
          name="login_password"
          autoComplete="current-password"
          maxLength={64}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing.password ? t('stepUp.passwordRequired') : undefined}
        />
        {totp.field}
      </div>
    ),
  };
}
