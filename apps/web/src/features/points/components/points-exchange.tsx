import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { jcExchangeOf } from '@oryx/contracts/points/calls';
import { ApiError } from '@/shared/api/errors';
import { compareDecimal, trimZeros } from '@/shared/lib/display-decimal';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { PasswordInput } from '@/shared/ui/password-input';
import { Skeleton } from '@/shared/ui/skeleton';
import { toast } from '@/shared/ui/toast';
import { useExchangeJc } from '../api/exchange-jc';
import { useJcInfo } from '../api/get-jc-info';
import { PointsRecords } from './points-records';
import { Card, PageHeader, cardClass } from '@/shared/ui/page';
import styles from '@/shared/ui/earn-pages.module.css';

/** A failed jc/info (no points account bound, say) opens /bindInfo after this long. */
const BIND_REDIRECT_MS = 1000;
type FieldError = 'amountRequired' | 'insufficient' | 'passwordRequired';

/** JC points: the balance and terms, the exchange form with what it pays, the records. */
export function PointsExchange() {
  const { t } = useTranslation('points');
  const navigate = useNavigate();
  const info = useJcInfo();
  const exchange = useExchangeJc();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (info.error instanceof ApiError && redirect.current === undefined) {
      redirect.current = window.setTimeout(() => navigate('/bindInfo'), BIND_REDIRECT_MS);
    }
  }, [info.error, navigate]);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const d = info.data;
  const useMinor = (() => {
    try {
      return parseDecimal(amount.trim(), 8, { maxDigits: 10 });
    } catch (err) {
      if (err instanceof MoneyError) return null;
      throw err;
    }
  })();
  const quote =
    d && useMinor !== null
      ? jcExchangeOf(useMinor, parseDecimal(d.beau_per_jc, 8), d.jc_exchange_fee_bps)
      : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!d || exchange.isPending) return;
    const problem: FieldError | null =
      useMinor === null
        ? 'amountRequired'
        : compareDecimal(amount.trim(), d.free_jc_integral) > 0
          ? 'insufficient'
          : password === ''
            ? 'passwordRequired'
            : null;
    setError(problem);
    if (problem) return;
    exchange.mutate(
      { use_number: amount.trim(), password },
      {
        onSuccess: (message) => {
          toast.success(message);
          setAmount('');
          setPassword('');
        },
      },
    );
  };

  const stat = (label: string, value: string | undefined, testId?: string) => (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue} data-testid={testId}>
        {value ?? <Skeleton width={64} height={22} inline />}
      </span>
    </div>
  );
  return (
    <div className={styles.stack}>
      <Card>
        <PageHeader
          title={t('title')}
          subtitle={d && t('earnRule', { points: d.points_per_usdt })}
          shrink
          className={styles.head}
          actions={
            <>
              {d && (
                <div className={styles.invite}>
                  {d.provider === 'sandbox' && <span className={styles.sandbox}>sandbox</span>}
                  <Link className={styles.link} to="/bindInfo">
                    {t('rebind')}
                  </Link>
                </div>
              )}
            </>
          }
        />
        {d?.provider === 'sandbox' && (
          <p className={styles.subtitle} style={{ marginTop: 8 }}>
            {t('sandbox')}
          </p>
        )}
        <div className={styles.stats} style={{ marginTop: 16 }}>
          {stat(t('points'), d && trimZeros(d.jc_integral), 'jc-integral')}
          {stat(t('free'), d && trimZeros(d.free_jc_integral), 'jc-free')}
          {stat(t('price'), d && trimZeros(d.beau_per_jc))}
          {stat(t('jcValue'), d && trimZeros(d.jc_price))}
          {stat(t('fee'), d && `${d.jc_exchange_fee}%`)}
          {stat(t('market'), d && trimZeros(d.market_price))}
        </div>
      </Card>
      <form
        className={`${cardClass()} ${styles.form}`}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('submit')}
      >
        <Input
          label={t('amount')}
          name="use_number"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          placeholder={t('amountPlaceholder')}
          value={amount}
          error={
            error === 'amountRequired'
              ? t('amountRequired')
              : error === 'insufficient'
                ? t('insufficient')
                : undefined
          }
          suffix={
            <button
              type="button"
              className={styles.allButton}
              onClick={() => d && setAmount(trimZeros(d.free_jc_integral))}
            >
              {t('all')}
            </button>
          }
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
        />
        <div className={styles.preview} data-testid="jc-preview">
          <div className={styles.row}>
            <span className={styles.rowLabel}>{t('feeAmount')}</span>
            <span className={styles.mono}>
              {quote ? `${trimZeros(formatMinor(quote.fee, 8))} BEAU` : '—'}
            </span>
          </div>
          <div className={styles.row}>
            <span className={styles.rowLabel}>{t('receive')}</span>
            <span className={styles.mono}>
              {quote ? `${trimZeros(formatMinor(quote.receive, 8))} BEAU` : '—'}
            </span>
          </div>
        </div>
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
        <Button type="submit" disabled={!d || exchange.isPending}>
          {t('submit')}
        </Button>
      </form>
      <PointsRecords enabled={Boolean(d)} />
    </div>
  );
}
