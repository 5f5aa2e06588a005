import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn } from '@/shared/session/session';
import {
  compareDecimal,
  formatDecimal,
  formatGrouped,
  groupDigits,
  isPositive,
  stepDecimals,
} from '@/shared/lib/display-decimal';
import { Button, buttonClass } from '@/shared/ui/button';
import { confirm } from '@/shared/ui/confirm';
import { Input } from '@/shared/ui/input';
import { Tabs } from '@/shared/ui/tabs';
import { toast } from '@/shared/ui/toast';
import {
  BLOCKED_KEYS,
  SLIDER_STEPS,
  bandPrice,
  bpsPercent,
  deviationBps,
  exactDecimal,
  sanitizeDecimal,
  sliderAmount,
  totalOf,
} from '../amount';
import { type Deal } from '../api/get-deal';
import { useSpotBalance } from '../api/get-spot-balance';
import { usePlaceOrder } from '../api/place-order';
import styles from '../spot.module.css';

export type TradeMode = 'market' | 'fixed';

const refuseBlockedKeys = (e: KeyboardEvent<HTMLInputElement>) => {
  if (BLOCKED_KEYS.has(e.key)) e.preventDefault();
};

interface FormProps {
  side: 'buy' | 'sell';
  mode: TradeMode;
  deal: Deal;
  /** A price picked in the order book (fills the fixed-price field). */
  picked: { price: string; at: number } | null;
}

