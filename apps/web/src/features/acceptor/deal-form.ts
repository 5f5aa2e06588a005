/**
 * The acceptor deal form's rules, pure: the checks in the form's order (phone, trade account, money
 * greater than 0, payment way) and the coin estimate at the acceptor's rate, rounded as the server does
 * (a buy down, a sell up). The server checks everything again.
 */
import { mulDiv, pow10 } from '@oryx/contracts/money';
import { DISPLAY_SCALE, formatDisplayMinor, toDisplayMinor } from '../../shared/lib/display-decimal';

export interface DealFormValues {
  mobile: string;
  account: string;
  money: string;
  way: string;
}

export type DealFormError = 'errMobile' | 'errAccount' | 'errMoney' | 'errWay';

const MONEY_RE = /^\d{1,12}(\.\d{1,2})?$/;

/** The first problem of the form, as an `acceptor:form.*` text key; null when it may be sent. */
export function checkDealForm(v: DealFormValues): { field: keyof DealFormValues; key: DealFormError } | null {
  if (!/^\+?[0-9 -]{5,20}$/.test(v.mobile.trim())) return { field: 'mobile', key: 'errMobile' };
  if (v.account.trim() === '') return { field: 'account', key: 'errAccount' };
  const money = v.money.trim();
  if (!MONEY_RE.test(money) || toDisplayMinor(money) === 0n) return { field: 'money', key: 'errMoney' };
  if (v.way === '') return { field: 'way', key: 'errWay' };
  return null;
}

/** money ÷ rate with `decimals` places: what a buy gets (down) or a sell gives (up); '' if not computable. */
export function coinEstimate(money: string, rate: string, decimals: number, side: 'buy' | 'sell'): string {
  const m = MONEY_RE.test(money.trim()) ? toDisplayMinor(money.trim()) : null;
  const r = toDisplayMinor(rate);
  if (m === null || r === null || m <= 0n || r <= 0n) return '';
  const unit = pow10(DISPLAY_SCALE - decimals);
  const coins = mulDiv(m, pow10(decimals), r, side === 'buy' ? 'down' : 'up');
  return formatDisplayMinor(coins * unit, decimals);
}
