import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX, NicknameForm as NicknameRules } from '@oryx/contracts/account/nickname';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { useUserInfo } from '@/shared/session/get-user-info';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useAuthorizationCode } from './api/get-authorization-code';
import { useUserCenter } from './api/get-user-center';
import { useSetNickname } from './api/set-nickname';
import { Card, cardClass } from '@/shared/ui/page';
import styles from './account.module.css';

/**
 * /accountMessage: who the user is (account, UID, invite code and link), the public nickname and its
 * form, the authorization code.
 */
export default function AccountMessagePage() {
  const { t } = useTranslation('auth');
  const info = useUserInfo();
  const center = useUserCenter();
  const [showCode, setShowCode] = useState(false);
  const code = useAuthorizationCode(showCode);
  if (!info.data || !center.data) return <PageSpinner />;
  const u = info.data;
  const inviteLink = `${window.location.origin}${window.location.pathname}#/components/register?extension_code=${encodeURIComponent(u.extension_code)}`;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('info.copied'));
    } catch {
      toast.error(t('info.copyFailed'));
    }
  };
  const rows: [string, string][] = [
    [t('info.account'), u.account_number],
    [t('info.uid'), String(u.id)],
    [t('info.nickname'), center.data.nickname || '—'],
    [t('set.email'), u.email || '—'],
    [t('set.phone'), u.phone ? `+${u.area_code} ${u.phone}` : '—'],
  ];

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{t('info.title')}</h1>
        <dl className={styles.facts}>
          {rows.map(([k, v]) => (
            <div key={k} className={styles.fact}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card phone={720}>
        <h2 className={styles.sectionTitle}>{t('info.invite')}</h2>
        <p className={styles.muted}>{t('info.inviteText')}</p>
        <div className={styles.copyRow}>
          <code className={styles.code}>{u.extension_code}</code>
          <Button size="sm" variant="secondary" onClick={() => void copy(u.extension_code)}>
            {t('info.copyCode')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void copy(inviteLink)}>
            {t('info.copyLink')}
          </Button>
        </div>
      </Card>
      <NicknameForm key={center.data.nickname} current={center.data.nickname} />
      <Card phone={720}>
        <h2 className={styles.sectionTitle}>{t('info.authCode')}</h2>
        <p className={styles.muted}>{t('info.authCodeText')}</p>
        <div className={styles.copyRow}>
          {showCode && code.data ? (
            <>
              <code className={styles.code} data-testid="authorization-code">
                {code.data}
              </code>
              <Button size="sm" variant="secondary" onClick={() => void copy(code.data)}>
                {t('info.copyCode')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" loading={code.isFetching} onClick={() => setShowCode(true)}>
              {t('info.showAuthCode')}
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}

/** The public nickname: shown to other users on ads, shop deals and team lists instead of the e-mail or phone. */
function NicknameForm({ current }: { current: string }) {
  const { t } = useTranslation('auth');
  const [nickname, setNickname] = useState(current);
  const { setErrors, err } = useFieldErrors();
  const save = useSetNickname();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(NicknameRules, { nickname });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    // Not mutate's own onSuccess: the saved nickname re-keys this form (a new instance), and a refetch
    // that lands first would drop that callback and its toast. The promise is kept either way; a refusal
    // is shown by the reply handler.
    save.mutateAsync(checked.data).then(
      (message) => toast.success(message),
      () => undefined,
    );
  };
  return (
    <form
      className={`${cardClass({ phone: 720 })} ${styles.form}`}
      onSubmit={onSubmit}
      noValidate
      data-testid="nickname-form"
    >
      <h2 className={styles.sectionTitle}>{t('nickname.title')}</h2>
      <p className={styles.muted}>{t('nickname.text')}</p>
      <Input
        label={t('nickname.label')}
        value={nickname}
        maxLength={NICKNAME_MAX + 10}
        autoComplete="nickname"
        onChange={(e) => setNickname(e.target.value)}
        error={err('nickname')}
        hint={t('nickname.rules')}
        data-testid="nickname-input"
      />
      <Button
        type="submit"
        loading={save.isPending}
        className={styles.submit}
        disabled={nickname.trim() === current}
      >
        {t('nickname.save')}
      </Button>
    </form>
  );
}