function OrderForm({ side, mode, deal, picked }: FormProps) {
  const { t } = useTranslation('spot');
  const loggedIn = useIsLoggedIn();
  const isBuy = side === 'buy';
  const balance = useSpotBalance(isBuy ? deal.legal_id : deal.currency_id);
  const place = usePlaceOrder();
  const priceDecimals = Math.max(stepDecimals(deal.price_tick), 0);
  const amountDecimals = stepDecimals(deal.amount_step);
  const [price, setPrice] = useState(() => formatDecimal(deal.last_price, priceDecimals));
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState(0);
  // A market buy may name what it spends (quote) instead of what it buys (base).
  const [byQuote, setByQuote] = useState(false);
  const [spend, setSpend] = useState('');
  const isQuoteBuy = mode === 'market' && isBuy && byQuote;
  // The double-submit guard: a ref, so two clicks in one frame cannot both pass before a re-render.
  const isSubmitting = useRef(false);

  useEffect(() => {
    if (picked) setPrice(formatDecimal(picked.price, priceDecimals));
  }, [picked, priceDecimals]);

  const available = balance.data?.change_balance ?? '0';
  const effectivePrice = mode === 'market' ? deal.last_price : price;
  // A market order trades within the protection band around the best opposite price (the last price
  // when that side is empty); a market buy holds amount x the band's top price meanwhile.
  // `out` lists asks highest first: the best ask is its last row.
  const bestOpposite = (isBuy ? deal.out[deal.out.length - 1] : deal.in[0])?.price ?? '';
  const bandTop = bandPrice(
    isPositive(bestOpposite) ? bestOpposite : deal.last_price,
    deal.market_band_bps,
    side,
  );
  const isSliderOff = !loggedIn || !isPositive(effectivePrice);
  const onSlide = (p: number) => {
    setPercent(p);
    if (isQuoteBuy) {
      // A share of the balance to spend, to the cent.
      setSpend(sliderAmount({ side: 'sell', percent: p, available, price: '1', amountStep: '0.01' }));
      return;
    }
    // A market buy's 100 % is what the balance can hold at the band's top price.
    const slidePrice = mode === 'market' && isBuy ? bandTop : effectivePrice;
    setAmount(sliderAmount({ side, percent: p, available, price: slidePrice, amountStep: deal.amount_step }));
  };
  const total = totalOf(effectivePrice, amount, 8);

  const submit = async () => {
    if (isSubmitting.current) return;
    if (mode === 'fixed' && !isPositive(price)) {
      toast.error(t(isBuy ? 'cuy.pbPrice' : 'cuy.psPrice'));
      return;
    }
    if (isQuoteBuy) {
      if (!isPositive(spend)) {
        toast.error(t('cuy.pbSpend'));
        return;
      }
    } else if (!isPositive(amount)) {
      toast.error(t(isBuy ? 'cuy.pbNum' : 'cuy.psNum'));
      return;
    }
    isSubmitting.current = true;
    // What the dialog shows is what is sent: in market mode the last price at the time of the click.
    const isMarket = mode === 'market';
    const sentPrice = effectivePrice;
    const sentTotal = totalOf(sentPrice, amount, 8);
    const band = bpsPercent(deal.market_band_bps);
    // A limit price far from the last price asks "are you sure" in the same dialog.
    const farBps = isMarket ? null : deviationBps(sentPrice, deal.last_price);
    const isFar = farBps !== null && farBps >= deal.price_warn_bps;
    try {
      const yes = await confirm({
        danger: isFar,
        title: t(isBuy ? 'confirm.buyTitle' : 'confirm.sellTitle', { pair: deal.symbol }),
        message: (
          <div className={styles.confirmBody} data-testid="spot-confirm">
            <dl className={styles.confirmList}>
              <dt>{t(isMarket ? 'confirm.marketPrice' : 'confirm.price')}</dt>
              <dd className="num" data-testid="spot-confirm-price">
                {isMarket ? formatGrouped(sentPrice, priceDecimals) : groupDigits(sentPrice)}{' '}
                {deal.legal_name}
              </dd>
              {isQuoteBuy ? (
                <QuoteBuyRows deal={deal} spend={spend} price={sentPrice} />
              ) : (
                <>
                  <dt>{t('confirm.amount')}</dt>
                  <dd className="num">
                    {amount} {deal.currency_name}
                  </dd>
                  <dt>{t(isMarket ? 'confirm.estimatedTotal' : 'confirm.total')}</dt>
                  <dd className="num" data-testid="spot-confirm-total">
                    {isMarket ? '≈ ' : ''}
                    {sentTotal} {deal.legal_name}
                  </dd>
                </>
              )}
              {isMarket && isBuy && !isQuoteBuy && (
                <>
                  <dt>{t('confirm.maxHold')}</dt>
                  <dd className="num" data-testid="spot-confirm-hold">
                    {totalOf(bandTop, amount, 8)} {deal.legal_name}
                  </dd>
                </>
              )}
            </dl>
            {isMarket && (
              <p className={styles.confirmNote} data-testid="spot-confirm-note">
                {t(
                  isQuoteBuy
                    ? 'confirm.marketNoteSpend'
                    : isBuy
                      ? 'confirm.marketNoteBuy'
                      : 'confirm.marketNoteSell',
                  {
                    band,
                  },
                )}
              </p>
            )}
            {isFar && (
              <p className={styles.confirmWarn} role="alert" data-testid="spot-confirm-far">
                {t(compareDecimal(sentPrice, deal.last_price) > 0 ? 'confirm.farAbove' : 'confirm.farBelow', {
                  pct: bpsPercent(farBps),
                  last: deal.last_price,
                  quote: deal.legal_name,
                })}
              </p>
            )}
          </div>
        ),
        okText: t(isBuy ? 'panel.buy' : 'panel.sell', { coin: deal.currency_name }),
      });
      if (!yes) return;
      const order = await place.mutateAsync({
        legal_id: deal.legal_id,
        currency_id: deal.currency_id,
        type: isBuy ? 1 : 2,
        ...(isQuoteBuy ? { quote_amount: spend } : { amount }),
        target_price: sentPrice,
        order_type: isMarket ? 'market' : 'limit',
      });
      if (order.cancel_reason === 'PRICE_BAND' && !isQuoteBuy) {
        toast.info(
          t('placed.band', {
            filled: exactDecimal(order.deal_amount, order.amount_decimals),
            amount: exactDecimal(order.trade_amount, order.amount_decimals),
            coin: deal.currency_name,
            band,
          }),
        );
      } else {
        toast.success(t(`placed.${order.state}`));
      }
      setAmount('');
      setSpend('');
      setPercent(0);
    } catch {
      // The API client has shown the server's message (and handles 999 / 996 / not).
    } finally {
      isSubmitting.current = false;
    }
  };

  return (
    <form
      className={`${styles.orderForm} ${isBuy ? styles.orderForm_buy : styles.orderForm_sell}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={`spot-form-${side}`}
      noValidate
    >
      <div className={styles.balanceRow}>
        <span>
          {t('panel.available')}:{' '}
          <span className="num" data-testid={`spot-available-${side}`}>
            {loggedIn && balance.data ? formatDecimal(available, 8) : '--'}
          </span>{' '}
          {isBuy ? deal.legal_name : deal.currency_name}
        </span>
        {loggedIn && (
          <Link to="/transfer" className={styles.link}>
            {t('panel.transfer')}
          </Link>
        )}
      </div>
      {mode === 'fixed' ? (
        <Input
          label={t(isBuy ? 'panel.buyPrice' : 'panel.sellPrice')}
          name={`${side}-price`}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onKeyDown={refuseBlockedKeys}
          onChange={(e) => setPrice(sanitizeDecimal(e.target.value, priceDecimals))}
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
      {mode === 'market' && isBuy && (
        <Tabs
          variant="line"
          aria-label={t('panel.spend')}
          value={byQuote ? 'quote' : 'base'}
          onChange={(k) => {
            setByQuote(k === 'quote');
            setPercent(0);
          }}
          items={[
            { key: 'base', label: t('panel.byAmount') },
            { key: 'quote', label: t('panel.byTotal') },
          ]}
        />
      )}
      {isQuoteBuy ? (
        <Input
          label={t('panel.spend')}
          name="buy-spend"
          inputMode="decimal"
          autoComplete="off"
          value={spend}
          onKeyDown={refuseBlockedKeys}
          onChange={(e) => {
            setSpend(sanitizeDecimal(e.target.value, 8));
            setPercent(0);
          }}
          suffix={deal.legal_name}
          data-testid="spot-spend-buy"
        />
      ) : (
        <Input
          label={t(isBuy ? 'panel.buyAmount' : 'panel.sellAmount')}
          name={`${side}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onKeyDown={refuseBlockedKeys}
          onChange={(e) => {
            setAmount(sanitizeDecimal(e.target.value, amountDecimals));
            setPercent(0);
          }}
          suffix={deal.currency_name}
          data-testid={`spot-amount-${side}`}
        />
      )}
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
      <div className={styles.totalRow}>
        <span>{t('panel.total')}</span>
        <span className="num" data-testid={`spot-total-${side}`}>
          {mode === 'fixed' && total ? `${total} ${deal.legal_name}` : '--'}
        </span>
      </div>
      {loggedIn ? (
        <Button
          type="submit"
          variant={isBuy ? 'up' : 'down'}
          size="lg"
          block
          loading={place.isPending}
          disabled={deal.open_coin_trade !== 1}
          data-testid={`spot-submit-${side}`}
        >
          {t(isBuy ? 'panel.buy' : 'panel.sell', { coin: deal.currency_name })}
        </Button>
      ) : (
        <div className={styles.loginRow} data-testid={`spot-login-${side}`}>
          <Link to="/components/login" className={buttonClass({ block: true })}>
            {t('panel.login')}
          </Link>
          <Link to="/components/register" className={buttonClass({ block: true, variant: 'secondary' })}>
            {t('panel.register')}
          </Link>
        </div>
      )}
    </form>
  );
}

