/**
 * Seconds options ("micro", with the `micro_closed` push of ../socket), the public settlement
 * proof, and the operator's configuration under /api/admin/micro/*.
 *
 * Amounts and prices leave as decimal strings; `number` (the stake) is a whole number of the paying
 * currency; `profit_ratio` and `micro_trade_fee` are percents. Inputs are loose on purpose (legacy
 * clients send numbers or strings, and lose GET parameters): the server validates them itself, so a bad
 * value gets the micro area's own clear error rather than a generic one.
 */
import { z } from 'zod';
import { intish, looseId, parseWholeNumber } from '../wire';
import { defineCall } from '../call';
import { decimalWire } from '../money';

/** Page size of the order lists. */
export const MICRO_LIST_LIMIT = 20;
export const MICRO_LIST_LIMIT_MAX = 100;
/** Durations the operator may configure (seconds). */
export const MICRO_SECONDS_MIN = 5;
export const MICRO_SECONDS_MAX = 86_400;
/** Quick-amount buttons per currency at most. */
export const MICRO_QUICK_NUMBERS_MAX = 12;

/** 1 up (rise), 2 down (fall). */
export const MICRO_TYPE = { up: 1, down: 2 } as const;
/** 1 open, 3 closed (2 "closing" exists on the wire but Oryx settles in one step). */
export const MICRO_STATUS = { open: 1, closed: 3 } as const;

const loose = z.unknown().optional();
const pageInput = intish((n) => n.min(1).max(100_000).catch(1));

export const PayableCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  is_micro: z.number().int(),
  /** Percent of the stake charged at submission. */
  micro_trade_fee: decimalWire,
  /** Whole units; `micro_max` 0 = no cap. */
  micro_min: z.number().int(),
  micro_max: z.number().int(),
  micro_max_open: z.number().int(),
  micro_numbers: z.array(z.object({ number: z.number().int() })),
  user_wallet: z.object({ micro_balance: decimalWire, lock_micro_balance: decimalWire }).nullable(),
  /** Oryx offers no insurance product: always empty (docs/business-rules.md "Seconds options"). */
  insurance_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  user_insurance: z.object({ insurance_type_id: z.number().int() }).nullable(),
});
export type PayableCurrency = z.infer<typeof PayableCurrency>;

export const PayableCurrenciesCall = defineCall({
  method: 'GET',
  path: '/api/microtrade/payable_currencies',
  auth: 'user',
  summary: 'Currencies that pay for seconds options, with fee, limits, quick amounts and the micro balance',
  input: z.object({}),
  reply: z.array(PayableCurrency),
});

export const SecondsOption = z.object({
  seconds: z.number().int(),
  /** Payout percent of the stake on a win. */
  profit_ratio: decimalWire,
  /** Smallest stake for this duration (whole units). */
  min_number: z.number().int(),
});
export type SecondsOption = z.infer<typeof SecondsOption>;

export const SecondsCall = defineCall({
  method: 'GET',
  path: '/api/microtrade/seconds',
  auth: 'optional',
  summary: 'Durations on offer with their payout ratio',
  input: z.object({}),
  reply: z.array(SecondsOption),
});

export const MicroSubmitCall = defineCall({
  method: 'POST',
  path: '/api/microtrade/submit',
  auth: 'user',
  guard: 'trade',
  summary:
    'Opens a seconds option at the last spot trade price: stake held and fee charged from the micro balance',
  input: z.object({
    /** The market (`match_id`), the paying currency, the direction (1 up, 2 down) and the duration. */
    match_id: looseId,
    currency_id: looseId,
    type: looseId,
    seconds: looseId,
    /** The stake in whole units of the paying currency. */
    number: loose.transform(parseWholeNumber),
    /** Names the request for retries (or the Idempotency-Key header). */
    client_id: z.string().optional(),
  }),
  /** A text to show (clients of this API toast `message`); the order appears in the open list. */
  reply: z.string(),
});

