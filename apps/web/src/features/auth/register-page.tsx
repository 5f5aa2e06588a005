import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { RegisterForm } from '@oryx/contracts/auth/forms';
import { areaCodeId } from '@oryx/contracts/countries';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { Button } from '@/shared/ui/button';
import { SandboxCodeNotice } from '@/shared/ui/sandbox-code-notice';
import { CodeInput } from '@/shared/ui/code-input';
import { CountrySelect } from '@/shared/ui/country-select';
import { Input } from '@/shared/ui/input';
import { NewPasswordFields } from '@/shared/ui/new-password-fields';
import { toast } from '@/shared/ui/toast';
import { useRegister } from './api/register';
import {
  AccountInput,
  AccountKindTabs,
  DEFAULT_COUNTRY,
  useChineseNames,
  type AccountKind,
} from './components/account-input';
import { useSendCode } from './use-send-code';
import styles from './auth.module.css';

/**
 * /components/register. Query `extension_code` prefills and locks the invite code; `haccount` prefills
 * the account. The agreement must be ticked, or nothing is sent. The new user is logged in on success and
 * goes to the assets page. In demo mode the sandbox's code for this page's own request shows below the
 * code field.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lockedInvite = params.get('extension_code')?.trim() ?? '';
  const prefill = params.get('haccount')?.trim() ?? '';
  const chinese = useChineseNames();

  const [kind, setKind] = useState<AccountKind>(prefill && !prefill.includes('@') ? 'mobile' : 'email');
  const [account, setAccount] = useState(prefill);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [invite, setInvite] = useState(lockedInvite);
  const [agreed, setAgreed] = useState(false);
  const [sandboxTicket, setSandboxTicket] = useState<string | null>(null);
  const { errors, setErrors, err } = useFieldErrors();
  const register = useRegister();

  const values = {
    extension_code: invite,
    type: kind,
    user_string: account,
    password,
    re_password: rePassword,
    code,
  };

  const onSendCode = useSendCode({
    kind,
    account,
    country,
    purpose: { scene: 'register' },
    accountField: 'user_string',
    setErrors,
    onSandboxTicket: setSandboxTicket,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(RegisterForm, values);
    if (!checked.ok) return setErrors(checked.errors);
    if (!agreed) return setErrors({ agree: 'register.agreeRequired' });
    setErrors({});
    register.mutate(
      {
        ...checked.data,
        area_code: country.area_code,
        area_code_id: areaCodeId(country.area_code),
        nationality: country.name_en,
      },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          navigate('/finance', { replace: true });
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <div>
        <h1 id="register-title" className={styles.title}>
          {t('register.title')}
        </h1>
        <p className={styles.subtitle}>{t('register.subtitle')}</p>
      </div>
      <AccountKindTabs
        value={kind}
        onChange={(k) => {
          setKind(k);
          setErrors({});
        }}
      />
      {kind === 'email' && (
        <CountrySelect
          label={t('field.nationality')}
          value={country.country_id}
          onChange={setCountry}
          withDialCode={false}
          chineseNames={chinese}
        />
      )}
      <AccountInput
        kind={kind}
        value={account}
        onChange={setAccount}
        country={country}
        onCountry={setCountry}
        error={err('user_string')}
      />
      <CodeInput
        value={code}
        onChange={setCode}
        error={err('code')}
        seconds={CODE_RESEND_SECONDS.register}
        onSend={onSendCode}
      />
      <SandboxCodeNotice ticket={sandboxTicket} onUse={setCode} />
      <NewPasswordFields
        password={password}
        rePassword={rePassword}
        onPassword={setPassword}
        onRePassword={setRePassword}
        passwordError={err('password')}
        rePasswordError={err('re_password')}
        passwordLabel={t('field.password')}
      />
      <Input
        label={t('field.invite')}
        name="extension_code"
        value={invite}
        maxLength={32}
        readOnly={lockedInvite !== ''}
        hint={lockedInvite ? t('register.inviteLocked') : undefined}
        onChange={(e) => setInvite(e.target.value)}
        error={err('extension_code')}
      />
      <label className={styles.agree}>
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>
          {t('register.agreePrefix')}{' '}
          <Link to="/policy" className={styles.link} target="_blank">
            {t('register.agreement')}
          </Link>
        </span>
      </label>
      {errors.agree && <div className={styles.agreeError}>{t('register.agreeRequired')}</div>}
      <Button type="submit" size="lg" block loading={register.isPending}>
        {t('register.submit')}
      </Button>
      <p className={styles.switch}>
        {t('register.haveAccount')}{' '}
        <Link to="/components/login" className={styles.link}>
          {t('register.toLogin')}
        </Link>
      </p>
    </form>
  );
}
