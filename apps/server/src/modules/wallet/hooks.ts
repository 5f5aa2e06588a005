/**
 * What the wallet module needs from areas that do not exist yet (or must not be imported here):
 *
 * - `setLeverPositionsCheck(fn)`: the lever module tells the wallet whether a user has open lever
 *   positions (or pending lever orders) settled in a currency. While it does, transfers OUT of the
 *   lever wallet in that currency are refused (docs/business-rules.md, "Wallets"). Default: none.
 * - `setUsdtPriceSource(fn)`: the spot module provides last trade prices in USDT. Valuation uses them
 *   where known and each currency's `reference_usdt_price_minor` otherwise. Default: reference prices.
 *
 * Each is set once at start-up (module import time); tests may set and reset them.
 */
import type { Db } from '../../db/connection';

/** Whether `userId` has open lever positions whose margin is in `currencyId`. */
export type LeverPositionsCheck = (db: Db, userId: number, currencyId: number) => Promise<boolean>;
/** USDT price (scale 8: minor units of USDT per 1 whole unit of the currency) per currency id, where known. */
export type UsdtPriceSource = (db: Db) => Promise<Map<number, bigint>>;

const noPositions: LeverPositionsCheck = async () => false;
const noPrices: UsdtPriceSource = async () => new Map();

let leverCheck: LeverPositionsCheck = noPositions;
let priceSource: UsdtPriceSource = noPrices;

export function setLeverPositionsCheck(check: LeverPositionsCheck | null): void {
  leverCheck = check ?? noPositions;
}
export function hasOpenLeverPositions(db: Db, userId: number, currencyId: number): Promise<boolean> {
  return leverCheck(db, userId, currencyId);
}

export function setUsdtPriceSource(source: UsdtPriceSource | null): void {
  priceSource = source ?? noPrices;
}
export function lastUsdtPrices(db: Db): Promise<Map<number, bigint>> {
  return priceSource(db);
}
