/** Reading Binance's request parameters (query and body merged, as strings) with Binance's refusals. */
import { binanceErrors } from './errors';

export type Params = Record<string, string | undefined>;

/** Rows a list call answers at most, and by default. */
export const LIST_MAX = 1000;
export const LIST_DEFAULT = 500;

/** The signed key's user, as the calls need it. */
export interface ApiUser {
  userId: number;
  hasTradePassword: boolean;
  isTradeFrozen: boolean;
}

export const int = (
  p: Params,
  name: string,
  opts: { min?: number; max?: number } = {},
): number | undefined => {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  if (!/^-?\d{1,16}$/.test(v)) throw binanceErrors.illegalChars(name);
  const n = Number(v);
  if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max))
    throw binanceErrors.badParam(`Parameter '${name}' is out of range.`);
  return n;
};

export const decimalText = (p: Params, name: string): string | undefined => {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,20}(\.\d{1,30})?$/.test(v)) throw binanceErrors.illegalChars(name);
  return v;
};

export const required = <T>(v: T | undefined, name: string): T => {
  if (v === undefined) throw binanceErrors.mandatory(name);
  return v;
};
