/**
 * The C2C terms, in one place so tests and the README read them from here. The fee rate (`out_fee`,
 * basis points of the deal's coins, kept from the buyer's side on release) is the environment's
 * `C2C_OUT_FEE_BPS` (default 0); fixed here: the payment window after which an unpaid deal cancels itself, an ad's lifetime, and the daily cancel
 * limit per user (UTC day).
 */
export const C2C_TERMS = {
  payWindowMs: 24 * 3600_000,
  adLifetimeMs: 24 * 3600_000,
  cancelsPerDay: 3,
} as const;

export type C2cTerms = {
  payWindowMs: number;
  adLifetimeMs: number;
  cancelsPerDay: number;
};

/** Job kinds (modules/scheduler): an unpaid deal's expiry, an ad's auto-withdrawal. */
export const DEAL_EXPIRE_JOB = 'p2p.deal_expire';
export const AD_EXPIRE_JOB = 'p2p.ad_expire';
/** When a timer finds the ad with a deal in progress, it looks again this much later. */
export const AD_EXPIRE_RETRY_MS = 3600_000;

/** Fiat prices have 2 decimals. */
export const FIAT_SCALE = 2;

/** The payment window of an ad or a deal (ms): its own, or the terms' default when it has none. */
export const payWindowOf = (row: { pay_window_ms: number }): number =>
  row.pay_window_ms > 0 ? row.pay_window_ms : C2C_TERMS.payWindowMs;
