import { type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDecimal } from '@/shared/lib/display-decimal';
import { Button, buttonClass } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Tabs } from '@/shared/ui/tabs';
import { BLOCKED_KEYS, SLIDER_STEPS } from '../amount';
import { type Deal } from '../api/get-deal';
import styles from '../spot.module.css';
import { useOrderForm, type OrderFormProps } from './use-order-form';

const refuseBlockedKeys = (e: KeyboardEvent<HTMLInputElement>) => {
  if (BLOCKED_KEYS.has(e.key)) e.preventDefault();
};

type Form = ReturnType<typeof useOrderForm>;
interface PartProps {
  side: 'buy' | 'sell';
  deal: Deal;
  form: Form;
}

/** One side's order form (buy or sell) in the spot trade panel. */
export function OrderForm(props: OrderFormProps) {
  const { side, mode, deal } = props;
  const { t } = useTranslation('spot');
  const form = useOrderForm(props);
  const isBuy = side === 'buy';
  return (
    <form
      className={`${styles.orderForm} ${isBuy ? styles.orderForm_buy : styles.orderForm_sell}`}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
      data-testid={`spot-form-${side}`}
      noValidate
    >
      <BalanceRow side={side} deal={deal} form={form} />
      {mode === 'fixed' ? (
        <Input
          label={t(isBuy ? 'panel.buyPrice' : 'panel.sellPrice')}
          name={`${side}-price`}
          inputMode="decimal"
          autoComplete="off"
          value={form.price}
          onKeyDown={refuseBlockedKeys}
          onChange={(e) => form.onPrice(e.target.value)}
          suffix={deal.legal_name}
          data-testid={`spot-price-${side}`}
        />
      ) : (
        <Input
          label={t(isBuy ? 'panel.buyPrice' : 'panel.sellPrice')}
          name={`${side}-price`}
          value={t('panel.marketPrice')}
          disabled
          readOnly
        />
      )}
      <AmountFields side={side} deal={deal} form={form} mode={mode} />
      <PercentSlider side={side} deal={deal} form={form} />
      <div className={styles.totalRow}>
        <span>{t('panel.total')}</span>
        <span className="num" data-testid={`spot-total-${side}`}>
          {mode === 'fixed' && form.total ? `${form.total} ${deal.legal_name}` : '--'}
        </span>
      </div>
      <SubmitRow side={side} deal={deal} form={form} />
    </form>
  );
}

/** What the form can spend (quote for a buy, base for a sell), with a link to transfer more. */
function BalanceRow({ side, deal, form }: PartProps) {
  const { t } = useTranslation('spot');
  return (
    <div className={styles.balanceRow}>
      <span>
        {t('panel.available')}:{' '}
        <span className="num" data-testid={`spot-available-${side}`}>
          {form.available === null ? '--' : formatDecimal(form.available, 8)}
        </span>{' '}
        {side === 'buy' ? deal.legal_name : deal.currency_name}
      </span>
      {form.loggedIn && (
        <Link to="/transfer" className={styles.link}>
          {t('panel.transfer')}
        </Link>
      )}
    </div>
  );
}

/** The amount field, or for a market buy the choice of naming the amount or the total to spend. */
function AmountFields({ side, deal, form, mode }: PartProps & { mode: OrderFormProps['mode'] }) {
  const { t } = useTranslation('spot');
  const isBuy = side === 'buy';
  return (
    <>
      {mode === 'market' && isBuy && (
        <Tabs
          variant="line"
          aria-label={t('panel.spend')}
          value={form.byQuote ? 'quote' : 'base'}
          onChange={(k) => form.onByQuote(k === 'quote')}
          items={[
            { key: 'base', label: t('panel.byAmount') },
            { key: 'quote', label: t('panel.byTotal') },
          ]}
        />
      )}
      {form.isQuoteBuy ? (
        <Input
          label={t('panel.spend')}
          name="buy-spend"
          inputMode="decimal"
          autoComplete="off"
          value={form.spend}
          onKeyDown={refuseBlockedKeys}
          onChange={(e) => form.onSpend(e.target.value)}
          suffix={deal.legal_name}
          data-testid="spot-spend-buy"
        />
      ) : (
        <Input
          label={t(isBuy ? 'panel.buyAmount' : 'panel.sellAmount')}
          name={`${side}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onKeyDown={refuseBlockedKeys}
          onChange={(e) => form.onAmount(e.target.value)}
          suffix={deal.currency_name}
          data-testid={`spot-amount-${side}`}
        />
      )}
    </>
  );
}

/** The share of the available balance to trade: a range input and its 0–100 % marks. */
function PercentSlider({ side, form }: PartProps) {
  const { t } = useTranslation('spot');
  const { percent, isSliderOff, onSlide } = form;
  return (
    <div className={styles.slider}>
      <input
        type="range"
        min={0}
        max={100}
        step={25}
        value={percent}
        disabled={isSliderOff}
        aria-label={t('panel.percent')}
        aria-valuetext={`${percent}%`}
        onChange={(e) => onSlide(Number(e.target.value))}
        data-testid={`spot-slider-${side}`}
      />
      <div className={styles.sliderMarks}>
        {SLIDER_STEPS.map((p) => (
          <button
            key={p}
            type="button"
            disabled={isSliderOff}
            className={`${styles.sliderMark} ${percent === p ? styles.sliderMark_active : ''}`}
            onClick={() => onSlide(p)}
            data-testid={`spot-pct-${side}-${p}`}
          >
            {p}%
          </button>
        ))}
      </div>
    </div>
  );
}

/** The buy or sell button, or for a visitor the links to log in and register. */
function SubmitRow({ side, deal, form }: PartProps) {
  const { t } = useTranslation('spot');
  const isBuy = side === 'buy';
  if (!form.loggedIn) {
    return (
      <div className={styles.loginRow} data-testid={`spot-login-${side}`}>
        <Link to="/components/login" className={buttonClass({ block: true })}>
          {t('panel.login')}
        </Link>
        <Link to="/components/register" className={buttonClass({ block: true, variant: 'secondary' })}>
          {t('panel.register')}
        </Link>
      </div>
    );
  }
  return (
    <Button
      type="submit"
      variant={isBuy ? 'up' : 'down'}
      size="lg"
      block
      loading={form.isPending}
      disabled={deal.open_coin_trade !== 1}
      data-testid={`spot-submit-${side}`}
    >
      {t(isBuy ? 'panel.buy' : 'panel.sell', { coin: deal.currency_name })}
    </Button>
  );
}
