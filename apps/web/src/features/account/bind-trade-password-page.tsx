import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { TradePasswordForm } from '@oryx/contracts/auth/forms';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { newSandboxTicket } from '@/shared/api/sandbox-code';
import { validateForm } from '@/shared/lib/form';
import { safeRedirect } from '@/shared/lib/login-redirect';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { useEnv } from '@/shared/session/get-env';
import { useUserInfo } from '@/shared/session/get-user-info';
import { Button } from '@/shared/ui/button';
import { CodeInput } from '@/shared/ui/code-input';
import { NewPasswordFields } from '@/shared/ui/new-password-fields';
import { SandboxCodeNotice } from '@/shared/ui/sandbox-code-notice';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useHasTradePassword } from './api/judge-password';
import { sendAccountCode } from './api/send-account-code';
import { useUpdateTradePassword } from './api/update-trade-password';
import { Card, cardClass } from '@/shared/ui/page';
import styles from './account.module.css';

/**
 * /bindmpwd: set or change the transaction (funds) password, confirmed with a `trade_password` code sent
 * to the user's own e-mail (or phone when no e-mail is bound); that code does nothing else. `from` (a
 * path of this app: the page that asked for the password, e.g. the deal centre) is where it returns
 * afterwards; without one, the security settings. In demo mode the sandbox notice shows the code.
 */
export default function BindTradePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeRedirect(params.get('from')) ?? '/accountSet';
  const sandbox = useEnv().data?.sandbox_codes === true;
  const [sandboxTicket, setSandboxTicket] = useState<string | null>(null);
  const info = useUserInfo();
  const has = useHasTradePassword();
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [code, setCode] = useState('');
  const { setErrors, err } = useFieldErrors();
  const update = useUpdateTradePassword();
  const totp = useTotpStep();
  if (!info.data || has.data === undefined) return <PageSpinner />;
  const u = info.data;
  const byEmail = !!u.email;
  const destination = byEmail ? u.email : `+${u.area_code} ${u.phone}`;

  const onSend = async () => {
    const ticket = sandbox ? newSandboxTicket() : undefined;
    try {
      await sendAccountCode(byEmail ? 'email' : 'sms', {
        user_string: byEmail ? u.email : u.phone,
        scene: 'trade_password',
        ...(byEmail ? {} : { area_code: u.area_code }),
        ...(ticket ? { sandbox_ticket: ticket } : {}),
      });
      toast.success(t('code.sent'));
      if (ticket) setSandboxTicket(ticket);
      return true;
    } catch {
      return false;
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(TradePasswordForm, { password, re_password: rePassword, code });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    update.mutate(
      { ...checked.data, ...totp.input },
      {
        onError: totp.onError,
        onSuccess: (message) => {
          toast.success(message);
          navigate(back, { replace: true });
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{has.data ? t('bindmpwd.titleChange') : t('bindmpwd.titleSet')}</h1>
        <p className={styles.muted}>{t('bindmpwd.subtitle')}</p>
      </Card>
      <form
        className={`${cardClass({ phone: 720 })} ${styles.form} ${styles.narrow}`}
        onSubmit={onSubmit}
        noValidate
      >
        <NewPasswordFields
          password={password}
          rePassword={rePassword}
          onPassword={setPassword}
          onRePassword={setRePassword}
          passwordError={err('password')}
          rePasswordError={err('re_password')}
          passwordLabel={t('bindmpwd.password')}
          rePasswordLabel={t('bindmpwd.rePassword')}
        />
        <CodeInput
          value={code}
          onChange={setCode}
          error={err('code')}
          hint={t('bindmpwd.codeTo', { destination })}
          seconds={CODE_RESEND_SECONDS.trade_password}
          onSend={onSend}
        />
        <SandboxCodeNotice ticket={sandboxTicket} onUse={setCode} />
        {totp.field}
        <Button type="submit" size="lg" loading={update.isPending} className={styles.submit}>
          {t('bindmpwd.submit')}
        </Button>
      </form>
    </div>
  );
}
