/**
 * How much a take of an ad asks for and whether the ad's per-deal limits allow it, for C2C and shop
 * ads alike. The limits (`min_minor`, `max_minor`) are fiat money: a take's money must lie within
 * them, except that the minimum does not bind a take of everything left.
 */
import { formatMinor, formatMinorPlain, mulDiv, pow10 } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import { FIAT_SCALE } from './config';
import type { P2pAd } from './repo';
import { positiveAmount } from './shop/common';

export const TAKE_MEANS = ['money', 'number'] as const;
export type TakeMeans = (typeof TAKE_MEANS)[number];

export interface Take {
  number: bigint;
  money: bigint;
}

const moneyOf = (ad: P2pAd, number: bigint, scale: number, dir: 'up' | 'down') =>
  mulDiv(ad.price_minor, number, pow10(scale), dir);

/**
 * `number` coins as given (its money: coins × price, rounded up), or `money` as typed (its coins:
 * money ÷ price, rounded down to the coin's scale).
 */
export function wantedTake(ad: P2pAd, scale: number, means: TakeMeans, value: unknown): Take {
  if (means === 'number') {
    const number = positiveAmount(value, scale);
    return { number, money: moneyOf(ad, number, scale, 'up') };
  }
  const money = positiveAmount(value, FIAT_SCALE);
  const number = mulDiv(money, pow10(scale), ad.price_minor, 'down');
  if (number <= 0n) throw new AppError('P2P_INPUT_INVALID');
  return { number, money };
}

/**
 * A take without an amount (as the specification's clients send it): everything left, or as much as
 * the ad's maximum allows when what is left is worth more.
 */
export function wholeTake(ad: P2pAd, scale: number): Take {
  const all = { number: ad.surplus_minor, money: moneyOf(ad, ad.surplus_minor, scale, 'up') };
  if (ad.max_minor <= 0n || all.money <= ad.max_minor) return all;
  const number = mulDiv(ad.max_minor, pow10(scale), ad.price_minor, 'down');
  return { number, money: moneyOf(ad, number, scale, 'up') };
}

/** '10.00' -> '10' for messages. */
const plain = (minor: bigint) => formatMinorPlain(minor, FIAT_SCALE);

/** The ad's per-deal limits and what is left (`SHOP_BELOW_MIN`, `SHOP_ABOVE_MAX`, `P2P_AD_SOLD_OUT`). */
export function checkTakeLimits(ad: P2pAd, take: Take, scale: number): void {
  const { number, money } = take;
  const all = number === ad.surplus_minor || money >= moneyOf(ad, ad.surplus_minor, scale, 'down');
  if (ad.min_minor > 0n && money < ad.min_minor && !all) {
    throw new AppError('SHOP_BELOW_MIN', { min: `${plain(ad.min_minor)} ${ad.coin_code}` });
  }
  if (ad.max_minor > 0n && money > ad.max_minor) {
    throw new AppError('SHOP_ABOVE_MAX', { max: `${plain(ad.max_minor)} ${ad.coin_code}` });
  }
  if (number > ad.surplus_minor) throw new AppError('P2P_AD_SOLD_OUT');
}

/**
 * The limits as the rows show them, fiat money; an ad without a maximum of its own shows the money of
 * what is left (rounded down), so a client checking the typed money against it never asks for more.
 */
export function limitationOf(ad: P2pAd, scale: number) {
  const max = ad.max_minor > 0n ? ad.max_minor : moneyOf(ad, ad.surplus_minor, scale, 'down');
  return { min: formatMinor(ad.min_minor, FIAT_SCALE), max: formatMinor(max, FIAT_SCALE) };
}

/**
 * Optional per-deal limits of a new ad, fiat money at most what the whole ad is worth, the minimum at
 * most the maximum (`SHOP_LIMITS_INVALID`).
 */
export function adLimits(input: {
  min?: unknown;
  max?: unknown;
  price: bigint;
  total: bigint;
  scale: number;
}) {
  const min = positiveAmount(input.min, FIAT_SCALE, { optional: true });
  const max = positiveAmount(input.max, FIAT_SCALE, { optional: true });
  const worth = mulDiv(input.price, input.total, pow10(input.scale), 'up');
  if (max > worth || (max > 0n && min > max) || min > worth) throw new AppError('SHOP_LIMITS_INVALID');
  return { min, max };
}
