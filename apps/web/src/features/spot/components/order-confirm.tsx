import { useTranslation } from 'react-i18next';
import { compareDecimal, formatGrouped, groupDigits, stepDecimals } from '@/shared/lib/display-decimal';
import { bpsPercent, sliderAmount, totalOf } from '../amount';
import { type Deal } from '../api/get-deal';
import styles from '../spot.module.css';

export interface OrderConfirmProps {
  deal: Deal;
  isBuy: boolean;
  isMarket: boolean;
  /** A market buy that names what it spends. */
  isQuoteBuy: boolean;
  /** The price sent: the last price at the time of the click in market mode. */
  price: string;
  amount: string;
  spend: string;
  /** The top of the market protection band (what a market buy holds per unit meanwhile). */
  bandTop: string;
  /** How far a limit price is from the last price, in basis points, when it is far enough to warn. */
  farBps: number | null;
}

/** What the order confirmation dialog shows: exactly what is sent, with the market and far-price notes. */
export function OrderConfirmBody(props: OrderConfirmProps) {
  const { deal, isBuy, isMarket, isQuoteBuy, price, amount, spend, bandTop, farBps } = props;
  const { t } = useTranslation('spot');
  const priceDecimals = Math.max(stepDecimals(deal.price_tick), 0);
  return (
    <div className={styles.confirmBody} data-testid="spot-confirm">
      <dl className={styles.confirmList}>
        <dt>{t(isMarket ? 'confirm.marketPrice' : 'confirm.price')}</dt>
        <dd className="num" data-testid="spot-confirm-price">
          {isMarket ? formatGrouped(price, priceDecimals) : groupDigits(price)} {deal.legal_name}
        </dd>
        {isQuoteBuy ? (
          <QuoteBuyRows deal={deal} spend={spend} price={price} />
        ) : (
          <AmountRows deal={deal} isMarket={isMarket} price={price} amount={amount} />
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
            { band: bpsPercent(deal.market_band_bps) },
          )}
        </p>
      )}
      {farBps !== null && (
        <p className={styles.confirmWarn} role="alert" data-testid="spot-confirm-far">
          {t(compareDecimal(price, deal.last_price) > 0 ? 'confirm.farAbove' : 'confirm.farBelow', {
            pct: bpsPercent(farBps),
            last: deal.last_price,
            quote: deal.legal_name,
          })}
        </p>
      )}
    </div>
  );
}

/** The confirmation of an order by base amount: the amount and the total (an estimate at market). */
function AmountRows({
  deal,
  isMarket,
  price,
  amount,
}: {
  deal: Deal;
  isMarket: boolean;
  price: string;
  amount: string;
}) {
  const { t } = useTranslation('spot');
  return (
    <>
      <dt>{t('confirm.amount')}</dt>
      <dd className="num">
        {amount} {deal.currency_name}
      </dd>
      <dt>{t(isMarket ? 'confirm.estimatedTotal' : 'confirm.total')}</dt>
      <dd className="num" data-testid="spot-confirm-total">
        {isMarket ? '≈ ' : ''}
        {totalOf(price, amount, 8)} {deal.legal_name}
      </dd>
    </>
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
