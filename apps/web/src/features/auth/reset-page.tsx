import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ChangePasswordForm } from '@oryx/contracts/auth/forms';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { endSession } from '@/shared/api/end-session';
import { Button } from '@/shared/ui/button';
import { NewPasswordFields } from '@/shared/ui/new-password-fields';
import { PasswordInput } from '@/shared/ui/password-input';
import { RequireSession } from '@/shared/session/require-session';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useChangePassword } from './api/change-password';
import styles from './auth.module.css';

/**
 * /resetPwd: change the login password with the current one. Every session ends (this one too), so the
 * user logs in again with the new password.
 */
export default function ResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const { setErrors, err } = useFieldErrors();
  const change = useChangePassword();
  const totp = useTotpStep();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = { old_password: oldPassword, password, re_password: rePassword };
    const checked = validateForm(ChangePasswordForm, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    change.mutate(
      { ...checked.data, ...totp.input },
      {
        onError: totp.onError,
        onSuccess: (message) => {
          toast.success(message);
          endSession();
          navigate('/components/login', { replace: true });
        },
      },
    );
  };

  return (
    <RequireSession isEndingSession={change.isSuccess}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <div>
          <h1 id="reset-title" className={styles.title}>
            {t('reset.title')}
          </h1>
          <p className={styles.subtitle}>{t('reset.subtitle')}</p>
        </div>
        <PasswordInput
          label={t('field.oldPassword')}
          name="old_password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          error={err('old_password')}
        />
        <NewPasswordFields
          password={password}
          rePassword={rePassword}
          onPassword={setPassword}
          onRePassword={setRePassword}
          passwordError={err('password')}
          rePasswordError={err('re_password')}
        />
        {totp.field}
        <p className={styles.note}>{t('forget.sessionsNote')}</p>
        <Button type="submit" size="lg" block loading={change.isPending}>
          {t('reset.submit')}
        </Button>
        <p className={styles.switch}>
          <Link to="/forgetPwd?fromSet=1" className={styles.link}>
            {t('reset.forgotOld')}
          </Link>
          {' · '}
          <Link to="/accountSet" className={styles.link}>
            {t('forget.backToSettings')}
          </Link>
        </p>
      </form>
    </RequireSession>
  );
}
