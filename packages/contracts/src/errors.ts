/**
 * Error codes, grouped by area. Each maps once to a reply `type` and HTTP status here, and to the
 * i18n key `errors.<CODE>` in every locale (packages/i18n/locales/<lang>/errors.json).
 * Areas add their codes to this table; nothing else decides how an error is sent.
 */
import type { ReplyTypeValue } from './envelope';

export interface ErrorSpec {
  type: Exclude<ReplyTypeValue, 'ok'>;
  status: number;
}

export const ERROR_CODES = {
  // Generic request problems
  BAD_REQUEST: { type: 'error', status: 400 },
  VALIDATION: { type: 'error', status: 400 },
  BODY_TOO_LARGE: { type: 'error', status: 413 },
  NOT_FOUND: { type: 'error', status: 404 },
  METHOD_NOT_ALLOWED: { type: 'error', status: 405 },
  RATE_LIMITED: { type: 'error', status: 429 },
  CONFLICT: { type: 'error', status: 409 },
  IDEMPOTENCY_MISMATCH: { type: 'error', status: 409 },
  INTERNAL: { type: 'error', status: 500 },
  // Session and permissions (global types of the specification's catalogue)
  AUTH_REQUIRED: { type: '999', status: 401 },
  AUTH_EXPIRED: { type: '999', status: 401 },
  FORBIDDEN: { type: 'error', status: 403 },
  TRADE_PASSWORD_MISSING: { type: '996', status: 403 },
  TRADE_PASSWORD_MISSING_LEGACY: { type: 'not', status: 403 },
  PAYMENT_DETAILS_MISSING: { type: '997', status: 403 },
  IDENTITY_REQUIRED: { type: '998', status: 403 },
  // Ledger and wallets (modules/ledger, modules/wallet)
  LEDGER_INSUFFICIENT: { type: 'error', status: 400 },
  LEDGER_FROZEN_INSUFFICIENT: { type: 'error', status: 409 },
  WALLET_UNKNOWN: { type: 'error', status: 400 },
  WALLET_SAME: { type: 'error', status: 400 },
  WALLET_CURRENCY_UNKNOWN: { type: 'error', status: 400 },
  WALLET_CURRENCY_NOT_ENABLED: { type: 'error', status: 400 },
  WALLET_AMOUNT_REQUIRED: { type: 'error', status: 400 },
  WALLET_AMOUNT_INVALID: { type: 'error', status: 400 },
  WALLET_AMOUNT_NOT_POSITIVE: { type: 'error', status: 400 },
  WALLET_AMOUNT_TOO_MANY_DECIMALS: { type: 'error', status: 400 },
  WALLET_AMOUNT_TOO_LARGE: { type: 'error', status: 400 },
  WALLET_LEVER_POSITIONS_OPEN: { type: 'error', status: 409 },
  WALLET_NOT_YOURS: { type: 'error', status: 403 },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;
