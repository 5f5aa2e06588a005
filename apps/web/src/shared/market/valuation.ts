/**
 * Valuations (what a price or a balance is worth in money) in the currency the user chose: USD by
 * default, CNY for the Chinese languages (zh, hk). The choice is kept in the browser.
 *
 * Rates come from what the server exposes: each quote currency's CNY rate (`rmb_relation` /
 * `fiat_convert_cny`: CNY per one unit). The server has no US dollar rate, so USD is reached through
 * USDT at 1 USDT = 1 USD, and the screens say so (`usdtPeg` text): a USD figure is value x CNY rate of
 * its currency / CNY rate of USDT.
 */
import { useTranslation } from 'react-i18next';
import { mulDiv, pow10 } from '@oryx/contracts/money';
import { getLocale } from '../i18n/i18n';
import { STORAGE_KEYS, storage, useStorageItem } from '../storage/storage';
import { DISPLAY_SCALE, formatDisplayMinor, groupDigits, toDisplayMinor } from '../lib/display-decimal';
import { useQuotation } from './quotation';

export const VALUATION_CURRENCIES = ['USD', 'CNY'] as const;
export type ValuationCurrency = (typeof VALUATION_CURRENCIES)[number];

export const VALUATION_SYMBOL: Record<ValuationCurrency, string> = { USD: '$', CNY: '¥' };
/** Valuations are shown to the cent. */
export const VALUATION_DECIMALS = 2;

/** CNY for the Chinese languages, USD for every other. */
export const defaultValuationCurrency = (locale: string): ValuationCurrency =>
  locale === 'zh' || locale === 'hk' ? 'CNY' : 'USD';

/** The stored choice when it is a known currency, else the language's default. */
export function valuationCurrencyOf(stored: string | null, locale: string): ValuationCurrency {
  return VALUATION_CURRENCIES.find((c) => c === stored) ?? defaultValuationCurrency(locale);
}

export const setValuationCurrency = (currency: ValuationCurrency): void =>
  storage.set(STORAGE_KEYS.valuationCurrency, currency);

/**
 * `value` (in a currency worth `cnyRate` CNY a unit) in the chosen currency, with its symbol:
 * '$96,000.00' or '¥668,553.60'. USD divides by USDT's CNY rate (1 USDT = 1 USD). '' when a rate is
 * missing or zero, so nothing invented is shown.
 */
export function formatValuation(
  value: string,
  cnyRate: string,
  currency: ValuationCurrency,
  usdtCnyRate: string | undefined,
): string {
  const v = toDisplayMinor(value);
  const cny = toDisplayMinor(cnyRate);
  if (v === null || cny === null || cny <= 0n) return '';
  const one = pow10(DISPLAY_SCALE);
  let out = mulDiv(v, cny, one, 'down');
  if (currency === 'USD') {
    const usdt = usdtCnyRate === undefined ? null : toDisplayMinor(usdtCnyRate);
    if (usdt === null || usdt <= 0n) return '';
    out = mulDiv(out, one, usdt, 'down');
  }
  const sign = out < 0n ? '-' : '';
  const text = groupDigits(formatDisplayMinor(out < 0n ? -out : out, VALUATION_DECIMALS));
  return `${sign}${VALUATION_SYMBOL[currency]}${text}`;
}

/** '≈ $1,234.56': a value already in the currency (to the cent, truncated); '' when unreadable. */
export function totalText(value: string, currency: ValuationCurrency): string {
  const v = toDisplayMinor(value);
  if (v === null) return '';
  const abs = groupDigits(formatDisplayMinor(v < 0n ? -v : v, VALUATION_DECIMALS));
  return `≈ ${v < 0n ? '-' : ''}${VALUATION_SYMBOL[currency]}${abs}`;
}

/** The USDT group's CNY rate from the quotation groups (for USD through USDT). */
export function usdtCnyRateOf(groups: { name: string; fiat_convert_cny: string }[] | undefined) {
  return groups?.find((g) => g.name === 'USDT')?.fiat_convert_cny;
}

/**
 * The chosen currency, the way to show a value in it, and the note a USD figure carries. `format`
 * takes the value and the CNY rate of the value's currency.
 */
export function useValuation() {
  const { t } = useTranslation();
  const stored = useStorageItem(STORAGE_KEYS.valuationCurrency);
  const currency = valuationCurrencyOf(stored, getLocale());
  const quotation = useQuotation();
  const usdtCny = usdtCnyRateOf(quotation.data);
  return {
    currency,
    format: (value: string, cnyRate: string) => formatValuation(value, cnyRate, currency, usdtCny),
    /** A total the server valued in both USDT and CNY: '≈ ¥1,234.56' or '≈ $176.54' (USDT as USD). */
    total: (usdt: string, cny: string) => totalText(currency === 'USD' ? usdt : cny, currency),
    /** Says how the figure was reached: '' for CNY, '1 USDT ≈ 1 USD' for USD. */
    note: currency === 'USD' ? t('valuation.usdtPeg') : '',
  };
}
