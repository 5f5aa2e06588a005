import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { useIsLoggedIn } from '@/shared/session/session';
import { STORAGE_KEYS, storage, useStorageItem } from '@/shared/storage/storage';
import { Button, buttonClass } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/toast';
import { formatDecimal } from '@/shared/market/decimal';
import { usePayableCurrencies } from '../api/get-payable-currencies';
import { useSecondsOptions } from '../api/get-seconds';
import { useSubmitMicro } from '../api/submit-order';
import { isShownWhileTyping, parseStake, STAKE_DIGITS_MAX, type StakeError } from '../stake';
import styles from '../micro.module.css';

/** '10.00' -> '10', '12.50' -> '12.5'. */
const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** number x ratio % exactly (ratios and fees have 2 decimals at most), for the "profit if right" line and the fee. */
function percentOf(number: string, ratio: string): string {
  try {
    const v = BigInt(number) * parseDecimal(ratio, 2, { allowZero: true });
    return formatMinor(v, 4).replace(/\.?0+$/, '');
  } catch {
    return '0';
  }
}

/** number + number x fee %, exactly: what leaves the available balance at submission. */
function totalText(number: string, fee: string): string {
  try {
    const v = BigInt(number) * 10_000n + BigInt(number) * parseDecimal(fee, 2, { allowZero: true });
    return formatMinor(v, 4).replace(/\.?0+$/, '');
  } catch {
    return number;
  }
}

/** stake x (ratio - fee) %, exactly, signed: what a win leaves once the fee paid at opening is counted. */
function netWinText(number: string, ratio: string, fee: string): string {
  try {
    const pct = (v: string) => parseDecimal(v, 2, { allowZero: true });
    const v = BigInt(number) * (pct(ratio) - pct(fee));
    const text = formatMinor(v < 0n ? -v : v, 4).replace(/\.?0+$/, '');
    return `${v < 0n ? '−' : '+'}${text}`;
  } catch {
    return '';
  }
}

/** The "don't ask again" box inside the confirmation; it reports its state to the pending question. */
function DontAskAgain({ onChange }: { onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('micro');
  const [checked, setChecked] = useState(false);
  return (
    <label className={styles.check}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          setChecked(e.target.checked);
          onChange(e.target.checked);
        }}
        data-testid="micro-confirm-skip"
      />
      {t('confirm.dontAsk')}
    </label>
  );
}

/**
 * The order form: paying currency, duration with its payout ratio, quick amounts, whole-number quantity,
 * up and down. A second submission is blocked until the first reply arrives; balances and lists reload
 * on success (the mutation invalidates them). Insurance is not offered, so nothing of it is shown.
 */
