import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isPositive } from '@/shared/lib/display-decimal';
import { confirm } from '@/shared/ui/confirm';
import { toast } from '@/shared/ui/toast';
import { bpsPercent, deviationBps, exactDecimal } from '../amount';
import { type Deal } from '../api/get-deal';
import { usePlaceOrder } from '../api/place-order';
import { OrderConfirmBody } from './order-confirm';

export type TradeMode = 'market' | 'fixed';

export interface OrderDraft {
  side: 'buy' | 'sell';
  mode: TradeMode;
  deal: Deal;
  /** The price field (fixed mode). */
  price: string;
  /** The price sent: the price field, or the last price at the time of the click in market mode. */
  effectivePrice: string;
  amount: string;
  spend: string;
  /** A market buy that names what it spends (`spend`) instead of what it buys (`amount`). */
  isQuoteBuy: boolean;
  bandTop: string;
}

type DraftProblem = 'cuy.pbPrice' | 'cuy.psPrice' | 'cuy.pbSpend' | 'cuy.pbNum' | 'cuy.psNum';

/** The translation key of what the draft lacks (a price, an amount, a sum to spend), or null. */
function draftProblem({ side, mode, price, amount, spend, isQuoteBuy }: OrderDraft): DraftProblem | null {
  const isBuy = side === 'buy';
  if (mode === 'fixed' && !isPositive(price)) return isBuy ? 'cuy.pbPrice' : 'cuy.psPrice';
  if (isQuoteBuy) return isPositive(spend) ? null : 'cuy.pbSpend';
  return isPositive(amount) ? null : isBuy ? 'cuy.pbNum' : 'cuy.psNum';
}

/**
 * Submitting an order form: checks the draft, asks for confirmation with exactly what is sent, places the
 * order and tells how it went; `onPlaced` clears the form. Two clicks in one frame place one order.
 */
export function useSubmitOrder(onPlaced: () => void) {
  const { t } = useTranslation('spot');
  const place = usePlaceOrder();
  // The double-submit guard: a ref, so two clicks in one frame cannot both pass before a re-render.
  const isSubmitting = useRef(false);

  const submit = async (draft: OrderDraft) => {
    if (isSubmitting.current) return;
    const problem = draftProblem(draft);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    isSubmitting.current = true;
    const { side, mode, deal, effectivePrice: sentPrice, amount, spend, isQuoteBuy, bandTop } = draft;
    const isBuy = side === 'buy';
    const isMarket = mode === 'market';
    const band = bpsPercent(deal.market_band_bps);
    // A limit price far from the last price asks "are you sure" in the same dialog.
    const farBps = isMarket ? null : deviationBps(sentPrice, deal.last_price);
    const isFar = farBps !== null && farBps >= deal.price_warn_bps;
    try {
      const yes = await confirm({
        danger: isFar,
        title: t(isBuy ? 'confirm.buyTitle' : 'confirm.sellTitle', { pair: deal.symbol }),
        message: (
          <OrderConfirmBody
            {...{ deal, isBuy, isMarket, isQuoteBuy, amount, spend, bandTop }}
            price={sentPrice}
            farBps={isFar ? farBps : null}
          />
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
      onPlaced();
    } catch {
      // The API client has shown the server's message (and handles 999 / 996 / not).
    } finally {
      isSubmitting.current = false;
    }
  };

  return { submit, isPending: place.isPending };
}
