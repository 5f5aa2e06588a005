/**
 * Binance's error bodies `{code, msg}` and how Oryx's refusals map to them. Every refusal of `/api/v3`
 * leaves through `BinanceError` (routes.ts installs the scope's own error handler), never the envelope
 * of the rest of the API.
 */
import type { ErrorCode } from '@oryx/contracts/errors';
import { AppError } from '../../lib/app-error';

export class BinanceError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    readonly msg: string,
    /** Seconds, for a 429. */
    readonly retryAfterS?: number,
  ) {
    super(msg);
  }
}

export const binanceErrors = {
  unknown: () => new BinanceError(500, -1000, 'An unknown error occurred while processing the request.'),
  tooMuchWeight: (limit: number, retryAfterS: number) =>
    new BinanceError(
      429,
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      retryAfterS,
    ),
  tooManyOrders: (limit: number, per: string, retryAfterS: number) =>
    new BinanceError(
      429,
      -1015,
      `Too many new orders; current limit is ${limit} orders per ${per}.`,
      retryAfterS,
    ),
  timestamp: () => new BinanceError(400, -1021, 'Timestamp for this request is outside of the recvWindow.'),
  signature: () => new BinanceError(400, -1022, 'Signature for this request is not valid.'),
  illegalChars: (what: string) =>
    new BinanceError(400, -1100, `Illegal characters found in parameter '${what}'.`),
  mandatory: (name: string) =>
    new BinanceError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  unknownParam: (msg: string) => new BinanceError(400, -1104, msg),
  badParam: (msg: string) => new BinanceError(400, -1100, msg),
  badInterval: () => new BinanceError(400, -1120, 'Invalid interval.'),
  badSymbol: () => new BinanceError(400, -1121, 'Invalid symbol.'),
  badTimeInForce: () => new BinanceError(400, -1115, 'Invalid timeInForce.'),
  badOrderType: () => new BinanceError(400, -1116, 'Invalid orderType.'),
  badSide: () => new BinanceError(400, -1117, 'Invalid side.'),
  badListenKey: () => new BinanceError(400, -1125, 'This listenKey does not exist.'),
  recvWindow: () => new BinanceError(400, -1131, 'recvWindow must be less than 60000'),
  filter: (name: string) => new BinanceError(400, -1013, `Filter failure: ${name}`),
  newOrderRejected: (msg: string) => new BinanceError(400, -2010, msg),
  cancelRejected: () => new BinanceError(400, -2011, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(400, -2013, 'Order does not exist.'),
  keyFormat: () => new BinanceError(401, -2014, 'API-key format invalid.'),
  keyRejected: () => new BinanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.'),
};

/** A spot refusal of a rule a Binance filter states: the filter's name. */
const FILTER_OF: Partial<Record<ErrorCode, string>> = {
  SPOT_PRICE_TICK: 'PRICE_FILTER',
  SPOT_PRICE_MAX: 'PRICE_FILTER',
  SPOT_PRICE_TOO_MANY_DECIMALS: 'PRICE_FILTER',
  SPOT_AMOUNT_STEP: 'LOT_SIZE',
  SPOT_AMOUNT_MIN: 'LOT_SIZE',
  SPOT_AMOUNT_MAX: 'LOT_SIZE',
  SPOT_AMOUNT_TOO_MANY_DECIMALS: 'LOT_SIZE',
  SPOT_NOTIONAL_MIN: 'NOTIONAL',
  SPOT_OPEN_ORDERS_MAX: 'MAX_NUM_ORDERS',
};

/** Binance's words for the refusals its clients recognise (ccxt reads them). */
const NEW_ORDER_MSG: Partial<Record<ErrorCode, string>> = {
  LEDGER_INSUFFICIENT: 'Account has insufficient balance for requested action.',
  SPOT_NO_LIQUIDITY: 'Order book liquidity is less than LOT_SIZE filter minimum quantity.',
  SPOT_MARKET_CLOSED: 'Market is closed.',
  SPOT_SELF_TRADE: 'Order would trade with your own order.',
  SPOT_POST_ONLY_WOULD_TRADE: 'Order would immediately match and take.',
  IDEMPOTENCY_MISMATCH: 'Duplicate order sent.',
  SPOT_BUSY: 'Service unavailable, please retry.',
  ACCOUNT_TRADE_FROZEN: 'This action is disabled on this account.',
  TRADE_PASSWORD_MISSING_LEGACY: 'Set a transaction password on the account before trading.',
};

/** A place refusal of the spot service as Binance says it. */
export function newOrderRefusal(err: AppError): BinanceError {
  const filter = FILTER_OF[err.code];
  if (filter) return binanceErrors.filter(filter);
  if (err.code === 'SPOT_MARKET_UNKNOWN') return binanceErrors.badSymbol();
  if (err.code === 'SPOT_PRICE_INVALID' || err.code === 'SPOT_PRICE_REQUIRED')
    return binanceErrors.badParam("Illegal characters found in parameter 'price'.");
  if (err.code === 'SPOT_AMOUNT_INVALID' || err.code === 'SPOT_AMOUNT_REQUIRED')
    return binanceErrors.badParam("Illegal characters found in parameter 'quantity'.");
  if (err.code === 'SPOT_BUSY') return new BinanceError(503, -1008, NEW_ORDER_MSG.SPOT_BUSY!);
  return binanceErrors.newOrderRejected(NEW_ORDER_MSG[err.code] ?? err.code);
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
