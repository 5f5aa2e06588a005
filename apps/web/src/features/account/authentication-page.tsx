import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KycForm } from '@oryx/contracts/auth/forms';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { Button } from '@/shared/ui/button';
import { ShieldIcon } from '@/shared/ui/icons';
import { Input } from '@/shared/ui/input';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useUserCenter } from './api/get-user-center';
import { useSubmitIdentity } from './api/submit-identity';
import { ImageUpload } from './components/image-upload';
import { Card, cardClass } from '@/shared/ui/page';
import styles from './account.module.css';

/** review_status starts at 3 on the page (nothing shown until the server answers). */
const INITIAL_REVIEW_STATUS = 3;

/**
 * /authentication: by review_status, 3 nothing (loading), 0 the form, 1 "auditing", 2 "certified".
 */
export default function AuthenticationPage() {
  const { t } = useTranslation('auth');
  const center = useUserCenter();
  const status = center.data?.review_status ?? INITIAL_REVIEW_STATUS;

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{t('auth.title')}</h1>
        <p className={styles.muted}>{t('auth.subtitle')}</p>
      </Card>
      {status === INITIAL_REVIEW_STATUS && <PageSpinner />}
      {status === 0 && <IdentityForm rejectReason={center.data?.reject_reason ?? ''} />}
      {status === 1 && (
        <Card phone={720} className={styles.state} data-testid="kyc-auditing">
          <span className={`${styles.stateIcon} ${styles.stateIcon_wait}`} aria-hidden="true">
            …
          </span>
          <h2 className={styles.sectionTitle}>{t('auth.auditing')}</h2>
          <p className={styles.muted}>{t('auth.auditingText')}</p>
        </Card>
      )}
      {status === 2 && (
        <Card phone={720} className={styles.state} data-testid="kyc-certified">
          <span className={`${styles.stateIcon} ${styles.stateIcon_ok}`} aria-hidden="true">
            <ShieldIcon size={26} />
          </span>
          <h2 className={styles.sectionTitle}>{t('auth.certified')}</h2>
          <p className={styles.muted}>
            {center.data?.real_name} · {center.data?.card_id}
          </p>
        </Card>
      )}
    </div>
  );
}

function IdentityForm({ rejectReason }: { rejectReason: string }) {
  const { t } = useTranslation('auth');
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [hand, setHand] = useState('');
  const { errors, setErrors, err } = useFieldErrors();
  const submit = useSubmitIdentity();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(KycForm, {
      name,
      card_id: cardId,
      front_pic: front,
      reverse_pic: back,
      hand_pic: hand,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      const pics = ['front_pic', 'reverse_pic', 'hand_pic'].some((k) => checked.errors[k]);
      if (pics && !checked.errors.name && !checked.errors.card_id) toast.error(t('auth.pimg'));
      return;
    }
    setErrors({});
    submit.mutate(checked.data, { onSuccess: (message) => toast.success(message) });
  };
  const picsMissing =
    !!(errors.front_pic || errors.reverse_pic || errors.hand_pic) && !(front && back && hand);

  return (
    <form className={`${cardClass({ phone: 720 })} ${styles.form}`} onSubmit={onSubmit} noValidate>
      {rejectReason && (
        <p className={styles.alert} role="alert">
          {t('auth.rejected', { reason: rejectReason })}
        </p>
      )}
      <div className={styles.grid2}>
        <Input
          label={t('auth.name')}
          value={name}
          maxLength={50}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          error={err('name')}
        />
        <Input
          label={t('auth.card')}
          value={cardId}
          maxLength={40}
          onChange={(e) => setCardId(e.target.value)}
          error={err('card_id')}
        />
      </div>
      <div>
        <div className={styles.fieldLabel}>{t('auth.images')}</div>
        <div className={styles.uploads}>
          <ImageUpload
            label={t('auth.front')}
            value={front}
            onChange={setFront}
            invalid={picsMissing}
            testId="kyc-front"
          />
          <ImageUpload
            label={t('auth.back')}
            value={back}
            onChange={setBack}
            invalid={picsMissing}
            testId="kyc-back"
          />
          <ImageUpload
            label={t('auth.hand')}
            value={hand}
            onChange={setHand}
            invalid={picsMissing}
            testId="kyc-hand"
          />
        </div>
        {picsMissing && <div className={styles.fieldError}>{t('auth.pimg')}</div>}
        <p className={styles.muted}>{t('auth.imagesHint')}</p>
      </div>
      <Button type="submit" size="lg" loading={submit.isPending} className={styles.submit}>
        {t('auth.submit')}
      </Button>
    </form>
  );
}
