/**
 * Valuation of balances in USDT and CNY. Prices are scale 8 (minor units of USDT per one whole unit);
 * values are computed exactly and rounded DOWN once (display rounding: a screen never shows more than
 * the user has). CNY goes through USDT's `cny_rate_minor` (the USDT group's fiat_convert_cny).
 */
import { mulDiv, pow10 } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import type { UsdtPriceSource } from '../../lib/seams';
import type { CurrencyRow } from '../catalog/repo';

export const PRICE_SCALE = 8;
export const USDT_NAME = 'USDT';

export interface Valuation {
  /** USDT price per currency id (scale 8). */
  usdtPrice: Map<number, bigint>;
  /** CNY per 1 USDT (scale 8). */
  cnyPerUsdt: bigint;
  /** USDT's own scale (values are in USDT minor units). */
  usdtScale: number;
}

export async function loadValuation(
  db: Db,
  currencies: CurrencyRow[],
  usdtPrices: UsdtPriceSource,
): Promise<Valuation> {
  const last = await usdtPrices(db);
  const usdtPrice = new Map<number, bigint>();
  for (const c of currencies) {
    const known = last.get(c.id);
    usdtPrice.set(c.id, known !== undefined && known > 0n ? known : c.reference_usdt_price_minor);
  }
  const usdt = currencies.find((c) => c.name === USDT_NAME);
  if (usdt) usdtPrice.set(usdt.id, pow10(PRICE_SCALE));
  return { usdtPrice, cnyPerUsdt: usdt?.cny_rate_minor ?? 0n, usdtScale: usdt?.scale ?? 8 };
}

/** Value in USDT minor units of `amountMinor` of a currency with `scale`. */
export function usdtValue(
  v: Valuation,
  currency: { id: number; scale: number },
  amountMinor: bigint,
): bigint {
  const price = v.usdtPrice.get(currency.id) ?? 0n;
  // amount / 10^scale * price / 10^8 * 10^usdtScale
  const shift = currency.scale + PRICE_SCALE - v.usdtScale;
  return shift >= 0 ? mulDiv(amountMinor, price, pow10(shift), 'down') : amountMinor * price * pow10(-shift);
}

/** CNY (at USDT's scale) of a USDT amount. */
export function cnyOfUsdt(v: Valuation, usdtMinor: bigint): bigint {
  return mulDiv(usdtMinor, v.cnyPerUsdt, pow10(PRICE_SCALE), 'down');
}

/** The price of one unit in CNY (scale 8). */
export function cnyPrice(v: Valuation, currencyId: number): bigint {
  return mulDiv(v.usdtPrice.get(currencyId) ?? 0n, v.cnyPerUsdt, pow10(PRICE_SCALE), 'down');
}
