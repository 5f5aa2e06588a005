import { useEffect, useState } from 'react';
import { useIsLoggedIn } from '@/shared/session/session';
import { formatDecimal, isPositive, stepDecimals } from '@/shared/lib/display-decimal';
import { bandPrice, sanitizeDecimal, sliderAmount, totalOf } from '../amount';
import { type Deal } from '../api/get-deal';
import { useSpotBalance } from '../api/get-spot-balance';
import { useSubmitOrder, type OrderDraft, type TradeMode } from './use-submit-order';

export interface OrderFormProps {
  side: 'buy' | 'sell';
  mode: TradeMode;
  deal: Deal;
  /** A price picked in the order book (fills the fixed-price field). */
  picked: { price: string; at: number } | null;
}

/**
 * A market order trades within the protection band around the best opposite price (the last price when
 * that side is empty); a market buy holds amount x the band's top price meanwhile.
 */
function marketBandTop(deal: Deal, side: 'buy' | 'sell'): string {
  // `out` lists asks highest first: the best ask is its last row.
  const bestOpposite = (side === 'buy' ? deal.out[deal.out.length - 1] : deal.in[0])?.price ?? '';
  return bandPrice(isPositive(bestOpposite) ? bestOpposite : deal.last_price, deal.market_band_bps, side);
}

/**
 * The state of one order form: price, amount (or, for a market buy by total, what it spends), the
 * percentage slider over the available balance, and the submit.
 */
export function useOrderForm({ side, mode, deal, picked }: OrderFormProps) {
  const loggedIn = useIsLoggedIn();
  const isBuy = side === 'buy';
  const balance = useSpotBalance(isBuy ? deal.legal_id : deal.currency_id);
  const priceDecimals = Math.max(stepDecimals(deal.price_tick), 0);
  const amountDecimals = stepDecimals(deal.amount_step);
  const [price, setPrice] = useState(() => formatDecimal(deal.last_price, priceDecimals));
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState(0);
  // A market buy may name what it spends (quote) instead of what it buys (base).
  const [byQuote, setByQuote] = useState(false);
  const [spend, setSpend] = useState('');
  const isQuoteBuy = mode === 'market' && isBuy && byQuote;
  const { submit, isPending } = useSubmitOrder(() => {
    setAmount('');
    setSpend('');
    setPercent(0);
  });

  useEffect(() => {
    if (picked) setPrice(formatDecimal(picked.price, priceDecimals));
  }, [picked, priceDecimals]);

  const available = balance.data?.change_balance ?? '0';
  const effectivePrice = mode === 'market' ? deal.last_price : price;
  const bandTop = marketBandTop(deal, side);
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
  const draft: OrderDraft = { side, mode, deal, price, effectivePrice, amount, spend, isQuoteBuy, bandTop };

  return {
    loggedIn,
    /** The available balance, once known (logged in). */
    available: loggedIn && balance.data ? available : null,
    price,
    onPrice: (value: string) => setPrice(sanitizeDecimal(value, priceDecimals)),
    amount,
    onAmount: (value: string) => {
      setAmount(sanitizeDecimal(value, amountDecimals));
      setPercent(0);
    },
    byQuote,
    onByQuote: (yes: boolean) => {
      setByQuote(yes);
      setPercent(0);
    },
    isQuoteBuy,
    spend,
    onSpend: (value: string) => {
      setSpend(sanitizeDecimal(value, 8));
      setPercent(0);
    },
    percent,
    isSliderOff: !loggedIn || !isPositive(effectivePrice),
    onSlide,
    total: totalOf(effectivePrice, amount, 8),
    submit: () => submit(draft),
    isPending,
  };
}
