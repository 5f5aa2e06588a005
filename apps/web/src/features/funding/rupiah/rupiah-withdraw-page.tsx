import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { convertDecimal } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { PageSpinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { useTotpStep } from '@/shared/ui/totp-field';
import { useTwoFactorOn } from '../api/get-two-factor';
import { usePayQuote } from './api/pay-quote';
import { usePayWithdraw } from './api/pay-withdraw';
import { RupiahLog } from './rupiah-log';
import styles from './rupiah.module.css';

/** The account number with all but its last 4 characters hidden. */
const masked = (account: string) => (account.length > 4 ? `•••• ${account.slice(-4)}` : account);

/** /rupiahWithdraw?currency=<id>: a coin withdrawal paid out in rupiah to the bound bank card. */
export default function RupiahWithdrawPage() {
  const { t } = useTranslation('rupiah');
  const [params] = useSearchParams();
  const currency = Number(params.get('currency') ?? 1) || 1;
  const quote = usePayQuote(currency);
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ number?: string; password?: string }>({});
  const out = usePayWithdraw();
  const totp = useTotpStep(useTwoFactorOn().data === true);

  if (quote.isError) return <p className={styles.muted}>{(quote.error as Error).message}</p>;
  if (!quote.data) return <PageSpinner />;
  const q = quote.data;
  const fee = number ? convertDecimal(number, String(Number(q.out_fee_percent) / 100), 8) : '';
  const net = number && fee ? String(Number(number) - Number(fee)) : '';
  const idr = net ? Number(convertDecimal(net, q.idr_rate, 0)).toLocaleString('id-ID') : '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      number:
        /^\d+(\.\d{1,8})?$/.test(number) && Number(number) > 0 ? undefined : t('withdraw.amountRequired'),
      password: password ? undefined : t('withdraw.passwordRequired'),
    };
    setErrors(next);
    if (next.number || next.password) return;
    out.mutate(
      { currency, number, pay_password: password, ...totp.input },
      {
        onError: totp.onError,
        onSuccess: (r) => {
          setPassword('');
          if (r.status === 2)
            toast.success(t('withdraw.paid', { amount: r.amount_idr.toLocaleString('id-ID') }));
          else if (r.status === 0) toast.success(t('withdraw.review'));
          else if (r.status === 1) toast.success(t('withdraw.sending'));
          else toast.error(t('withdraw.declined'));
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1 className={styles.title}>{t('withdraw.title', { coin: q.currency_name })}</h1>
        {q.is_sandbox && <span className={styles.sandbox}>{t('sandbox')}</span>}
        {q.bank ? (
          <dl className={styles.summary} data-testid="rupiah-bank">
            <dt>{t('withdraw.bank')}</dt>
            <dd>{q.bank.bank_name || q.bank.bank_code}</dd>
            <dt>{t('withdraw.account')}</dt>
            <dd>{masked(q.bank.receive_account)}</dd>
            <dt>{t('withdraw.payee')}</dt>
            <dd>{q.bank.receive_name}</dd>
          </dl>
        ) : (
          <p className={styles.muted}>
            {t('withdraw.noBank')} <Link to="/bandbank">{t('withdraw.bindBank')}</Link>
          </p>
        )}
      </section>
      {q.bank && (
        <form className={styles.card} onSubmit={onSubmit} noValidate data-testid="rupiah-withdraw">
          <Input
            label={t('withdraw.amount', { coin: q.currency_name })}
            value={number}
            inputMode="decimal"
            maxLength={20}
            onChange={(e) => setNumber(e.target.value.replace(/[^\d.]/g, ''))}
            error={errors.number}
            hint={
              idr
                ? t('withdraw.estimate', { fee, coin: q.currency_name, idr })
                : t('withdraw.feeNote', { percent: q.out_fee_percent })
            }
          />
          <PasswordInput
            label={t('withdraw.password')}
            value={password}
            maxLength={16}
            autoComplete="off"
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          {totp.field}
          <Button type="submit" size="lg" loading={out.isPending} className={styles.submit}>
            {t('withdraw.submit')}
          </Button>
        </form>
      )}
      <RupiahLog type="out" />
    </div>
  );
}
