import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CashForm } from '@oryx/contracts/auth/forms';
import type { CashInfo } from '@oryx/contracts/account/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useCashInfo } from './api/get-cash-info';
import { useCashSave } from './api/save-cash';
import { ImageUpload } from './components/image-upload';
import { useStepUpFields } from './components/step-up-fields';
import { Card, cardClass } from '@/shared/ui/page';
import styles from './account.module.css';

const TEXT_FIELDS = [
  ['real_name', 'cash.fieldRealName'],
  ['bank_name', 'cash.fieldBankName'],
  ['bank_account', 'cash.fieldBankAccount'],
  ['alipay_account', 'cash.fieldAlipay'],
  ['wechat_account', 'cash.fieldWechatAccount'],
  ['wechat_nickname', 'cash.fieldWechatNickname'],
] as const;

const EMPTY: CashInfo = {
  real_name: '',
  bank_name: '',
  bank_account: '',
  alipay_account: '',
  wechat_account: '',
  wechat_nickname: '',
  alipay_collect: '',
  wechat_collect: '',
};

/**
 * /userSetting: payment-receiving details for C2C (bank, Alipay, WeChat and the two QR codes; one method
 * is enough, each QR code optional), confirmed
 * with a `payment` code, the login password and two-factor; buyers see new details after the cool-off.
 */
export default function UserSettingPage() {
  const { t } = useTranslation('auth');
  const info = useCashInfo();
  const [values, setValues] = useState<CashInfo>(EMPTY);
  const { errors, setErrors, err } = useFieldErrors();
  const save = useCashSave();
  const stepUp = useStepUpFields('payment');

  useEffect(() => {
    if (!info.data) return;
    const { usable_at: _at, ...details } = info.data;
    setValues(details);
  }, [info.data]);
  if (!info.data) return <PageSpinner />;

  const set = (key: keyof CashInfo) => (v: string) => setValues((s) => ({ ...s, [key]: v }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForm(CashForm, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    if (!stepUp.check()) return;
    save.mutate(
      { ...checked.data, ...stepUp.input },
      {
        onError: stepUp.onError,
        onSuccess: (message) => {
          toast.success(message);
          stepUp.reset();
        },
      },
    );
  };
  const qrMissing =
    !!(errors.alipay_collect || errors.wechat_collect) && !(values.alipay_collect && values.wechat_collect);

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{t('cash.title')}</h1>
        <p className={styles.muted}>{t('cash.subtitle')}</p>
        {info.data.usable_at > 0 && (
          <p className={styles.notice} data-testid="cash-cool-off">
            {t('cash.coolOff', { time: formatExchangeTime(info.data.usable_at) })}
          </p>
        )}
      </Card>
      <form className={`${cardClass({ phone: 720 })} ${styles.form}`} onSubmit={onSubmit} noValidate>
        <div className={styles.grid2}>
          {TEXT_FIELDS.map(([key, label]) => (
            <Input
              key={key}
              label={t(label)}
              name={key}
              value={values[key]}
              maxLength={50}
              onChange={(e) => set(key)(e.target.value)}
              error={err(key)}
            />
          ))}
        </div>
        <div>
          <div className={styles.fieldLabel}>{t('cash.qrTitle')}</div>
          <div className={styles.uploads}>
            <ImageUpload
              label={t('cash.alipayQr')}
              value={values.alipay_collect}
              onChange={set('alipay_collect')}
              invalid={qrMissing}
            />
            <ImageUpload
              label={t('cash.wechatQr')}
              value={values.wechat_collect}
              onChange={set('wechat_collect')}
              invalid={qrMissing}
            />
          </div>
          {qrMissing && <div className={styles.fieldError}>{t('cash.qr')}</div>}
        </div>
        {stepUp.fields}
        <Button type="submit" size="lg" loading={save.isPending} className={styles.submit}>
          {t('cash.submit')}
        </Button>
      </form>
    </div>
  );
}
