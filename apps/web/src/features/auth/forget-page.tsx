import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ForgetForm } from '@oryx/contracts/auth/forms';
import { COUNTRIES, areaCodeId } from '@oryx/contracts/countries';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { endSession } from '@/shared/api/end-session';
import { useUserInfo } from '@/shared/session/get-user-info';
import { useIsLoggedIn } from '@/shared/session/session';
import { Button } from '@/shared/ui/button';
import { SandboxCodeNotice } from '@/shared/ui/sandbox-code-notice';
import { CodeInput } from '@/shared/ui/code-input';
import { NewPasswordFields } from '@/shared/ui/new-password-fields';
import { toast } from '@/shared/ui/toast';
import { useForget } from './api/forget';
import { login } from './api/login';
import { AccountInput, AccountKindTabs, DEFAULT_COUNTRY, type AccountKind } from './components/account-input';
import { useSendCode } from './use-send-code';
import styles from './auth.module.css';

/**
 * /forgetPwd: the account, a code, then the new password twice. With `fromSet` (opened from the account
 * settings) the account is the logged-in user's and the page returns to /accountSet. The server ends
 * every session of the account, so this device logs in again with the new password on the way back.
 */
export default function ForgetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isLoggedIn = useIsLoggedIn();
  const fromSet = params.has('fromSet') && isLoggedIn;
  const user = useUserInfo();

  const [kind, setKind] = useState<AccountKind>('email');
  const [account, setAccount] = useState('');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [codeSent, setCodeSent] = useState(false);
  const [sandboxTicket, setSandboxTicket] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const { setErrors, err } = useFieldErrors();
  const forget = useForget();

  // From the settings: the account is the user's own (e-mail first, else the phone).
  useEffect(() => {
    if (!fromSet || !user.data) return;
    if (user.data.email) {
      setKind('email');
      setAccount(user.data.email);
    } else if (user.data.phone) {
      setKind('mobile');
      setAccount(user.data.phone);
      const c = COUNTRIES.find((x) => x.area_code === user.data.area_code);
      if (c) setCountry(c);
    }
  }, [fromSet, user.data]);

  const onSendCode = useSendCode({
    kind,
    account,
    country,
    // Named outright: a logged-in `type: 'forget'` would be read as the transaction-password page's.
    purpose: { scene: 'forget' },
    accountField: 'account',
    setErrors,
    onSent: () => setCodeSent(true),
    onSandboxTicket: setSandboxTicket,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(ForgetForm, { account, password, repassword: rePassword, code });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const areaCode = kind === 'mobile' ? country.area_code : '';
    forget.mutate(
      { ...checked.data, scene: 'forget', area_code: areaCode },
      {
        onSuccess: async (message) => {
          toast.success(message);
          endSession();
          if (!fromSet) return navigate('/components/login');
          try {
            await login({
              user_string: account,
              password,
              area_code: areaCode,
              area_code_id: areaCodeId(areaCode),
            });
            navigate('/accountSet');
          } catch {
            navigate('/components/login');
          }
        },
      },
    );
  };

  const locked = fromSet && !!user.data;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="forget-title">
      <div>
        <h1 id="forget-title" className={styles.title}>
          {fromSet ? t('forget.titleFromSet') : t('forget.title')}
        </h1>
        <p className={styles.subtitle}>{t('forget.subtitle')}</p>
      </div>
      <ol className={styles.steps}>
        <li className={`${styles.step} ${styles.step_active}`}>{t('forget.step1')}</li>
        <li className={`${styles.step} ${codeSent ? styles.step_active : ''}`}>{t('forget.step2')}</li>
      </ol>
      {!locked && (
        <AccountKindTabs
          value={kind}
          onChange={(k) => {
            setKind(k);
            setErrors({});
          }}
        />
      )}
      <AccountInput
        kind={kind}
        value={account}
        onChange={setAccount}
        country={country}
        onCountry={setCountry}
        error={err('account')}
        readOnly={locked}
      />
      <CodeInput
        value={code}
        onChange={setCode}
        error={err('code')}
        seconds={CODE_RESEND_SECONDS.forget}
        onSend={onSendCode}
      />
      <SandboxCodeNotice ticket={sandboxTicket} onUse={setCode} />
      {codeSent ? (
        <>
          <NewPasswordFields
            password={password}
            rePassword={rePassword}
            onPassword={setPassword}
            onRePassword={setRePassword}
            passwordError={err('password')}
            rePasswordError={err('repassword')}
            rePasswordName="repassword"
          />
          <p className={styles.note}>{t('forget.sessionsNote')}</p>
          <Button type="submit" size="lg" block loading={forget.isPending}>
            {t('forget.submit')}
          </Button>
        </>
      ) : (
        <p className={styles.note}>{t('forget.sendFirst')}</p>
      )}
      <p className={styles.switch}>
        <Link to={fromSet ? '/accountSet' : '/components/login'} className={styles.link}>
          {fromSet ? t('forget.backToSettings') : t('forget.backToLogin')}
        </Link>
      </p>
    </form>
  );
}
