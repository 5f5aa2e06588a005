import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '@oryx/contracts/market/calls';
import type { PayableCurrency, SecondsOption } from '@oryx/contracts/micro/calls';
import { useIsLoggedIn } from '@/shared/session/session';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/toast';
import { usePayableCurrencies } from '../api/get-payable-currencies';
import { useSecondsOptions } from '../api/get-seconds';
import { isShownWhileTyping, parseStake, STAKE_DIGITS_MAX, type StakeError } from '../stake';
import styles from '../micro.module.css';
import { percentOf, trimZeros } from './stake-figures';
import { CurrencyField, DurationField, PanelLogin, PlaceActions, QuickAmounts } from './trade-panel-parts';
import { usePlaceMicro } from './use-place-micro';

/** The message for a refused stake. */
function useStakeMessage(): (error: StakeError) => string {
  const { t } = useTranslation('micro');
  const { t: tError } = useTranslation('errors');
  return (error) =>
    error === 'required'
      ? t('miscro.openNum')
      : error === 'tooLong'
        ? t('panel.stakeTooLong', { digits: STAKE_DIGITS_MAX })
        : tError('MICRO_NUMBER_INVALID');
}

interface StakeTermsProps {
  currency: PayableCurrency | undefined;
  option: SecondsOption | undefined;
  /** The valid stake, or null. */
  stake: string | null;
}

/** The fee, and what a right guess pays for the stake typed. */
function StakeTerms({ currency, option, stake }: StakeTermsProps) {
  const { t } = useTranslation('micro');
  return (
    <div className={styles.terms}>
      <span>{t('panel.fee', { fee: currency ? trimZeros(currency.micro_trade_fee) : '--' })}</span>
      {stake !== null && option && (
        <span data-testid="micro-expected">
          {t('panel.expected', {
            profit: percentOf(stake, option.profit_ratio),
            currency: currency?.name ?? '',
          })}
        </span>
      )}
    </div>
  );
}

/**
 * The order form: paying currency, duration with its payout ratio, quick amounts, whole-number quantity,
 * up and down. A second submission is blocked until the first reply arrives; balances and lists reload
 * on success (the mutation invalidates them). Insurance is not offered, so nothing of it is shown.
 */
export function TradePanel({ pair }: { pair: QuotationItem }) {
  const { t } = useTranslation('micro');
  const loggedIn = useIsLoggedIn();
  const currencies = usePayableCurrencies();
  const seconds = useSecondsOptions();
  const [currencyId, setCurrencyId] = useState<number | undefined>();
  const [duration, setDuration] = useState<number | undefined>();
  const [quantity, setQuantity] = useState('');
  // Set by a submission for what is not shown while typing (an empty field, 0).
  const [submitError, setSubmitError] = useState<StakeError | null>(null);

  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  const option = seconds.data?.find((s) => s.seconds === duration) ?? seconds.data?.[0];
  const stake = parseStake(quantity);
  useEffect(() => setSubmitError(null), [quantity]);
  const stakeMessage = useStakeMessage();
  const shownError = isShownWhileTyping(stake.error) ? stake.error : submitError;
  const micro = usePlaceMicro(pair, (error) => {
    setSubmitError(error);
    toast.error(stakeMessage(error));
  });

  if (!loggedIn) return <PanelLogin />;

  return (
    <section className={styles.panel} aria-label={t('panel.title')} data-testid="micro-panel">
      <h2 className={styles.panelTitle}>{t('panel.title')}</h2>

      <CurrencyField currencies={currencies.data ?? []} currency={currency} onCurrency={setCurrencyId} />

      <DurationField options={seconds.data ?? []} option={option} onDuration={setDuration} />

      {currency && currency.micro_numbers.length > 0 && (
        <QuickAmounts currency={currency} quantity={quantity} onQuantity={setQuantity} />
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
      <StakeTerms currency={currency} option={option} stake={stake.value} />

      <PlaceActions
        busy={micro.isPending}
        onPlace={(type) => void micro.place(type, { stake, currency, option })}
        isConfirming={micro.isConfirming}
        onConfirming={micro.setConfirming}
      />
      <p className={styles.rule}>{t('panel.rule')}</p>
    </section>
  );
}
