import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTI_PHISHING_PATTERN } from '@oryx/contracts/security/calls';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useSecurityOverview } from '../api/get-security-overview';
import { useSetAntiPhishing } from '../api/set-anti-phishing';
import page from '../account.module.css';
import styles from './security.module.css';

/** The anti-phishing phrase every e-mail from Oryx shows (a two-factor code too when that is on). */
export function PhishingCard() {
  const { t } = useTranslation('security');
  const overview = useSecurityOverview();
  const save = useSetAntiPhishing();
  const [phrase, setPhrase] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const needCode = overview.data?.two_factor === true;
  const current = overview.data?.anti_phishing ?? '';

  const send = (value: string) =>
    save.mutate(
      { phrase: value, code: code.trim() },
      {
        onSuccess: (message) => {
          toast.success(message);
          setPhrase('');
          setCode('');
        },
      },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ANTI_PHISHING_PATTERN.test(phrase.trim())) return setError(t('phishing.invalid'));
    setError('');
    send(phrase.trim());
  };

  return (
    <section className={page.card} data-testid="anti-phishing">
      <div className={styles.headText}>
        <h2 className={page.sectionTitle}>{t('phishing.title')}</h2>
        <p className={page.muted}>{t('phishing.intro')}</p>
      </div>
      <p className={page.muted} style={{ marginTop: 12 }}>
        {t('phishing.current')}:{' '}
        {overview.data ? (
          <strong data-testid="anti-phishing-current">{current || t('phishing.none')}</strong>
        ) : (
          <Skeleton width={80} inline />
        )}
      </p>
      <form className={styles.inline} onSubmit={submit} noValidate>
        <Input
          name="phrase"
          aria-label={t('phishing.title')}
          placeholder={t('phishing.placeholder')}
          maxLength={20}
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
          error={error}
        />
        {needCode && (
          <Input
            name="totp"
            aria-label={t('twoFactor.codeLabel')}
            placeholder={t('twoFactor.codeLabel')}
            autoComplete="one-time-code"
            maxLength={16}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <Button type="submit" loading={save.isPending}>
          {t('phishing.save')}
        </Button>
        {current && (
          <Button variant="ghost" onClick={() => send('')} disabled={save.isPending}>
            {t('phishing.remove')}
          </Button>
        )}
      </form>
    </section>
  );
}
