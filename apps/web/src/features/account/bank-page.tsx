import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BankForm, BANK_FIELD_MAX } from '@oryx/contracts/auth/forms';
import { formatExchangeTime } from '@oryx/contracts/time';
import { DEFAULT_BANK_CODE, OTHER_BANK_CODE } from '@oryx/contracts/banks';
import { validateForm } from '@/shared/lib/form';
import { useFieldErrors } from '@/shared/lib/use-field-errors';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useAddBank } from './api/add-bank';
import { useBankList } from './api/get-bank-list';
import { useUserBank } from './api/get-user-bank';
import { useStepUpFields } from './components/step-up-fields';
import { maskAccount } from './mask';
import { Card, cardClass } from '@/shared/ui/page';
import styles from './account.module.css';

/**
 * /bandbank: bind the bank account (payee, bank from the list or "other" with its name, account),
 * confirmed with a `bank` code, the login password and two-factor; a new card receives payouts only
 * after the cool-off, which the summary shows.
 */
export default function BankPage() {
  const { t } = useTranslation('auth');
  const banks = useBankList();
  const bound = useUserBank();
  const [code, setCode] = useState(DEFAULT_BANK_CODE);
  const [otherName, setOtherName] = useState('');
  const [name, setName] = useState('');
  const [account, setAccount] = useState('');
  const { setErrors, err } = useFieldErrors();
  const save = useAddBank();
  const stepUp = useStepUpFields('bank');

  useEffect(() => {
    const b = bound.data;
    if (!b?.bank_code) return;
    setCode(b.bank_code);
    setName(b.receive_name);
    setAccount(b.receive_account);
    if (b.bank_code === OTHER_BANK_CODE) setOtherName(b.bank_name);
  }, [bound.data]);

  // The list is the user's country's: start on its first bank unless a card is bound.
  useEffect(() => {
    const list = banks.data;
    if (!list || bound.data?.bank_code || list.some((b) => b.code === code)) return;
    setCode(list[0]?.code ?? DEFAULT_BANK_CODE);
  }, [banks.data, bound.data, code]);

  if (!banks.data || !bound.data) return <PageSpinner />;
  const isBound = bound.data.bank_code !== '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = { receive_name: name, bank_code: code, bank_name: otherName, receive_account: account };
    const checked = validateForm(BankForm, values);
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

  return (
    <div className={styles.page}>
      <Card phone={720}>
        <h1 className={styles.pageTitle}>{t('bank.title')}</h1>
        <p className={styles.muted}>{t('bank.subtitle')}</p>
        {isBound && (
          <div className={styles.boundCard} data-testid="bank-bound">
            <span className={styles.boundBank}>{bound.data.bank_name}</span>
            {/* The form below still gets the full number to edit; the summary shows only its end. */}
            <span className={styles.boundAccount} data-testid="bank-bound-account">
              {maskAccount(bound.data.receive_account)}
            </span>
            <span className={styles.muted}>{bound.data.receive_name}</span>
          </div>
        )}
        {isBound && bound.data.usable_at > 0 && (
          <p className={styles.notice} data-testid="bank-cool-off">
            {t('bank.coolOff', { time: formatExchangeTime(bound.data.usable_at) })}
          </p>
        )}
      </Card>
      <form className={`${cardClass({ phone: 720 })} ${styles.form}`} onSubmit={onSubmit} noValidate>
        <h2 className={styles.sectionTitle}>{isBound ? t('bank.change') : t('bank.bind')}</h2>
        <Select id="bank-code" label={t('bank.bank')} value={code} onChange={(e) => setCode(e.target.value)}>
          {banks.data.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </Select>
        {code === OTHER_BANK_CODE && (
          <Input
            label={t('bank.otherName')}
            value={otherName}
            maxLength={BANK_FIELD_MAX}
            onChange={(e) => setOtherName(e.target.value)}
            error={err('bank_name')}
          />
        )}
        <Input
          label={t('bank.payee')}
          value={name}
          maxLength={BANK_FIELD_MAX}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          error={err('receive_name')}
        />
        <Input
          label={t('bank.account')}
          value={account}
          maxLength={BANK_FIELD_MAX}
          inputMode="numeric"
          onChange={(e) => setAccount(e.target.value)}
          error={err('receive_account')}
        />
        {stepUp.fields}
        <Button type="submit" size="lg" loading={save.isPending} className={styles.submit}>
          {t('bank.submit')}
        </Button>
      </form>
    </div>
  );
}
