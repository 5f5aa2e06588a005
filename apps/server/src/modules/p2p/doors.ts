/**
 * The two front doors of the deal engine, C2C and shop: what a take of each kind of ad asks for and
 * checks, the payment window of its deals, when the daily cancel limit counts, and whether the
 * parties' rooms hear of each move. Everything else (the state table, escrow, timers, notices) is the
 * engine's and the same for both.
 */
import { SHOP_MEANS } from '@oryx/contracts/p2p/shop-calls';
import { AppError } from '../../lib/app-error';
import { payWindowOf } from './config';
import { DEAL_STATE } from './deal-states';
import { AD_STATUS, type P2pAd, type P2pDeal } from './repo';
import { SHOP_TERMS } from './shop/config';
import { checkTakeLimits, TAKE_MEANS, wantedTake, wholeTake, type Take } from './take-amount';

export type DealDoor = 'c2c' | 'shop';

/** What a take asks for on the wire. */
export interface TakeAmount {
  means?: unknown;
  value?: unknown;
}

export interface Door {
  /** The amount and the ad's rules before the guards (nothing recorded yet), on the first read. */
  firstCheck(ad: P2pAd, userId: number, scale: number, amount: TakeAmount): void;
  /** The same in the transaction, on the ad read there: the take to open. */
  take(ad: P2pAd, userId: number, scale: number, amount: TakeAmount): Take;
  /** The taker who sells (on a buy ad) needs payment details for the ad's way, not only some. */
  sellerNeedsWay: boolean;
  /** The deal's own payment window (0: the terms'), and when its expiry timer is due after the take. */
  dealWindowMs(ad: P2pAd): number;
  dueAfterMs(ad: P2pAd): number;
  /** Whether the buyer's cancel counts against the daily limit before the table's check. */
  cancelCounts(deal: P2pDeal): boolean;
  /** Whether both parties' rooms get `c2c_deal` after each move (push.ts). */
  pushes: boolean;
}

const none = (v: unknown) => v === undefined || v === null || v === '';
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/** C2C: without an amount everything left (within the maximum), else `means` (default coins) / `value`. */
function c2cTake(ad: P2pAd, scale: number, amount: TakeAmount): Take {
  if (none(amount.means) && none(amount.value)) return wholeTake(ad, scale);
  const means = none(amount.means) ? 'number' : amount.means;
  if (!oneOf(TAKE_MEANS, means)) throw new AppError('SHOP_MEANS_UNKNOWN');
  return wantedTake(ad, scale, means, amount.value);
}

/** Shop: `means` is required. */
function shopTake(ad: P2pAd, scale: number, amount: TakeAmount): Take {
  if (!oneOf(SHOP_MEANS, amount.means)) throw new AppError('SHOP_MEANS_UNKNOWN');
  return wantedTake(ad, scale, amount.means, amount.value);
}

/** A shop ad's rules for one deal: open, on the shelf, not one's own, then its limits and what is left. */
function checkShopTake(ad: P2pAd, userId: number, take: Take, scale: number) {
  if (ad.status !== AD_STATUS.open) throw new AppError('P2P_AD_CLOSED');
  if (ad.is_shelves !== 1) throw new AppError('SHOP_OFF_SHELF');
  if (ad.user_id === userId) throw new AppError('P2P_AD_OWN');
  checkTakeLimits(ad, take, scale);
}

export const DOORS: Record<DealDoor, Door> = {
  c2c: {
    firstCheck(ad, _userId, scale, amount) {
      if (ad.surplus_minor > 0n) c2cTake(ad, scale, amount);
    },
    take(ad, userId, scale, amount) {
      if (ad.surplus_minor <= 0n)
        throw new AppError(ad.status === AD_STATUS.open ? 'P2P_AD_SOLD_OUT' : 'P2P_AD_CLOSED');
      const take = c2cTake(ad, scale, amount);
      // One's own or a closed ad: the engine's refusal (P2P_AD_OWN, P2P_AD_CLOSED) comes first.
      if (ad.user_id !== userId && ad.status === AD_STATUS.open) checkTakeLimits(ad, take, scale);
      return take;
    },
    sellerNeedsWay: true,
    dealWindowMs: (ad) => ad.pay_window_ms,
    dueAfterMs: (ad) => payWindowOf(ad),
    cancelCounts: () => true,
    pushes: true,
  },
  shop: {
    firstCheck(ad, userId, scale, amount) {
      checkShopTake(ad, userId, shopTake(ad, scale, amount), scale);
    },
    take(ad, userId, scale, amount) {
      const take = shopTake(ad, scale, amount);
      checkShopTake(ad, userId, take, scale);
      return take;
    },
    sellerNeedsWay: false,
    dealWindowMs: () => 0,
    dueAfterMs: () => SHOP_TERMS.payWindowMs,
    cancelCounts: (deal) => deal.is_sure === DEAL_STATE.waiting,
    pushes: false,
  },
};
