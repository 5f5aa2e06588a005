import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BindEmailForm, SendMailForm } from '@oryx/contracts/auth/forms';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { useUserInfo } from '@/shared/session/get-user-info';
import { Button } from '@/shared/ui/button';
import { CodeInput } from '@/shared/ui/code-input';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useBindEmail } from './api/bind-email';
import { sendAccountCode } from './api/send-account-code';
import { Card, cardClass } from '@/shared/ui/page';
import styles from './account.module.css';

/**
 * /bindEmail: bind (or change) the e-mail address with a code sent to it and the login password (the
 * address decides where password-reset codes go, so a session alone cannot change it).
 */
export default function BindEmailPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const info = useUserInfo();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { setErrors, err } = useFieldErrors();
  const bind = useBindEmail();
  const totp = useTotpStep();

  const onSend = async () => {
    const checked = validateForm(SendMailForm, { user_string: email });
    if (!checked.ok) {
      setErrors({
        email: checked.errors.user_string === 'login.enterAccount' ? 'email.required' : 'register.emailFalse',
      });
      return false;
    }
    setErrors({});
    try {
      await sendAccountCode('email', { user_string: checked.data.user_string, scene: 'bind' });
      toast.success(t('code.sent'));
      return true;
    } catch {
      return false;
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(BindEmailForm, { email, code });
    if (!checked.ok) return setErrors(checked.errors);
    if (password === '') return setErrors({ password: 'stepUp.passwordRequired' });
    setErrors({});
    bind.mutate(
      { ...checked.data, password, ...totp.input },
      {
        onError: totp.onError,
        onSuccess: (message) => {
          toast.success(message);
          navigate('/accountSet');
        },
      },
    );
  };
  const current = info.data?.email;

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{current ? t('email.titleChange') : t('email.titleBind')}</h1>
        <p className={styles.muted}>
          {current ? t('email.current', { email: current }) : t('email.subtitle')}
        </p>
      </Card>
      <form
        className={`${cardClass({ phone: 720 })} ${styles.form} ${styles.narrow}`}
        onSubmit={onSubmit}
        noValidate
      >
        <Input
          label={t('field.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('field.emailPlaceholder')}
          maxLength={100}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={err('email')}
        />
        <CodeInput
          value={code}
          onChange={setCode}
          error={err('code')}
          seconds={CODE_RESEND_SECONDS.bind}
          onSend={onSend}
        />
        <PasswordInput
          label={t('stepUp.password')}
          name="login_password"
          autoComplete="current-password"
          maxLength={64}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={err('password')}
        />
        {totp.field}
        <Button type="submit" size="lg" loading={bind.isPending} className={styles.submit}>
          {t('email.submit')}
        </Button>
      </form>
    </div>
  );
}
