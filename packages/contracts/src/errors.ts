/**
 * Error codes, grouped by area. Each maps once to a reply `type` and a status here, and to the i18n key
 * `errors.<CODE>` in every locale (packages/i18n/locales/<lang>/errors.json).
 * Areas add their codes to this table; nothing else decides how an error is sent.
 */
import type { ReplyTypeValue } from './envelope';

export interface ErrorSpec {
  type: Exclude<ReplyTypeValue, 'ok'>;
  /**
   * What the refusal means in HTTP terms. A refusal raised by a call's rules is SENT with HTTP 200 (the
   * API family's clients read refusals from successful responses; apps/server/src/plugins/errors.ts);
   * this status is sent only by the transport-level replies (unknown route, unreadable body, rate
   * limiter) and for server faults (5xx).
   */
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
  // Spot trading (modules/spot)
  SPOT_MARKET_UNKNOWN: { type: 'error', status: 400 },
  SPOT_MARKET_CLOSED: { type: 'error', status: 400 },
  SPOT_TYPE_INVALID: { type: 'error', status: 400 },
  SPOT_PRICE_REQUIRED: { type: 'error', status: 400 },
  SPOT_PRICE_INVALID: { type: 'error', status: 400 },
  SPOT_PRICE_TOO_MANY_DECIMALS: { type: 'error', status: 400 },
  SPOT_PRICE_TICK: { type: 'error', status: 400 },
  SPOT_PRICE_MAX: { type: 'error', status: 400 },
  SPOT_AMOUNT_REQUIRED: { type: 'error', status: 400 },
  SPOT_AMOUNT_INVALID: { type: 'error', status: 400 },
  SPOT_AMOUNT_TOO_MANY_DECIMALS: { type: 'error', status: 400 },
  SPOT_AMOUNT_STEP: { type: 'error', status: 400 },
  SPOT_AMOUNT_MIN: { type: 'error', status: 400 },
  SPOT_AMOUNT_MAX: { type: 'error', status: 400 },
  SPOT_NOTIONAL_MIN: { type: 'error', status: 400 },
  SPOT_QUOTE_MAX: { type: 'error', status: 400 },
  SPOT_NO_LIQUIDITY: { type: 'error', status: 400 },
  SPOT_SELF_TRADE: { type: 'error', status: 400 },
  SPOT_ORDER_NOT_FOUND: { type: 'error', status: 404 },
  SPOT_ORDER_NOT_OPEN: { type: 'error', status: 409 },
  SPOT_OPEN_ORDERS_MAX: { type: 'error', status: 409 },
  SPOT_BUSY: { type: 'error', status: 503 },
  SPOT_PERIOD_INVALID: { type: 'error', status: 400 },
  // Accounts: codes, registration, login, passwords, identity, bank and payment details
  AUTH_ACCOUNT_REQUIRED: { type: 'error', status: 400 },
  AUTH_PASSWORD_SHORT: { type: 'error', status: 400 },
  AUTH_CODE_REQUIRED: { type: 'error', status: 400 },
  AUTH_INVITE_REQUIRED: { type: 'error', status: 400 },
  AUTH_INVITE_INVALID: { type: 'error', status: 400 },
  AUTH_PASSWORD_LENGTH: { type: 'error', status: 400 },
  AUTH_REPASSWORD_REQUIRED: { type: 'error', status: 400 },
  AUTH_PASSWORD_MISMATCH: { type: 'error', status: 400 },
  AUTH_PASSWORDS_REQUIRED: { type: 'error', status: 400 },
  AUTH_EMAIL_INVALID: { type: 'error', status: 400 },
  AUTH_PHONE_INVALID: { type: 'error', status: 400 },
  AUTH_AREA_CODE_INVALID: { type: 'error', status: 400 },
  AUTH_OLD_PASSWORD_REQUIRED: { type: 'error', status: 400 },
  AUTH_OLD_PASSWORD_WRONG: { type: 'error', status: 400 },
  AUTH_LOGIN_FAILED: { type: 'error', status: 400 },
  AUTH_LOGIN_LOCKED: { type: 'error', status: 429 },
  AUTH_LOGIN_THROTTLED: { type: 'error', status: 429 },
  AUTH_ACCOUNT_UNAVAILABLE: { type: 'error', status: 409 },
  CODE_INVALID: { type: 'error', status: 400 },
  CODE_TOO_SOON: { type: 'error', status: 429 },
  CODE_LIMIT_DESTINATION: { type: 'error', status: 429 },
  CODE_LIMIT_IP: { type: 'error', status: 429 },
  TRADE_PASSWORD_REQUIRED: { type: 'error', status: 400 },
  TRADE_PASSWORD_WRONG: { type: 'error', status: 400 },
  TRADE_PASSWORD_LOCKED: { type: 'error', status: 429 },
  /** judge_password's "none set" answer: a normal reply to a question, so HTTP 200. */
  TRADE_PASSWORD_NOT_SET: { type: 'error', status: 200 },
  KYC_NAME_REQUIRED: { type: 'error', status: 400 },
  KYC_CARD_REQUIRED: { type: 'error', status: 400 },
  KYC_IMAGES_REQUIRED: { type: 'error', status: 400 },
  KYC_IMAGE_INVALID: { type: 'error', status: 400 },
  KYC_ALREADY_SUBMITTED: { type: 'error', status: 409 },
  KYC_ALREADY_CERTIFIED: { type: 'error', status: 409 },
  KYC_NOT_PENDING: { type: 'error', status: 409 },
  KYC_REASON_REQUIRED: { type: 'error', status: 400 },
  UPLOAD_REQUIRED: { type: 'error', status: 400 },
  UPLOAD_NOT_IMAGE: { type: 'error', status: 415 },
  UPLOAD_TOO_LARGE: { type: 'error', status: 413 },
  BANK_NAME_REQUIRED: { type: 'error', status: 400 },
  BANK_OTHER_REQUIRED: { type: 'error', status: 400 },
  BANK_ACCOUNT_REQUIRED: { type: 'error', status: 400 },
  BANK_FIELD_TOO_LONG: { type: 'error', status: 400 },
  BANK_CODE_INVALID: { type: 'error', status: 400 },
  EMAIL_REQUIRED: { type: 'error', status: 400 },
  CASH_REAL_NAME_REQUIRED: { type: 'error', status: 400 },
  CASH_BANK_NAME_REQUIRED: { type: 'error', status: 400 },
  CASH_BANK_ACCOUNT_REQUIRED: { type: 'error', status: 400 },
  CASH_ALIPAY_REQUIRED: { type: 'error', status: 400 },
  CASH_WECHAT_ACCOUNT_REQUIRED: { type: 'error', status: 400 },
  CASH_WECHAT_NICKNAME_REQUIRED: { type: 'error', status: 400 },
  CASH_QR_REQUIRED: { type: 'error', status: 400 },
  CASH_QR_INVALID: { type: 'error', status: 400 },
  CASH_FIELD_TOO_LONG: { type: 'error', status: 400 },
  ACCOUNT_NICKNAME_REQUIRED: { type: 'error', status: 400 },
  // Seconds options (modules/micro)
  MICRO_NUMBER_REQUIRED: { type: 'error', status: 400 },
  MICRO_NUMBER_INVALID: { type: 'error', status: 400 },
  MICRO_NUMBER_BELOW_MIN: { type: 'error', status: 400 },
  MICRO_NUMBER_ABOVE_MAX: { type: 'error', status: 400 },
  MICRO_TYPE_INVALID: { type: 'error', status: 400 },
  MICRO_MARKET_CLOSED: { type: 'error', status: 400 },
  MICRO_CURRENCY_UNKNOWN: { type: 'error', status: 400 },
  MICRO_SECONDS_UNKNOWN: { type: 'error', status: 400 },
  MICRO_NO_PRICE: { type: 'error', status: 409 },
  MICRO_INSUFFICIENT: { type: 'error', status: 400 },
  MICRO_TOO_MANY_OPEN: { type: 'error', status: 409 },
  MICRO_ORDER_NOT_FOUND: { type: 'error', status: 404 },
  MICRO_ORDER_NOT_CLOSED: { type: 'error', status: 409 },
  MICRO_CONFIG_INVALID: { type: 'error', status: 400 },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;
