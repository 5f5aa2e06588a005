import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginForm } from '@oryx/contracts/auth/forms';
import { areaCodeId } from '@oryx/contracts/countries';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { ApiError } from '@/shared/api/errors';
import { validateForm } from '@/shared/lib/form';
import { safeRedirect } from '@/shared/lib/login-redirect';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { useEnv } from '@/shared/session/get-env';
import { Button } from '@/shared/ui/button';
import { CodeInput } from '@/shared/ui/code-input';
import { PasswordInput } from '@/shared/ui/password-input';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useLogin } from './api/login';
import { AccountInput, AccountKindTabs, DEFAULT_COUNTRY, type AccountKind } from './components/account-input';
import { useSendCode } from './use-send-code';
import styles from './auth.module.css';

/**
 * After a successful login the user goes to the home page after 0.5 s (or back to the page
 * that sent them to log in: the `redirect` query parameter, when it is a page of this app).
 */
export const AFTER_LOGIN_DELAY_MS = 500;

/**
 * /components/login, and (variant 'points') /components/loginTransfer, the points-exchange login that
 * lands on /integralExchanges.
 */
export function LoginForm({ variant = 'normal' }: { variant?: 'normal' | 'points' }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const env = useEnv();
  // Others' wrong passwords paused the account's password checks: the owner adds a login code.
  const [isPaused, setPaused] = useState(false);
  const needCode = (variant === 'normal' && env.data?.login_need_smscode === true) || isPaused;
  const [kind, setKind] = useState<AccountKind>(params.get('isEmail') === '0' ? 'mobile' : 'email');
  const [account, setAccount] = useState(params.get('account') ?? '');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Two-factor: asked for once the server says the account needs it (after the password was right).
  const totp = useTotpStep();
  const { setErrors, err } = useFieldErrors();
  const login = useLogin(variant);

  const areaCode = kind === 'mobile' ? country.area_code : '';
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(loginForm(needCode), { user_string: account, password, sms_code: code });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    login.mutate(
      {
        user_string: checked.data.user_string,
        password,
        sms_code: code,
        area_code: areaCode,
        area_code_id: kind === 'mobile' ? areaCodeId(areaCode) : 0,
        ...totp.input,
      },
      {
        onError: (error) => {
          totp.onError(error);
          if (error instanceof ApiError && error.code === 'AUTH_ACCOUNT_LOCKED') setPaused(true);
        },
        onSuccess: () => {
          toast.success(t('login.success'));
          window.setTimeout(
            () =>
              navigate(
                variant === 'points' ? '/integralExchanges' : (safeRedirect(params.get('redirect')) ?? '/'),
                {
                  replace: true,
                },
              ),
            AFTER_LOGIN_DELAY_MS,
          );
        },
      },
    );
  };

  const onSendCode = useSendCode({
    kind,
    account,
    country,
    purpose: { scene: 'login' },
    accountField: 'user_string',
    setErrors,
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <div>
        <h1 id="login-title" className={styles.title}>
          {variant === 'points' ? t('points.title') : t('login.title')}
        </h1>
        <p className={styles.subtitle}>{variant === 'points' ? t('points.subtitle') : t('login.subtitle')}</p>
      </div>
      <AccountKindTabs
        value={kind}
        onChange={(k) => {
          setKind(k);
          setErrors({});
        }}
      />
      <AccountInput
        kind={kind}
        value={account}
        onChange={setAccount}
        country={country}
        onCountry={setCountry}
        error={err('user_string')}
        autoFocus
      />
      <PasswordInput
        label={t('field.password')}
        name="password"
        autoComplete="current-password"
        placeholder={t('field.passwordPlaceholder')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={err('password')}
      />
      {isPaused && <p className={styles.subtitle}>{t('login.pausedHint')}</p>}
      {needCode && (
        <CodeInput
          name="sms_code"
          value={code}
          onChange={setCode}
          error={err('sms_code')}
          seconds={CODE_RESEND_SECONDS.login}
          onSend={onSendCode}
        />
      )}
      {totp.field}
      <div className={styles.rowBetween}>
        <Link to="/forgetPwd" className={styles.link}>
          {t('login.forgot')}
        </Link>
      </div>
      <Button type="submit" size="lg" block loading={login.isPending || login.isSuccess}>
        {t('login.submit')}
      </Button>
      <p className={styles.switch}>
        {t('login.noAccount')}{' '}
        <Link to="/components/register" className={styles.link}>
          {t('login.toRegister')}
        </Link>
      </p>
    </form>
  );
}

export default function LoginPage() {
  return <LoginForm />;
}
