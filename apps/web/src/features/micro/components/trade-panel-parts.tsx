import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PayableCurrency, SecondsOption } from '@oryx/contracts/micro/calls';
import { Button, buttonClass } from '@/shared/ui/button';
import { formatDecimal } from '@/shared/market/decimal';
import styles from '../micro.module.css';
import { trimZeros } from './stake-figures';

/** What a visitor sees instead of the order form: log in or register. */
export function PanelLogin() {
  const { t } = useTranslation('micro');
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

interface CurrencyFieldProps {
  currencies: PayableCurrency[];
  currency: PayableCurrency | undefined;
  onCurrency: (id: number) => void;
}

/** The paying currency, with its available seconds balance and the link to transfer more. */
export function CurrencyField({ currencies, currency, onCurrency }: CurrencyFieldProps) {
  const { t } = useTranslation('micro');
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{t('panel.payWith')}</span>
      <div className={styles.chips} role="radiogroup" aria-label={t('panel.payWith')}>
        {currencies.map((c) => (
          <button
            key={c.id}
            type="button"
            role="radio"
            aria-checked={c.id === currency?.id}
            className={`${styles.chip} ${c.id === currency?.id ? styles.chip_active : ''}`}
            onClick={() => onCurrency(c.id)}
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
  );
}

interface DurationFieldProps {
  options: SecondsOption[];
  option: SecondsOption | undefined;
  onDuration: (seconds: number) => void;
}

/** The durations on offer, each with its payout ratio. */
export function DurationField({ options, option, onDuration }: DurationFieldProps) {
  const { t } = useTranslation('micro');
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{t('panel.duration')}</span>
      <div className={styles.durations} role="radiogroup" aria-label={t('panel.duration')}>
        {options.map((s) => (
          <button
            key={s.seconds}
            type="button"
            role="radio"
            aria-checked={s.seconds === option?.seconds}
            data-seconds={s.seconds}
            className={`${styles.duration} ${s.seconds === option?.seconds ? styles.duration_active : ''}`}
            onClick={() => onDuration(s.seconds)}
          >
            <strong>{t('panel.seconds', { seconds: s.seconds })}</strong>
            <small>{t('panel.payout', { ratio: trimZeros(s.profit_ratio) })}</small>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The currency's quick stakes, as chips; the one equal to the field is marked. */
export function QuickAmounts({
  currency,
  quantity,
  onQuantity,
}: {
  currency: PayableCurrency;
  quantity: string;
  onQuantity: (q: string) => void;
}) {
  const { t } = useTranslation('micro');
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{t('panel.quick')}</span>
      <div className={styles.chips}>
        {currency.micro_numbers.map((q) => (
          <button
            key={q.number}
            type="button"
            className={`${styles.chip} ${quantity === String(q.number) ? styles.chip_active : ''}`}
            onClick={() => onQuantity(String(q.number))}
          >
            {q.number}
          </button>
        ))}
      </div>
    </div>
  );
}

interface ActionsProps {
  busy: boolean;
  onPlace: (type: 1 | 2) => void;
  isConfirming: boolean;
  onConfirming: (on: boolean) => void;
}

/** The up and down buttons, and whether orders are confirmed in a dialog first. */
export function PlaceActions({ busy, onPlace, isConfirming, onConfirming }: ActionsProps) {
  const { t } = useTranslation('micro');
  return (
    <>
      <div className={styles.actions}>
        <Button variant="up" size="lg" block loading={busy} onClick={() => onPlace(1)} data-testid="micro-up">
          {t('panel.up')}
        </Button>
        <Button
          variant="down"
          size="lg"
          block
          loading={busy}
          onClick={() => onPlace(2)}
          data-testid="micro-down"
        >
          {t('panel.down')}
        </Button>
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={isConfirming}
          onChange={(e) => onConfirming(e.target.checked)}
          data-testid="micro-confirm-toggle"
        />
        {t('panel.confirmOrders')}
      </label>
    </>
  );
}