/** One order as the lists, the detail call and the `micro_closed` push send it. */
export const MicroOrderRow = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  /** 'BTC/USDT'. */
  symbol_name: z.string(),
  seconds: z.number().int(),
  /** The stake, whole units of the paying currency. */
  number: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** 1 up, 2 down. */
  type: z.number().int(),
  /** 1 open, 3 closed. */
  status: z.number().int(),
  profit_ratio: decimalWire,
  open_price: decimalWire,
  /** '' while open. */
  end_price: z.string(),
  fee: decimalWire,
  /** +stake x ratio on a win, 0 on a draw, -stake on a loss; '' while open. */
  fact_profits: z.string(),
  /** Time left until expiry (0 once due). */
  remain_milli_seconds: z.number().int(),
  created_at: z.string(),
  opened_at: z.number().int(),
  expires_at: z.number().int(),
  /** The spot trades the prices came from (see the proof call). */
  open_trade_id: z.number().int(),
  open_trade_time: z.number().int(),
  end_trade_id: z.number().int().nullable(),
  end_trade_time: z.number().int().nullable(),
  /** 'win' | 'draw' | 'loss' once closed, '' while open. */
  result: z.string(),
});
export type MicroOrderRow = z.infer<typeof MicroOrderRow>;

export const MicroListsCall = defineCall({
  method: 'GET',
  path: '/api/microtrade/lists',
  auth: 'user',
  summary: 'The caller’s seconds options: status 1 open (optionally one market), 3 closed; newest first',
  input: z.object({
    page: pageInput,
    status: intish((n) => n.catch(1)),
    limit: intish((n) => n.min(1).max(MICRO_LIST_LIMIT_MAX).catch(MICRO_LIST_LIMIT)),
    match_id: intish((n) => n.positive().optional().catch(undefined)),
  }),
  reply: z.object({
    data: z.array(MicroOrderRow),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const MicroOrderCall = defineCall({
  method: 'GET',
  path: '/api/microtrade/order',
  auth: 'user',
  summary: 'One of the caller’s seconds options',
  input: z.object({ id: loose }),
  reply: MicroOrderRow,
});

/** A mark price that decided an order (modules/mark): the settings, window, inputs and result. */
export const MicroMarkProof = z.object({
  id: z.number().int(),
  at_ms: z.number().int(),
  price: decimalWire,
  /** book | stale_book | trades | last_trade | none */
  method: z.string(),
  /** Every number the rule used (minor units as decimal strings): snapshots, participants, weights. */
  inputs: z.record(z.string(), z.unknown()),
  /** Decimals of the `*_minor` inputs (prices and volumes are in minor units of the quote currency). */
  minor_scale: z.number().int(),
});

/**
 * Everything needed to re-check a closed order against the public price history. The price evidence
 * (market, times, prices, marks, trades) is public; the owner's details (direction `type`, stake
 * `number` and its currency, `profit_ratio`, `fee`, `fact_profits`, `result`, which with the prices
 * would tell the direction) are given only to the order's owner and are null for anyone else.
 */
export const MicroProof = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  symbol_name: z.string(),
  /** Whether the caller owns the order (the owner-only fields below are filled). */
  is_owner: z.boolean(),
  type: z.number().int().nullable(),
  seconds: z.number().int(),
  opened_at: z.number().int(),
  expires_at: z.number().int(),
  open_price: decimalWire,
  open_trade_id: z.number().int(),
  open_trade_time: z.number().int(),
  end_price: decimalWire,
  end_trade_id: z.number().int(),
  end_trade_time: z.number().int(),
  number: z.string().nullable(),
  currency_name: z.string().nullable(),
  profit_ratio: decimalWire.nullable(),
  fee: decimalWire.nullable(),
  fact_profits: decimalWire.nullable(),
  result: z.enum(['win', 'draw', 'loss']).nullable(),
  /** The marks the open and end prices came from (null on orders settled before the mark existed). */
  open_mark: MicroMarkProof.nullable(),
  end_mark: MicroMarkProof.nullable(),
  /** The rule applied, in words (English; the numbers above are the proof). */
  rule: z.string(),
});
export type MicroProof = z.infer<typeof MicroProof>;

export const MicroProofCall = defineCall({
  method: 'GET',
  path: '/api/microtrade/proof',
  auth: 'optional',
  summary:
    'Settlement proof of a closed seconds option: prices, marks, trade ids and times for anyone; direction, stake and result for its owner',
  input: z.object({ id: loose }),
  reply: MicroProof,
});

// --- Operator configuration (admin role) -----------------------------------------------------------

export const AdminMicroSeconds = SecondsOption.extend({
  is_enabled: z.number().int(),
  sort: z.number().int(),
});
export const AdminMicroCurrency = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  micro_trade_fee: decimalWire,
  micro_min: z.number().int(),
  micro_max: z.number().int(),
  micro_max_open: z.number().int(),
  micro_numbers: z.array(z.number().int()),
  is_enabled: z.number().int(),
});
export const AdminMicroMarket = z.object({
  id: z.number().int(),
  symbol: z.string(),
  is_display: z.number().int(),
  open_microtrade: z.number().int(),
});
export const AdminMicroConfig = z.object({
  seconds: z.array(AdminMicroSeconds),
  currencies: z.array(AdminMicroCurrency),
  markets: z.array(AdminMicroMarket),
});
export type AdminMicroConfig = z.infer<typeof AdminMicroConfig>;

