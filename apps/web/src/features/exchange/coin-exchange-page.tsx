import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { exchangeOf } from '@oryx/contracts/exchange/calls';
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { compareDecimal, trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useExchangeCoin } from './api/exchange-coin';
import { useExchangeList } from './api/get-exchange-list';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

type Problem = 'amountRequired' | 'tooMuch';

/** /coinExchange: a coin from the spot wallet to USDT; price, fee and what arrives shown before the click. */
export default function CoinExchangePage() {
  const { t } = useTranslation('exchange');
  const list = useExchangeList();
  const exchange = useExchangeCoin();
  const [coinId, setCoinId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const coins = list.data ?? [];
  const coin = coins.find((c) => c.id === coinId) ?? coins[0];
  const number = (() => {
    if (!coin) return null;
    try {
      return parseDecimal(amount.trim(), coin.scale, { maxDigits: Math.max(1, 18 - coin.scale) });
    } catch (err) {
      if (err instanceof MoneyError) return null;
      throw err;
    }
  })();
  const quote =
    coin && number !== null
      ? exchangeOf(number, coin.scale, parseDecimal(coin.price, 8), coin.fee_bps)
      : null;
  const usdt = (v: bigint) => `${trimZeros(formatMinor(v, 8))} USDT`;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!coin || exchange.isPending) return;
    const found: Problem | null =
      number === null ? 'amountRequired' : compareDecimal(amount.trim(), coin.balance) > 0 ? 'tooMuch' : null;
    setProblem(found);
    if (found) return;
    exchange.mutate(
      { id: coin.id, number: amount.trim(), price: coin.price },
      {
        onSuccess: (message) => {
          toast.success(message);
          setAmount('');
        },
      },
    );
  };

  return (
    <div className={styles.stack}>
      <Card>
        <PageHeader title={t('title')} subtitle={t('subtitle')} shrink />
      </Card>
      <form
        className={`${cardClass()} ${styles.form}`}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('title')}
      >
        {list.isPending ? (
          <Skeleton height={120} />
        ) : coins.length === 0 ? (
          <p className={styles.subtitle}>{t('none')}</p>
        ) : (
          <>
            <Select
              id="exchange-coin"
              name="id"
              label={t('coin')}
              value={coin?.id ?? ''}
              onChange={(e) => {
                setCoinId(Number(e.target.value));
                setProblem(null);
              }}
            >
              {coins.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.currency_name}
                </option>
              ))}
            </Select>
            {coin && (
              <div className={styles.preview}>
                <div className={styles.row}>
                  <span className={styles.rowLabel}>{t('held')}</span>
                  <span className={styles.mono} data-testid="exchange-held">
                    {trimZeros(coin.balance)} {coin.currency_name}
                  </span>
                </div>
                <div className={styles.row}>
                  <span className={styles.rowLabel}>{t('price')}</span>
                  <span className={styles.mono} data-testid="exchange-price">
                    {trimZeros(coin.price)}
                  </span>
                </div>
                <div className={styles.row}>
                  <span className={styles.rowLabel}>
                    {t(coin.price_source === 'mark' ? 'priceMark' : 'priceReference', {
                      coin: coin.currency_name,
                    })}
                  </span>
                </div>
                <div className={styles.row}>
                  <span className={styles.rowLabel}>{t('fee')}</span>
                  <span className={styles.mono}>{t('feeRate', { fee: coin.fee })}</span>
                </div>
              </div>
            )}
            <Input
              label={t('amount')}
              name="number"
              inputMode="decimal"
              autoComplete="off"
              maxLength={40}
              value={amount}
              error={problem ? t(problem) : undefined}
              suffix={
                <button
                  type="button"
                  className={styles.allButton}
                  onClick={() => coin && setAmount(trimZeros(coin.balance))}
                >
                  {t('all')}
                </button>
              }
              onChange={(e) => {
                setAmount(e.target.value);
                setProblem(null);
              }}
            />
            <div className={styles.preview} data-testid="exchange-quote">
              <div className={styles.row}>
                <span className={styles.rowLabel}>{t('gross')}</span>
                <span className={styles.mono}>{quote ? usdt(quote.gross) : '—'}</span>
              </div>
              <div className={styles.row}>
                <span className={styles.rowLabel}>{t('fee')}</span>
                <span className={styles.mono}>{quote ? usdt(quote.fee) : '—'}</span>
              </div>
              <div className={styles.row}>
                <span className={styles.rowLabel}>{t('receive')}</span>
                <span className={styles.mono}>{quote ? usdt(quote.receive) : '—'}</span>
              </div>
            </div>
            <Button type="submit" disabled={exchange.isPending || !coin}>
              {t('submit')}
            </Button>
          </>
        )}
      </form>
    </div>
  );
}
