/**
 * Merchant-shop terms, in one place so tests and the README read them from here. Shop deals use the
 * C2C fee rate (`C2C_OUT_FEE_BPS`) and the same payment window (24 hours, the fiat orders' stated limit); shop ads do not
 * expire on their own: the seller takes them off the shelf or withdraws them.
 */
import { C2C_TERMS } from '../config';

export const SHOP_TERMS = {
  payWindowMs: C2C_TERMS.payWindowMs,
  cancelsPerDay: C2C_TERMS.cancelsPerDay,
} as const;

/** Days counted by a shop's "30 days" figure. */
export const SHOP_RECENT_DAYS = 30;
/** Ledger reasons of shop-balance transfers (`shop.ledgerReason.*` in the i18n `shop` namespace). */
export const SHOP_REASONS = { in: 'shop.transfer_in', out: 'shop.transfer_out' } as const;
