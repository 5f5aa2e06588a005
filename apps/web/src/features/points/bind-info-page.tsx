import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { POINTS_BIND_FIELD_MAX } from '@oryx/contracts/points/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { toast } from '@/shared/ui/toast';
import { useBindPoints } from './api/bind';
import { useBoundAccount } from './api/get-bind';
import { StandaloneShell } from './components/standalone-shell';
import { cardClass } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

type Field = 'user_name' | 'password';
type Problem = 'required' | 'tooLong';

const problemOf = (v: string): Problem | null =>
  v.trim() === '' ? 'required' : [...v.trim()].length > POINTS_BIND_FIELD_MAX ? 'tooLong' : null;

/** /bindInfo: bind the external points account (1 to 20 characters each), then back to the exchange. */
export default function BindInfoPage() {
  const { t } = useTranslation('points');
  const navigate = useNavigate();
  const bound = useBoundAccount();
  const bind = useBindPoints();
  const [values, setValues] = useState({ user_name: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, Problem>>>({});
  const set = (f: Field, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setErrors((s) => ({ ...s, [f]: undefined }));
  };
  const text = (f: Field, p: Problem | undefined) =>
    p === 'tooLong'
      ? t('bind.tooLong')
      : p
        ? t(f === 'user_name' ? 'bind.accountRequired' : 'bind.passwordRequired')
        : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      user_name: problemOf(values.user_name) ?? undefined,
      password: problemOf(values.password) ?? undefined,
    };
    setErrors(found);
    if (found.user_name || found.password || bind.isPending) return;
    bind.mutate(
      { user_name: values.user_name.trim(), password: values.password.trim() },
      {
        onSuccess: (message) => {
          toast.success(message);
          navigate('/integralExchange');
        },
      },
    );
  };
  return (
    <StandaloneShell>
      <div className={styles.stack}>
        <form
          className={`${cardClass()} ${styles.form}`}
          onSubmit={onSubmit}
          noValidate
          aria-label={t('bind.title')}
        >
          <div>
            <h1 className={styles.title}>
              {t('bind.title')}{' '}
              {bound.data?.provider === 'sandbox' && <span className={styles.sandbox}>sandbox</span>}
            </h1>
            <p className={styles.subtitle}>{t('bind.intro')}</p>
            {bound.data?.provider === 'sandbox' && (
              <p className={styles.subtitle} style={{ marginTop: 6 }}>
                {t('sandbox')}
              </p>
            )}
            {bound.data?.user_name && (
              <p className={styles.subtitle} style={{ marginTop: 6 }} data-testid="bound-name">
                {t('bind.current', { name: bound.data.user_name })}
              </p>
            )}
          </div>
          <Input
            label={t('bind.account')}
            name="user_name"
            autoComplete="off"
            maxLength={40}
            value={values.user_name}
            error={text('user_name', errors.user_name)}
            onChange={(e) => set('user_name', e.target.value)}
          />
          <PasswordInput
            label={t('bind.password')}
            name="password"
            autoComplete="off"
            maxLength={40}
            value={values.password}
            error={text('password', errors.password)}
            onChange={(e) => set('password', e.target.value)}
          />
          <Button type="submit" disabled={bind.isPending}>
            {t('bind.submit')}
          </Button>
          {bound.data?.user_name && (
            <Link className={styles.link} to="/integralExchange">
              {t('bind.toExchange')}
            </Link>
          )}
        </form>
      </div>
    </StandaloneShell>
  );
}