export function TradePanel({ pair }: { pair: QuotationItem }) {
  const { t } = useTranslation('micro');
  const { t: tError } = useTranslation('errors');
  const loggedIn = useIsLoggedIn();
  const currencies = usePayableCurrencies();
  const seconds = useSecondsOptions();
  const submit = useSubmitMicro();
  const [currencyId, setCurrencyId] = useState<number | undefined>();
  const [duration, setDuration] = useState<number | undefined>();
  const [quantity, setQuantity] = useState('');
  // Set by a submission for what is not shown while typing (an empty field, 0).
  const [submitError, setSubmitError] = useState<StakeError | null>(null);
  // The guard: a ref, so two clicks in the same frame cannot both pass before React re-renders.
  const isSubmitting = useRef(false);

  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  const option = seconds.data?.find((s) => s.seconds === duration) ?? seconds.data?.[0];
  // Orders are confirmed in a dialog unless the user turned that off (kept in the browser).
  const isConfirming = useStorageItem(STORAGE_KEYS.microConfirm) !== '0';
  const setConfirming = (on: boolean) => storage.set(STORAGE_KEYS.microConfirm, on ? '1' : '0');
  const stake = parseStake(quantity);
  useEffect(() => setSubmitError(null), [quantity]);
  const stakeMessage = (error: StakeError): string =>
    error === 'required'
      ? t('miscro.openNum')
      : error === 'tooLong'
        ? t('panel.stakeTooLong', { digits: STAKE_DIGITS_MAX })
        : tError('MICRO_NUMBER_INVALID');
  const shownError = isShownWhileTyping(stake.error) ? stake.error : submitError;

  if (!loggedIn) {
    return (
      <section className={styles.panel} aria-label={t('panel.title')}>
        <h2 className={styles.panelTitle}>{t('panel.title')}</h2>
        <p className={styles.muted}>{t('panel.loginPrompt')}</p>
        <div className={styles.loginRow}>
          <Link to="/components/login" className={buttonClass({ block: true })}>
            {t('panel.login')}
          </Link>
          <Link to="/components/register" className={buttonClass({ block: true, variant: 'secondary' })}>
            {t('panel.register')}
          </Link>
        </div>
      </section>
    );
  }

  const place = async (type: 1 | 2) => {
    if (isSubmitting.current) return;
    if (stake.value === null) {
      // A refused stake is never sent: '10.5' stays '10.5' on screen with the whole-number message.
      const error = stake.error ?? 'invalid';
      setSubmitError(error);
      toast.error(stakeMessage(error));
      return;
    }
    if (!currency || !option) return;
    // What the dialog shows is what is sent.
    const number = stake.value;
    isSubmitting.current = true;
    try {
      if (isConfirming) {
        let skipNextTime = false;
        const fee = trimZeros(currency.micro_trade_fee);
        const yes = await confirm({
          title: t('confirm.title', { pair: pair.symbol }),
          message: (
            <div className={styles.confirmBody} data-testid="micro-confirm">
              <dl className={styles.confirmList}>
                <dt>{t('confirm.direction')}</dt>
                <dd className={type === 1 ? 'up' : 'down'} data-testid="micro-confirm-direction">
                  {type === 1 ? t('orders.up') : t('orders.down')}
                </dd>
                <dt>{t('confirm.stake')}</dt>
                <dd className="num" data-testid="micro-confirm-stake">
                  {number} {currency.name}
                </dd>
                <dt>{t('confirm.duration')}</dt>
                <dd className="num">{t('panel.seconds', { seconds: option.seconds })}</dd>
                <dt>{t('confirm.payout')}</dt>
                <dd className="num">{trimZeros(option.profit_ratio)} %</dd>
                <dt>{t('confirm.fee')}</dt>
                <dd className="num" data-testid="micro-confirm-fee">
                  {percentOf(number, currency.micro_trade_fee)} {currency.name} ({fee} %)
                </dd>
                <dt>{t('confirm.total')}</dt>
                <dd className="num" data-testid="micro-confirm-total">
                  {totalText(number, currency.micro_trade_fee)} {currency.name}
                </dd>
                <dt>{t('confirm.profit')}</dt>
                <dd className="num up" data-testid="micro-confirm-profit">
                  {t('confirm.profitValue', {
                    profit: percentOf(number, option.profit_ratio),
                    net: netWinText(number, option.profit_ratio, currency.micro_trade_fee),
                    currency: currency.name,
                  })}
                </dd>
                <dt>{t('confirm.loss')}</dt>
                <dd className="num down" data-testid="micro-confirm-loss">
                  {t('confirm.lossValue', {
                    stake: number,
                    total: totalText(number, currency.micro_trade_fee),
                    currency: currency.name,
                  })}
                </dd>
              </dl>
              <p className={styles.confirmNote}>{t('panel.rule')}</p>
              <DontAskAgain onChange={(checked) => (skipNextTime = checked)} />
            </div>
          ),
          okText: type === 1 ? t('panel.up') : t('panel.down'),
        });
        if (!yes) return;
        if (skipNextTime) setConfirming(false);
      }
      const message = await submit.mutateAsync({
        match_id: pair.id,
        currency_id: currency.id,
        type,
        seconds: option.seconds,
        number,
      });
      toast.success(message);
    } catch {
      // The API client has shown the server's message.
    } finally {
      isSubmitting.current = false;
    }
  };

  const busy = submit.isPending;
  return (
    <section className={styles.panel} aria-label={t('panel.title')} data-testid="micro-panel">
      <h2 className={styles.panelTitle}>{t('panel.title')}</h2>

      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('panel.payWith')}</span>
        <div className={styles.chips} role="radiogroup" aria-label={t('panel.payWith')}>
          {(currencies.data ?? []).map((c) => (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={c.id === currency?.id}
              className={`${styles.chip} ${c.id === currency?.id ? styles.chip_active : ''}`}
              onClick={() => setCurrencyId(c.id)}
            >
              {c.name}
            </button>
          ))}
        </div>
        <div className={styles.balanceRow}>
          <span>
            {t('panel.available')}:{' '}
            <span className="num" data-testid="micro-balance">
              {currency?.user_wallet ? formatDecimal(currency.user_wallet.micro_balance, 4) : '--'}
            </span>{' '}
            {currency?.name}
          </span>
          <Link to="/transfermicro" className={styles.link}>
            {t('panel.transfer')}
          </Link>
        </div>
      </div>

      <div className={styles.field}>
        <span className={styles.fieldLabel}>{t('panel.duration')}</span>
        <div className={styles.durations} role="radiogroup" aria-label={t('panel.duration')}>
          {(seconds.data ?? []).map((s) => (
            <button
              key={s.seconds}
              type="button"
              role="radio"
              aria-checked={s.seconds === option?.seconds}
              data-seconds={s.seconds}
              className={`${styles.duration} ${s.seconds === option?.seconds ? styles.duration_active : ''}`}
              onClick={() => setDuration(s.seconds)}
            >
              <strong>{t('panel.seconds', { seconds: s.seconds })}</strong>
              <small>{t('panel.payout', { ratio: trimZeros(s.profit_ratio) })}</small>
            </button>
          ))}
        </div>
      </div>

      {currency && currency.micro_numbers.length > 0 && (
        <div className={styles.field}>
          <span className={styles.fieldLabel}>{t('panel.quick')}</span>
          <div className={styles.chips}>
            {currency.micro_numbers.map((q) => (
              <button
                key={q.number}
                type="button"
                className={`${styles.chip} ${quantity === String(q.number) ? styles.chip_active : ''}`}
                onClick={() => setQuantity(String(q.number))}
              >
                {q.number}
              </button>
            ))}
          </div>
        </div>
      )}

      <Input
        label={t('panel.quantity')}
        name="number"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('panel.quantityPlaceholder', {
          min: Math.max(option?.min_number ?? 0, currency?.micro_min ?? 0),
        })}
        value={quantity}
        onChange={(e) => setQuantity(parseStake(e.target.value).text)}
        suffix={currency?.name}
        error={shownError ? stakeMessage(shownError) : undefined}
        data-testid="micro-quantity"
      />
      <div className={styles.terms}>
        <span>{t('panel.fee', { fee: currency ? trimZeros(currency.micro_trade_fee) : '--' })}</span>
        {stake.value !== null && option && (
          <span data-testid="micro-expected">
            {t('panel.expected', {
              profit: percentOf(stake.value, option.profit_ratio),
              currency: currency?.name ?? '',
            })}
          </span>
        )}
      </div>

      <div className={styles.actions}>
        <Button
          variant="up"
          size="lg"
          block
          loading={busy}
          onClick={() => void place(1)}
          data-testid="micro-up"
        >
          {t('panel.up')}
        </Button>
        <Button
          variant="down"
          size="lg"
          block
          loading={busy}
          onClick={() => void place(2)}
          data-testid="micro-down"
        >
          {t('panel.down')}
        </Button>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={isConfirming}
          onChange={(e) => setConfirming(e.target.checked)}
          data-testid="micro-confirm-toggle"
        />
        {t('panel.confirmOrders')}
      </label>
      <p className={styles.rule}>{t('panel.rule')}</p>
    </section>
  );
}
