import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '@oryx/contracts/security/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useSecurityOverview } from '../api/get-security-overview';
import { useStartTwoFactor } from '../api/start-two-factor';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useNewRecoveryCodes } from '../api/new-recovery-codes';
import { RecoveryCodesBox } from './recovery-codes';
import page from '../account.module.css';
import styles from './security.module.css';

/** Two-factor: off → setup (QR, key, first code) → recovery codes; on → new recovery codes or turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation('security');
  const overview = useSecurityOverview();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const on = overview.data?.two_factor === true;

  return (
    <section className={page.card} data-testid="two-factor">
      <div className={styles.head}>
        <div className={styles.headText}>
          <h2 className={page.sectionTitle}>{t('twoFactor.title')}</h2>
          <p className={page.muted}>{t('twoFactor.intro')}</p>
        </div>
        {overview.data ? (
          <span className={`${styles.badge} ${on ? styles.badge_on : ''}`} data-testid="two-factor-state">
            {on ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
        ) : (
          <Skeleton width={60} height={22} />
        )}
      </div>
      {codes ? (
        <RecoveryCodesBox codes={codes} onDone={() => setCodes(null)} />
      ) : setup ? (
        <SetupStep
          setup={setup}
          onCancel={() => setSetup(null)}
          onDone={(c) => {
            setSetup(null);
            setCodes(c);
          }}
        />
      ) : on ? (
        <ManageTwoFactor left={overview.data?.recovery_left ?? 0} onCodes={setCodes} />
      ) : (
        overview.data && (
          <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
            {t('twoFactor.enable')}
          </Button>
        )
      )}
    </section>
  );
}

function SetupStep(props: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(
      { code: code.trim(), password },
      {
        onSuccess: (r) => {
          toast.success(t('twoFactor.enabled'));
          props.onDone(r.recovery_codes);
        },
      },
    );
  };
  return (
    <div className={styles.setup}>
      <img className={styles.qr} src={props.setup.qr} alt={t('twoFactor.scan')} data-testid="two-factor-qr" />
      <form className={styles.setupForm} onSubmit={submit} noValidate>
        <p className={page.muted}>{t('twoFactor.scan')}</p>
        <div>
          <div className={page.fieldLabel}>{t('twoFactor.key')}</div>
          <div className={styles.secret} data-testid="two-factor-secret">
            {props.setup.secret}
          </div>
        </div>
        <Input
          label={t('twoFactor.enterCode')}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <PasswordInput
          label={t('twoFactor.password')}
          name="login_password"
          autoComplete="current-password"
          maxLength={64}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6 || password === ''}>
            {t('twoFactor.confirm')}
          </Button>
          <Button variant="ghost" onClick={props.onCancel}>
            {t('twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

function ManageTwoFactor({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const [mode, setMode] = useState<'none' | 'disable' | 'recovery'>('none');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const disable = useDisableTwoFactor();
  const renew = useNewRecoveryCodes();
  const close = () => {
    setMode('none');
    setCode('');
    setPassword('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'disable') {
      disable.mutate(
        { code: code.trim(), password },
        {
          onSuccess: () => {
            toast.success(t('twoFactor.disabled'));
            close();
          },
        },
      );
    } else {
      renew.mutate(code.trim(), {
        onSuccess: (r) => {
          close();
          onCodes(r.recovery_codes);
        },
      });
    }
  };
  return (
    <>
      <p className={page.muted}>{t('twoFactor.recoveryLeft', { count: left })}</p>
      {mode === 'none' ? (
        <div className={styles.actions} style={{ marginTop: 12 }}>
          <Button variant="secondary" size="sm" onClick={() => setMode('recovery')}>
            {t('twoFactor.newRecovery')}
          </Button>
          <Button variant="danger" size="sm" onClick={() => setMode('disable')}>
            {t('twoFactor.disable')}
          </Button>
        </div>
      ) : (
        <form className={styles.inline} onSubmit={submit} noValidate>
          <Input
            label={mode === 'disable' ? t('twoFactor.disableTitle') : t('twoFactor.recoveryAsk')}
            placeholder={t('twoFactor.codeLabel')}
            name="totp"
            autoComplete="one-time-code"
            maxLength={16}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          {mode === 'disable' && (
            <PasswordInput
              label={t('twoFactor.password')}
              name="login_password"
              autoComplete="current-password"
              maxLength={64}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
          <Button
            type="submit"
            variant={mode === 'disable' ? 'danger' : 'primary'}
            loading={disable.isPending || renew.isPending}
            disabled={code.trim().length < 6 || (mode === 'disable' && password === '')}
          >
            {t('twoFactor.confirm')}
          </Button>
          <Button variant="ghost" onClick={close}>
            {t('twoFactor.cancel')}
          </Button>
        </form>
      )}
    </>
  );
}
