import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BANKS } from '@oryx/contracts/banks';
import { PAY_CHANNELS, PAY_TYPES } from '@oryx/contracts/funding/pay-calls';
import { mulDiv } from '@oryx/contracts/money';
import { DISPLAY_SCALE, formatDisplayMinor, toDisplayMinor } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { PageSpinner } from '@/shared/ui/spinner';
import { usePayDeposit } from './api/pay-deposit';
import { usePayQuote } from './api/pay-quote';
import { RupiahLog } from './rupiah-log';
import styles from './rupiah.module.css';

/** What `idr` rupiah credit at `rate` rupiah per coin, 8 places; '' when either is unreadable. */
function creditOf(idr: string, rate: string): string {
  const a = toDisplayMinor(idr);
  const r = toDisplayMinor(rate);
  if (a === null || r === null || r === 0n || a <= 0n) return '';
  return formatDisplayMinor(mulDiv(a, 10n ** BigInt(DISPLAY_SCALE), r, 'down'), 8);
}

/** /rupiahRecharge?currency=<id>: a deposit paid in rupiah on the payment provider's page. */
export default function RupiahDepositPage() {
  const { t } = useTranslation('rupiah');
  const [params] = useSearchParams();
  const currency = Number(params.get('currency') ?? 1) || 1;
  const quote = usePayQuote(currency);
  const [amount, setAmount] = useState('');
  const [payType, setPayType] = useState<number>(PAY_TYPES.bank);
  const [channel, setChannel] = useState<string>(PAY_CHANNELS[0]);
  const [bank, setBank] = useState<string>(BANKS[0].code);
  const [error, setError] = useState<string | undefined>();
  const pay = usePayDeposit();

  if (quote.isError) return <p className={styles.muted}>{(quote.error as Error).message}</p>;
  if (!quote.data) return <PageSpinner />;
  const q = quote.data;
  const credit = creditOf(amount, q.idr_rate);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(amount);
    if (!/^\d+$/.test(amount) || n < q.min_idr || n > q.max_idr) {
      setError(
        t('amountRange', { min: q.min_idr.toLocaleString('id-ID'), max: q.max_idr.toLocaleString('id-ID') }),
      );
      return;
    }
    setError(undefined);
    const input = {
      currency,
      amount,
      pay_type: payType,
      channel,
      ...(payType === PAY_TYPES.bank ? { bank_code: bank } : {}),
    };
    pay.mutate(input, { onSuccess: (url) => window.location.assign(url) });
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate data-testid="rupiah-deposit">
        <h1 className={styles.title}>{t('deposit.title', { coin: q.currency_name })}</h1>
        {q.is_sandbox && <span className={styles.sandbox}>{t('sandbox')}</span>}
        <p className={styles.muted}>{t('deposit.subtitle', { rate: q.idr_rate, coin: q.currency_name })}</p>
        <Input
          label={t('deposit.amount')}
          value={amount}
          inputMode="numeric"
          maxLength={9}
          placeholder={`${q.min_idr} - ${q.max_idr}`}
          onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
          error={error}
          hint={credit ? t('deposit.credit', { amount: credit, coin: q.currency_name }) : undefined}
        />
        <Select
          id="rupiah-pay-type"
          label={t('deposit.payType')}
          value={payType}
          onChange={(e) => setPayType(Number(e.target.value))}
        >
          <option value={PAY_TYPES.bank}>{t('deposit.online')}</option>
          <option value={PAY_TYPES.scan}>{t('deposit.scan')}</option>
        </Select>
        <Select
          id="rupiah-channel"
          label={t('deposit.channel')}
          value={channel}
          onChange={(e) => setChannel(e.target.value)}
        >
          {q.channels.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        {payType === PAY_TYPES.bank && (
          <Select
            id="rupiah-bank"
            label={t('deposit.bank')}
            value={bank}
            onChange={(e) => setBank(e.target.value)}
          >
            {BANKS.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </Select>
        )}
        <Button type="submit" size="lg" loading={pay.isPending} className={styles.submit}>
          {t('deposit.submit')}
        </Button>
      </form>
      <RupiahLog type="in" />
    </div>
  );
}
