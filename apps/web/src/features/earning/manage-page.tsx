import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MoneyError, parseDecimal } from '@oryx/contracts/money';
import { compareDecimal, trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { Select } from '@/shared/ui/select';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useDepositList } from './api/get-deposit-list';
import { useDepositSetup } from './api/get-deposit-setup';
import { useSubmitDeposit } from './api/submit-deposit';
import { DepositPreview } from './components/deposit-preview';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

type FieldError = 'amountRequired' | 'passwordRequired' | 'invalid' | 'min' | 'insufficient';

/** /manage: deposit-earning: the products, the deposit form with what it pays, the guidelines. */
export default function ManagePage() {
  const { t } = useTranslation('earning');
  const { t: te } = useTranslation('errors');
  const setup = useDepositSetup();
  const wallet = useDepositList();
  const submit = useSubmitDeposit();
  const [productId, setProductId] = useState<number | null>(null);
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNowMs(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);

  const products = setup.data ?? [];
  const product = products.find((p) => p.id === productId) ?? products[0];
  const coins = wallet.data?.deposit_wallet.balance ?? [];
  const coin = coins.find((c) => c.currency === currencyId) ?? coins[0];

  const parsed = (() => {
    if (!coin || amount.trim() === '') return null;
    try {
      return parseDecimal(amount.trim(), coin.scale, { maxDigits: Math.max(1, 18 - coin.scale) });
    } catch (err) {
      if (err instanceof MoneyError) return null;
      throw err;
    }
  })();

  const check = (): FieldError | null => {
    if (!coin) return 'amountRequired';
    if (amount.trim() === '') return 'amountRequired';
    if (parsed === null) return 'invalid';
    if (compareDecimal(amount.trim(), coin.min_number) < 0) return 'min';
    if (compareDecimal(amount.trim(), coin.deposit_balance) > 0) return 'insufficient';
    if (password === '') return 'passwordRequired';
    return null;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending || !product || !coin) return;
    const problem = check();
    setError(problem);
    if (problem) return;
    submit.mutate(
      { set_id: product.id, currency_id: coin.currency, balance: amount.trim(), password },
      {
        onSuccess: (message) => {
          toast.success(message);
          setAmount('');
          setPassword('');
        },
      },
    );
  };

  const errorText = (e: FieldError | null) => {
    if (!e || !coin) return undefined;
    if (e === 'invalid') return te('EARNING_AMOUNT_INVALID', { decimals: coin.scale });
    if (e === 'min') return te('EARNING_AMOUNT_BELOW_MIN', { min: trimZeros(coin.min_number) });
    if (e === 'insufficient') return te('EARNING_INSUFFICIENT');
    return e === 'amountRequired' ? t('amountRequired') : undefined;
  };

  return (
    <div className={styles.stack}>
      <Card>
        <PageHeader
          title={t('title')}
          subtitle={t('subtitle')}
          shrink
          className={styles.head}
          actions={
            <Link className={styles.link} to="/manageList">
              {t('records')}
            </Link>
          }
        />
      </Card>
      <form
        className={`${cardClass()} ${styles.form}`}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('title')}
      >
        <div>
          <span className={styles.fieldLabel}>{t('product')}</span>
          {setup.isPending ? (
            <Skeleton height={64} />
          ) : (
            <div className={styles.products} role="radiogroup" aria-label={t('product')}>
              {products.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  role="radio"
                  aria-checked={p.id === product?.id}
                  className={`${styles.product} ${p.id === product?.id ? styles.productActive : ''}`}
                  onClick={() => setProductId(p.id)}
                >
                  <span className={styles.productDays}>{t('days', { day: p.day })}</span>
                  <span className={styles.productRate}>{trimZeros(p.rate_percent)}%</span>
                  <span className={styles.productHint}>{t('overTerm')}</span>
                </button>
              ))}
            </div>
          )}
        </div>
        <Select
          id="deposit-currency"
          name="currency_id"
          label={t('currency')}
          value={coin?.currency ?? ''}
          disabled={coins.length === 0}
          onChange={(e) => {
            setCurrencyId(Number(e.target.value));
            setError(null);
          }}
        >
          {coins.map((c) => (
            <option key={c.currency} value={c.currency}>
              {c.currency_name}
            </option>
          ))}
        </Select>
        {coin && (
          <div className={styles.balances}>
            <span>
              {t('available')}:{' '}
              <span className={styles.mono} data-testid="deposit-available">
                {trimZeros(coin.deposit_balance)} {coin.currency_name}
              </span>
            </span>
            <span>
              {t('locked')}:{' '}
              <span className={styles.mono} data-testid="deposit-locked">
                {trimZeros(coin.lock_deposit_balance)} {coin.currency_name}
              </span>
            </span>
          </div>
        )}
        <Input
          label={t('amount')}
          name="balance"
          inputMode="decimal"
          autoComplete="off"
          maxLength={40}
          placeholder={coin ? t('amountPlaceholder', { min: trimZeros(coin.min_number) }) : ''}
          value={amount}
          error={errorText(error)}
          suffix={
            <button
              type="button"
              className={styles.allButton}
              onClick={() => coin && setAmount(trimZeros(coin.deposit_balance))}
            >
              {t('all')}
            </button>
          }
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
        />
        {product && coin && (
          <DepositPreview
            product={product}
            principalMinor={parsed}
            scale={coin.scale}
            coin={coin.currency_name}
            nowMs={nowMs}
          />
        )}
        <PasswordInput
          label={t('password')}
          name="password"
          autoComplete="off"
          value={password}
          error={error === 'passwordRequired' ? t('passwordRequired') : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit" disabled={submit.isPending || !product || !coin}>
          {t('submit')}
        </Button>
      </form>
      <Card>
        <h2 className={styles.sectionTitle}>{t('rules.title')}</h2>
        <ul className={styles.rules}>
          {(['r1', 'r2', 'r3', 'r4'] as const).map((k) => (
            <li key={k}>{t(`rules.${k}`)}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
