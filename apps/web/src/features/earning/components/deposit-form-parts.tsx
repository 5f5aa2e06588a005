import { useTranslation } from 'react-i18next';
import { trimZeros } from '@/shared/lib/display-decimal';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { Skeleton } from '@/shared/ui/skeleton';
import { Card } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';
import type { DepositFormState, FieldError } from './use-deposit-form';

interface PartProps {
  form: DepositFormState;
}

/** The products: term in days and rate over the term, one chosen. */
export function ProductPicker({ form }: PartProps) {
  const { t } = useTranslation('earning');
  const { products, product } = form;
  return (
    <div>
      <span className={styles.fieldLabel}>{t('product')}</span>
      {form.isLoadingProducts ? (
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
              onClick={() => form.setProductId(p.id)}
            >
              <span className={styles.productDays}>{t('days', { day: p.day })}</span>
              <span className={styles.productRate}>{trimZeros(p.rate_percent)}%</span>
              <span className={styles.productHint}>{t('overTerm')}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The coin to deposit, with its available and locked deposit balances. */
export function CoinField({ form }: PartProps) {
  const { t } = useTranslation('earning');
  const { coins, coin } = form;
  return (
    <>
      <Select
        id="deposit-currency"
        name="currency_id"
        label={t('currency')}
        value={coin?.currency ?? ''}
        disabled={coins.length === 0}
        onChange={(e) => form.pickCoin(Number(e.target.value))}
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
    </>
  );
}

/** The amount, with the button that deposits all that is available. */
export function AmountField({ form }: PartProps) {
  const { t } = useTranslation('earning');
  const { t: te } = useTranslation('errors');
  const { coin } = form;
  const errorText = (e: FieldError | null) => {
    if (!e || !coin) return undefined;
    if (e === 'invalid') return te('EARNING_AMOUNT_INVALID', { decimals: coin.scale });
    if (e === 'min') return te('EARNING_AMOUNT_BELOW_MIN', { min: trimZeros(coin.min_number) });
    if (e === 'insufficient') return te('EARNING_INSUFFICIENT');
    return e === 'amountRequired' ? t('amountRequired') : undefined;
  };
  return (
    <Input
      label={t('amount')}
      name="balance"
      inputMode="decimal"
      autoComplete="off"
      maxLength={40}
      placeholder={coin ? t('amountPlaceholder', { min: trimZeros(coin.min_number) }) : ''}
      value={form.amount}
      error={errorText(form.error)}
      suffix={
        <button
          type="button"
          className={styles.allButton}
          onClick={() => coin && form.setAmount(trimZeros(coin.deposit_balance))}
        >
          {t('all')}
        </button>
      }
      onChange={(e) => form.onAmount(e.target.value)}
    />
  );
}

/** The guidelines of deposit earning. */
export function DepositRules() {
  const { t } = useTranslation('earning');
  return (
    <Card>
      <h2 className={styles.sectionTitle}>{t('rules.title')}</h2>
      <ul className={styles.rules}>
        {(['r1', 'r2', 'r3', 'r4'] as const).map((k) => (
          <li key={k}>{t(`rules.${k}`)}</li>
        ))}
      </ul>
    </Card>
  );
}