/** The confirmation of a market buy by quote amount: what it spends at most, about what it buys. */
function QuoteBuyRows({ deal, spend, price }: { deal: Deal; spend: string; price: string }) {
  const { t } = useTranslation('spot');
  const estimate = sliderAmount({
    side: 'buy',
    percent: 100,
    available: spend,
    price,
    amountStep: deal.amount_step,
  });
  return (
    <>
      <dt>{t('confirm.spend')}</dt>
      <dd className="num" data-testid="spot-confirm-spend">
        {groupDigits(spend)} {deal.legal_name}
      </dd>
      <dt>{t('confirm.estimatedAmount')}</dt>
      <dd className="num" data-testid="spot-confirm-total">
        ≈ {estimate || '0'} {deal.currency_name}
      </dd>
    </>
  );
}

/** The trade panel: market-price and fixed-price tabs, a buy form and a sell form side by side. */
export function TradePanel({ deal, picked }: { deal: Deal; picked: FormProps['picked'] }) {
  const { t } = useTranslation('spot');
  const loggedIn = useIsLoggedIn();
  const [mode, setMode] = useState<TradeMode>('fixed');
  return (
    <section className={styles.card} aria-label={t('panel.title')} data-testid="spot-panel">
      <div className={styles.panelHead}>
        <Tabs
          variant="line"
          aria-label={t('panel.title')}
          value={mode}
          onChange={setMode}
          items={[
            { key: 'fixed', label: t('panel.fixed') },
            { key: 'market', label: t('panel.market') },
          ]}
        />
        {!loggedIn && <span className={styles.muted}>{t('panel.loginPrompt')}</span>}
      </div>
      <div className={styles.forms}>
        <OrderForm side="buy" mode={mode} deal={deal} picked={picked} key={`buy-${deal.match_id}`} />
        <OrderForm side="sell" mode={mode} deal={deal} picked={picked} key={`sell-${deal.match_id}`} />
      </div>
      <p className={styles.rule}>
        {t('panel.fees', {
          maker: (deal.maker_fee_bps / 100).toFixed(2),
          taker: (deal.taker_fee_bps / 100).toFixed(2),
        })}
      </p>
    </section>
  );
}
