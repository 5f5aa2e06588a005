/** Checks every shop call shares: strict amounts, the legal currency, the seller and their shop. */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../../db/connection';
import { AppError } from '../../../lib/app-error';
import { AD_STATUS, p2pRepo, type P2pAd } from '../repo';
import { shopRepo, type Shop } from './repo';
import { catalogRepo } from '../../catalog/repo';
import { isSeller } from '../../users/repo';

export const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/**
 * A positive decimal with at most `scale` decimals: no exponent, no sign, no zero (P2P_INPUT_INVALID).
 * `optional` lets an empty value through as 0n (the limits of an ad).
 */
export function positiveAmount(v: unknown, scale: number, opts: { optional?: boolean } = {}): bigint {
  if (opts.optional && (v === undefined || v === null || v === '')) return 0n;
  let n: bigint;
  try {
    n = parseDecimal(v, scale);
  } catch {
    throw new AppError('P2P_INPUT_INVALID');
  }
  if (n <= 0n && !(opts.optional && n === 0n)) throw new AppError('P2P_INPUT_INVALID');
  return n;
}

/** A legal-wallet currency by id, with its name and scale. */
export async function legalCurrency(db: Db, id: unknown) {
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw new AppError('P2P_CURRENCY_UNKNOWN');
  const c = await catalogRepo.currency(db, n);
  if (c?.is_legal !== 1) throw new AppError('P2P_CURRENCY_UNKNOWN');
  return { id: c.id, name: c.name, scale: c.scale };
}

/** The user's shop for a currency; SHOP_NOT_SELLER unless the user is a seller with that shop. */
export async function ownShopFor(db: Db, userId: number, currencyId: number): Promise<Shop> {
  const shop = (await isSeller(db, userId)) ? await shopRepo.findShopOf(db, userId, currencyId) : undefined;
  if (!shop) throw new AppError('SHOP_NOT_SELLER');
  return shop;
}

/** One of the user's shops by id (anyone else's: not found). */
export async function ownShop(db: Db, userId: number, shopId: number): Promise<Shop> {
  const shop = await shopRepo.findShop(db, shopId);
  if (!shop || shop.user_id !== userId) throw new AppError('SHOP_NOT_FOUND');
  return shop;
}

/** A shop ad by id (a C2C ad or none: not found). */
export async function shopAd(db: Db, id: number): Promise<P2pAd> {
  const ad = await p2pRepo.findAd(db, id);
  if (!ad || ad.kind !== 'shop') throw new AppError('P2P_AD_NOT_FOUND');
  return ad;
}

/** One of the user's shop ads. */
export async function ownShopAd(db: Db, userId: number, id: number): Promise<P2pAd> {
  const ad = await shopAd(db, id);
  if (ad.user_id !== userId) throw new AppError('P2P_AD_NOT_FOUND');
  return ad;
}

export const isOpenAd = (ad: P2pAd) => ad.status === AD_STATUS.open;
