import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TradePasswordForm } from '@oryx/contracts/auth/forms';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { useUserInfo } from '@/shared/session/get-user-info';
import { Button } from '@/shared/ui/button';
import { CodeInput } from '@/shared/ui/code-input';
import { NewPasswordFields } from '@/shared/ui/new-password-fields';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useHasTradePassword } from './api/judge-password';
import { sendAccountCode } from './api/send-account-code';
import { useUpdateTradePassword } from './api/update-trade-password';
import styles from './account.module.css';

/**
 * /bindmpwd: set or change the transaction (funds) password, confirmed with a `trade_password` code sent
 * to the user's own e-mail (or phone when no e-mail is bound); that code does nothing else.
 */
export default function BindTradePasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
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
    try {
      await sendAccountCode(byEmail ? 'email' : 'sms', {
        user_string: byEmail ? u.email : u.phone,
        scene: 'trade_password',
        ...(byEmail ? {} : { area_code: u.area_code }),
      });
      toast.success(t('code.sent'));
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
          navigate('/accountSet');
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.pageTitle}>{has.data ? t('bindmpwd.titleChange') : t('bindmpwd.titleSet')}</h1>
        <p className={styles.muted}>{t('bindmpwd.subtitle')}</p>
      </section>
      <form className={`${styles.card} ${styles.form} ${styles.narrow}`} onSubmit={onSubmit} noValidate>
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
        {totp.field}
        <Button type="submit" size="lg" loading={update.isPending} className={styles.submit}>
          {t('bindmpwd.submit')}
        </Button>
      </form>
    </div>
  );
}
