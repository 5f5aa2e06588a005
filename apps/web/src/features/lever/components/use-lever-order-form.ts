import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceDecimals } from '@/shared/market/price';
import type { LeverDeal } from '../api/get-lever-deal';
import { leverPreview, lotsProblem } from '../preview';

export type Side = 'long' | 'short';
export type Mode = 'market' | 'limit';

/** Keeps digits and one dot, at most `decimals` places. */
const cleanPrice = (raw: string, decimals = 8) => {
  const [int = '', ...rest] = raw.replace(/[^\d.]/g, '').split('.');
  return rest.length ? `${int}.${rest.join('').slice(0, decimals)}` : int;
};

/** What is wrong with the lots typed (not whole, under the minimum, over the maximum), if anything. */
function useLotsProblemText(lots: string, min: number, max: number): string | undefined {
  const { t } = useTranslation('lever');
  const problem = lotsProblem(lots, min, max);
  if (problem?.key === 'integer') return t('ui.valid.integer');
  if (problem?.key === 'belowMin') return t('ui.valid.lowerThan', { min: problem.min });
  if (problem?.key === 'aboveMax') return t('ui.valid.exceed', { max: problem.max });
  return undefined;
}

/**
 * The state of the lever order form: side, market or limit, the multiple, the lots and the limit price,
 * with the lots' problem and the live estimate (preview.ts).
 */
export function useLeverOrderForm(deal: LeverDeal | undefined, picked: { price: string; at: number } | null) {
  const [side, setSide] = useState<Side>('long');
  const [mode, setMode] = useState<Mode>('market');
  const [multiple, setMultiple] = useState('');
  const [lots, setLots] = useState('');
  const [price, setPrice] = useState('');
  const decimals = usePriceDecimals(deal ? { legalId: deal.legal_id, currencyId: deal.currency_id } : null);

  // A multiple is chosen from the start: the lowest the market offers (the least risk), until the user
  // picks another; a market that does not offer the chosen one falls back to its lowest again.
  const offeredKey = (deal?.multiple.muit ?? []).map((m) => m.value).join(',');
  useEffect(() => {
    const offered = offeredKey === '' ? [] : offeredKey.split(',');
    if (offered.length > 0 && !offered.includes(multiple))
      setMultiple(offered.sort((a, b) => Number(a) - Number(b))[0]!);
  }, [offeredKey, multiple]);

  useEffect(() => {
    if (!picked) return;
    setMode('limit');
    setPrice(picked.price);
  }, [picked]);

  const min = deal?.lever_share_limit.min ?? 1;
  const max = deal?.lever_share_limit.max ?? 0;
  const problemText = useLotsProblemText(lots, min, max);
  const effectivePrice = mode === 'market' ? (deal?.last_price ?? '') : price;
  const preview = deal
    ? leverPreview({
        price: effectivePrice,
        lots,
        multiple: Number(multiple) || 0,
        side,
        lotSize: deal.lever_share_num,
        spread: deal.spread,
        feePercent: deal.lever_trade_fee,
        available: deal.user_lever,
        liquidationPercent: deal.liquidation_rate,
      })
    : null;

  return {
    side,
    setSide,
    mode,
    setMode,
    multiple,
    setMultiple,
    lots,
    /** Whole lots only: anything but digits is dropped. */
    onLots: (raw: string) => setLots(raw.replace(/[^\d]/g, '')),
    setLots,
    price,
    onPrice: (raw: string) => setPrice(cleanPrice(raw)),
    min,
    max,
    problemText,
    effectivePrice,
    preview,
    decimals,
  };
}

export type LeverOrderForm = ReturnType<typeof useLeverOrderForm>;