export const AdminMicroConfigCall = defineCall({
  method: 'GET',
  path: '/api/admin/micro/config',
  auth: 'admin',
  summary: 'Seconds-options configuration: durations, paying currencies, markets open for micro trading',
  input: z.object({}),
  reply: AdminMicroConfig,
});

export const AdminMicroSecondsSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/micro/seconds',
  auth: 'admin',
  summary:
    'Adds or changes a duration (ratio %, minimum stake, enabled). Applies to new orders only: open orders keep their terms',
  input: z.object({
    seconds: intish((n) => n.min(MICRO_SECONDS_MIN).max(MICRO_SECONDS_MAX)),
    profit_ratio: z.union([z.string(), z.number()]),
    min_number: intish((n) => n.min(1).max(1_000_000_000)),
    is_enabled: intish((n) => n.min(0).max(1).default(1)),
    sort: intish((n) => n.min(0).max(1_000_000).optional()),
  }),
  reply: AdminMicroConfig,
});

export const AdminMicroCurrencySaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/micro/currency',
  auth: 'admin',
  summary: 'Adds or changes the terms of a paying currency. Applies to new orders only',
  input: z.object({
    currency_id: intish((n) => n.positive()),
    micro_trade_fee: z.union([z.string(), z.number()]),
    micro_min: intish((n) => n.min(1).max(1_000_000_000)),
    micro_max: intish((n) => n.min(0).max(1_000_000_000)),
    micro_max_open: intish((n) => n.min(1).max(1000)),
    micro_numbers: z.union([z.string(), z.array(intish((n) => n.positive()))]),
    is_enabled: intish((n) => n.min(0).max(1).default(1)),
  }),
  reply: AdminMicroConfig,
});

export const AdminMicroMarketSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/micro/market',
  auth: 'admin',
  summary: 'Opens or closes a market for new seconds options (open ones still settle)',
  input: z.object({
    id: intish((n) => n.positive()),
    open_microtrade: intish((n) => n.min(0).max(1)),
  }),
  reply: AdminMicroConfig,
});

export const AdminMicroLimits = z.object({
  market_id: z.number().int(),
  /** One order's payout at most this share (bps) of the cost of moving the mark by its band. */
  stake_cost_bps: z.number().int(),
  /** The open payouts of one direction on the market together at most this share (bps). */
  exposure_cost_bps: z.number().int(),
});

export const AdminMicroLimitsSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/micro/limits',
  auth: 'admin',
  summary: "Sets a market's seconds-option limits as shares of the cost of moving its mark price",
  input: z.object({
    market_id: intish((n) => n.positive()),
    stake_cost_bps: intish(),
    exposure_cost_bps: intish(),
  }),
  reply: AdminMicroLimits,
});
