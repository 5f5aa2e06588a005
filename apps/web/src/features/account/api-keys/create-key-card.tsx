import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyPermission } from '@oryx/contracts/apikeys/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useCreateApiKey } from '../api/api-keys';
import { useSecurityOverview } from '../api/get-security-overview';
import page from '../account.module.css';
import styles from './api-keys.module.css';

/** The new key's identifier and secret, shown once (copy, then "I have saved it"). */
function SecretBox({ apiKey, secret, onDone }: { apiKey: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation('apikeys');
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copied'));
    } catch {
      // No clipboard (an insecure origin): the text stays on screen to copy by hand.
    }
  };
  return (
    <div className={styles.secretBox} data-testid="api-key-secret">
      <h3 className={page.sectionTitle}>{t('secretTitle')}</h3>
      <p className={page.muted}>{t('secretHint')}</p>
      <dl className={styles.secretList}>
        <dt>{t('apiKey')}</dt>
        <dd>
          <code data-testid="api-key-value">{apiKey}</code>
          <Button variant="ghost" size="sm" onClick={() => void copy(apiKey)}>
            {t('copy')}
          </Button>
        </dd>
        {secret !== '' && (
          <>
            <dt>{t('secret')}</dt>
            <dd>
              <code data-testid="api-secret-value">{secret}</code>
              <Button variant="ghost" size="sm" onClick={() => void copy(secret)}>
                {t('copy')}
              </Button>
            </dd>
          </>
        )}
      </dl>
      <Button onClick={onDone}>{t('done')}</Button>
    </div>
  );
}

/** Read only, or read and trade. */
function PermissionFields({ canTrade, onChange }: { canTrade: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('apikeys');
  return (
    <fieldset className={styles.choices}>
      <legend className={page.fieldLabel}>{t('permissions')}</legend>
      <label>
        <input type="checkbox" checked disabled /> {t('permRead')}
      </label>
      <label>
        <input type="checkbox" checked={canTrade} onChange={(e) => onChange(e.target.checked)} />{' '}
        {t('permTrade')}
      </label>
    </fieldset>
  );
}

/** HMAC (the server makes the secret) or Ed25519 (the user's public key). */
function KindFields(p: {
  kind: 'hmac' | 'ed25519';
  onKind: (k: 'hmac' | 'ed25519') => void;
  publicKey: string;
  onPublicKey: (v: string) => void;
}) {
  const { t } = useTranslation('apikeys');
  return (
    <>
      <fieldset className={styles.choices}>
        <legend className={page.fieldLabel}>{t('kind')}</legend>
        <label>
          <input type="radio" name="kind" checked={p.kind === 'hmac'} onChange={() => p.onKind('hmac')} />{' '}
          {t('kindHmac')}
        </label>
        <label>
          <input
            type="radio"
            name="kind"
            checked={p.kind === 'ed25519'}
            onChange={() => p.onKind('ed25519')}
          />{' '}
          {t('kindEd25519')}
        </label>
      </fieldset>
      {p.kind === 'ed25519' && (
        <label className={styles.textareaLabel}>
          <span className={page.fieldLabel}>{t('publicKey')}</span>
          <textarea
            className={styles.textarea}
            name="public_key"
            rows={4}
            maxLength={1000}
            value={p.publicKey}
            onChange={(e) => p.onPublicKey(e.target.value)}
          />
        </label>
      )}
    </>
  );
}

/** The form's state and its submission (the two-factor field appears when the server asks for it). */
function useKeyForm() {
  const { t } = useTranslation('apikeys');
  const overview = useSecurityOverview();
  const totp = useTotpStep(overview.data?.two_factor === true);
  const create = useCreateApiKey();
  const [label, setLabel] = useState('');
  const [canTrade, setCanTrade] = useState(false);
  const [kind, setKind] = useState<'hmac' | 'ed25519'>('hmac');
  const [publicKey, setPublicKey] = useState('');
  const [ips, setIps] = useState('');
  const [password, setPassword] = useState('');
  const [made, setMade] = useState<{ api_key: string; secret: string } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const permissions: ApiKeyPermission[] = canTrade ? ['read', 'trade'] : ['read'];
    create.mutate(
      { label, permissions, ip_whitelist: ips, kind, public_key: publicKey, password, ...totp.input },
      {
        onSuccess: (r) => {
          toast.success(t('created'));
          setMade(r);
          setPassword('');
          setLabel('');
          setPublicKey('');
        },
        onError: totp.onError,
      },
    );
  };
  return {
    ...{ label, setLabel, canTrade, setCanTrade, kind, setKind, publicKey, setPublicKey },
    ...{ ips, setIps, password, setPassword, made, setMade, submit, totp, isPending: create.isPending },
  };
}

/** Create a key: label, permissions, signature kind, addresses, the login password (and two-factor). */
export function CreateKeyCard() {
  const { t } = useTranslation('apikeys');
  const f = useKeyForm();
  if (f.made)
    return (
      <section className={page.card}>
        <SecretBox apiKey={f.made.api_key} secret={f.made.secret} onDone={() => f.setMade(null)} />
      </section>
    );
  return (
    <section className={page.card} data-testid="api-key-create">
      <h2 className={page.sectionTitle}>{t('createTitle')}</h2>
      <form className={page.form} onSubmit={f.submit} noValidate>
        <Input
          label={t('label')}
          name="label"
          maxLength={40}
          placeholder={t('labelPlaceholder')}
          value={f.label}
          onChange={(e) => f.setLabel(e.target.value)}
        />
        <PermissionFields canTrade={f.canTrade} onChange={f.setCanTrade} />
        <KindFields kind={f.kind} onKind={f.setKind} publicKey={f.publicKey} onPublicKey={f.setPublicKey} />
        <Input
          label={t('ips')}
          hint={t('ipsHint')}
          name="ip_whitelist"
          maxLength={1400}
          value={f.ips}
          onChange={(e) => f.setIps(e.target.value)}
        />
        <PasswordInput
          label={t('password')}
          name="login_password"
          autoComplete="current-password"
          maxLength={64}
          value={f.password}
          onChange={(e) => f.setPassword(e.target.value)}
        />
        {f.totp.field}
        <Button type="submit" loading={f.isPending}>
          {t('create')}
        </Button>
      </form>
    </section>
  );
}
