/**
 * Leveraged contracts ("lever", with the `lever_trade` / `lever_closed` pushes of ../socket),
 * and the operator's terms under /api/admin/lever/*.
 *
 * Order `status`: 0 pending limit order, 1 open position, 2 closing (never lasts in Oryx), 3 closed,
 * 4 revoked. `type`: 1 long (buy), 2 short (sell). Prices and amounts leave as decimal strings; `share`
 * is whole lots. `spread`, `lever_trade_fee` and `overnight` are percents: the open price of a long is
 * `price + price x spread / 100`, of a short `price - price x spread / 100`; the contract value is
 * `open price x share x lever_share_num`; margin = value / multiple; fee = value x lever_trade_fee / 100.
 * Inputs are loose on purpose (legacy clients send numbers or strings, form or JSON): each field is read
 * here once, into a number or null, never refused, so the server refuses a bad value with the lever area's
 * own error; fields a call does not list (a client's `timestamp`) are dropped. Prices stay as sent: the
 * server reads them at the market's scale.
 */
import { z } from 'zod';
import { intish, looseId, parseWholeNumber } from '../wire';
import { defineCall } from '../call';
import { decimalWire } from '../money';

/** Page size of the lever lists. */
export const LEVER_PAGE_SIZE = 10;
export const LEVER_STATUS = { pending: 0, open: 1, closing: 2, closed: 3, revoked: 4 } as const;
export const LEVER_TYPE = { long: 1, short: 2 } as const;
/** Multipliers an operator may offer. */
export const LEVER_MULTIPLES_ALLOWED = [5, 10, 20, 50, 100, 150] as const;

const loose = z.unknown().optional();
const pageInput = intish((n) => n.min(1).max(100_000).catch(1));
const idInput = intish((n) => n.min(0).catch(0));
/** One of `choices`, sent as the number or its digits ('1' or 1), else null. */
const looseChoice = <C extends number>(...choices: C[]) =>
  loose.transform((v): C | null => {
    const text = String(v ?? '');
    return choices.find((c) => String(c) === text) ?? null;
  });
/** A whole number of lots > 0 (`parseWholeNumber`), else null. */
const looseLots = loose.transform((v) => {
  const n = parseWholeNumber(v);
  return n.ok ? n.value : null;
});

export const LeverBookLevel = z.object({ price: decimalWire, number: decimalWire });

/** A row of `my_transaction` (the deal page's position list). */
export const LeverBriefRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  /** The open price (pending: the limit price adjusted by the spread). */
  price: decimalWire,
  /** Whole lots. */
  number: z.string(),
  /** The margin the order opened with (pending: the margin it holds); the deal page's margin column. */
  origin_caution_money: decimalWire,
  /** Unrealised P/L at the mark (open), the realised one (closed), '0' (pending). */
  profits: z.string(),
  status: z.number().int(),
  stop_loss_price: decimalWire,
  target_profit_price: decimalWire,
  /** 'YYYY-MM-DD HH:MM:SS' (Asia/Shanghai). */
  time: z.string(),
});

export const LeverDealCall = defineCall({
  method: 'POST',
  path: '/api/lever/deal',
  auth: 'user',
  summary: 'The lever page of one market: terms, the lever balance, the book and the caller’s orders',
  input: z.object({ legal_id: idInput, currency_id: idInput }),
  reply: z.object({
    match_id: z.number().int(),
    legal_id: z.number().int(),
    currency_id: z.number().int(),
    symbol: z.string(),
    multiple: z.object({
      muit: z.array(z.object({ value: z.number().int() })),
      share: z.array(z.object({ value: z.number().int() })),
    }),
    /** Whole lots; max 0 = no cap. */
    lever_share_limit: z.object({ min: z.number().int(), max: z.number().int() }),
    lever_share_num: decimalWire,
    spread: decimalWire,
    lever_trade_fee: decimalWire,
    overnight: decimalWire,
    /** The configured liquidation level (percent) of the risk rate. */
    liquidation_rate: decimalWire,
    /** Available lever balance of the quote currency (both names: clients read either). */
    all_levers: decimalWire,
    user_lever: decimalWire,
    /** The mark price: what market orders open at (before the spread) and what P/L is measured on. */
    last_price: decimalWire,
    lever_transaction: z.object({ in: z.array(LeverBookLevel), out: z.array(LeverBookLevel) }),
    my_transaction: z.array(LeverBriefRow),
  }),
});

export const LeverSubmitCall = defineCall({
  method: 'POST',
  path: '/api/lever/submit',
  auth: 'user',
  guard: 'trade',
  summary:
    'Opens a position at the mark ± spread (status 1) or rests a limit order (status 0); margin and fee leave the lever balance',
  input: z.object({
    legal_id: looseId,
    currency_id: looseId,
    /** One of the market's multiples (checked by the server). */
    multiple: looseId,
    share: looseLots,
    /** 1 long, 2 short (checked by the server). */
    type: looseId,
    /** 1 market (opens at the mark), 0 limit (rests at `target_price`). */
    status: looseChoice(0, 1),
    /** The limit price, a decimal (read at the quote currency's scale). */
    target_price: loose,
    password: z.union([z.string(), z.number()]).optional(),
    /** Names the request for retries (or the Idempotency-Key header): a retry opens nothing more. */
    client_id: z.string().optional(),
  }),
  /** A text to show. */
  reply: z.string(),
});

/** One order in the detailed lists (dealall, my_trade, the `lever_trade` push). */
export const LeverOrderRow = z.object({
  id: z.number().int(),
  legal_id: z.number().int(),
  currency_id: z.number().int(),
  /** Names, as the push's rows are matched by `legal`, `currency` and `id`. */
  legal: z.string(),
  currency: z.string(),
  symbol: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  status_name: z.string(),
  share: z.number().int(),
  multiple: z.number().int(),
  /** share x lot size, base units. */
  number: decimalWire,
  /** The limit price (pending) or the mark the market order opened at, before the spread. */
  origin_price: decimalWire,
  /** The open price (spread included). */
  price: decimalWire,
  /** The mark now (open), the close price (closed), the open price otherwise. */
  update_price: decimalWire,
  /** Margin left, and taken at opening. */
  caution_money: decimalWire,
  origin_caution_money: decimalWire,
  trade_fee: decimalWire,
  overnight_money: decimalWire,
  /** Unrealised (open) or realised (closed) P/L; '0' otherwise. */
  profits: decimalWire,
  /** '0' = not set. */
  target_profit_price: decimalWire,
  stop_loss_price: decimalWire,
  /** Opening and closing (or revoking) times, '' when none. */
  transaction_time: z.string(),
  handle_time: z.string(),
  create_time: z.string(),
  /** Why it closed: user, batch, take_profit, stop_loss, liquidation, cancel; '' while live. */
  close_reason: z.string(),
});
export type LeverOrderRow = z.infer<typeof LeverOrderRow>;

const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });

export const LeverDealAllCall = defineCall({
  method: 'POST',
  path: '/api/lever/dealall',
  auth: 'user',
  summary:
    'Open positions in a quote currency (one market when currency_id is given) with the risk rate and P/L',
  input: z.object({ legal_id: idInput, currency_id: idInput, page: pageInput }),
  reply: z.object({
    order: paged(LeverOrderRow),
    /** (lever balance + Σ margin + Σ P/L) / Σ margin x 100 over the quote currency; '0' with no position. */
    hazard_rate: decimalWire,
    /** Σ P/L of every open position in the quote currency. */
    profits_total: decimalWire,
    /** Σ P/L of the listed positions (the market when currency_id is given). */
    profits: decimalWire,
    liquidation_rate: decimalWire,
  }),
});

export const LeverMyTradeCall = defineCall({
  method: 'POST',
  path: '/api/lever/my_trade',
  auth: 'user',
  summary:
    'The caller’s orders by status tab (0 pending, 1 open, 2 closing, 3 closed, 4 revoked), newest first',
  input: z.object({
    status: intish((n) => n.catch(1)),
    legal_id: idInput,
    currency_id: idInput,
    page: pageInput,
  }),
  /** Note the double `message`: clients read `message.message.data`. */
  reply: z.object({ message: paged(LeverOrderRow) }),
});

/**
 * Close, revoke and batch close only give money back, so they need no trade password. Old clients still
 * send one (`password`): it is accepted and ignored, never checked and never counted as a wrong try.
 */
const ignoredPassword = z.union([z.string(), z.number()]).optional();

const idCall = (path: string, summary: string) =>
  defineCall({
    method: 'POST',
    path,
    auth: 'user',
    summary,
    input: z.object({ id: looseId, password: ignoredPassword }),
    reply: z.string(),
  });

export const LeverCloseCall = idCall('/api/lever/close', 'Closes one open position at the mark');
export const LeverCancelCall = idCall(
  '/api/lever/cancel',
  'Revokes one pending limit order: margin and fee come back',
);

export const LeverBatchCloseCall = defineCall({
  method: 'POST',
  path: '/api/lever/batch_close',
  auth: 'user',
  summary:
    'Closes the caller’s open positions at the mark: type 0 all, 1 longs, 2 shorts (optionally one quote currency)',
  input: z.object({
    /** 0 all, 1 longs, 2 shorts. */
    type: looseChoice(0, 1, 2),
    legal_id: idInput,
    password: ignoredPassword,
  }),
  reply: z.string(),
});

export const LeverSetStopCall = defineCall({
  method: 'POST',
  path: '/api/lever/setstop',
  auth: 'user',
  summary:
    'Sets take-profit and stop-loss of an open position or pending order (long: TP above, SL below; short: the mirror; 0 clears)',
  /** Decimals at the quote currency's scale; '0' clears one, absent or '' leaves it out. */
  input: z.object({ id: looseId, target_profit_price: loose, stop_loss_price: loose }),
  reply: z.string(),
});

// --- Operator ----------------------------------------------------------------------------------------

export const AdminLeverMarket = z.object({
  market_id: z.number().int(),
  symbol: z.string(),
  open_lever: z.number().int(),
  lever_share_num: decimalWire,
  spread: decimalWire,
  lever_trade_fee: decimalWire,
  overnight: decimalWire,
  min_share: z.number().int(),
  max_share: z.number().int(),
  multiples: z.array(z.number().int()),
  share_presets: z.array(z.number().int()),
  liquidation_rate: decimalWire,
  max_open: z.number().int(),
});
export type AdminLeverMarket = z.infer<typeof AdminLeverMarket>;

export const AdminLeverConfigCall = defineCall({
  method: 'GET',
  path: '/api/admin/lever/config',
  auth: 'admin',
  summary: 'Lever terms of every market that has them',
  input: z.object({}),
  reply: z.array(AdminLeverMarket),
});

/**
 * A change of one market's terms: proposed by one operator, carried out only when a different operator
 * approves it (`terms_decide`); `before` is what it replaces. Open positions keep the terms they opened
 * under whatever is approved.
 */
export const AdminLeverTermsRequest = z.object({
  id: z.number().int(),
  market_id: z.number().int(),
  symbol: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  terms: AdminLeverMarket,
  before: AdminLeverMarket.nullable(),
  requested_by: z.number().int(),
  /** The operators' logins (e-mail, else account), in the list. */
  requested_by_name: z.string().optional(),
  requested_at: z.number().int(),
  decided_by: z.number().int().nullable(),
  decided_by_name: z.string().nullable().optional(),
  decided_at: z.number().int().nullable(),
});
export type AdminLeverTermsRequest = z.infer<typeof AdminLeverTermsRequest>;

/** Requests shown at most (pending first, then the latest decided). */
export const LEVER_TERMS_REQUESTS_MAX = 50;

export const AdminLeverTermsRequestsCall = defineCall({
  method: 'GET',
  path: '/api/admin/lever/terms_requests',
  auth: 'admin',
  summary: 'Changes of lever terms: the pending ones first, then the latest decided',
  input: z.object({}),
  reply: z.object({ data: z.array(AdminLeverTermsRequest) }),
});

export const AdminLeverTermsDecideCall = defineCall({
  method: 'POST',
  path: '/api/admin/lever/terms_decide',
  auth: 'admin',
  summary:
    'Approves (a different operator than the one who proposed it: the terms then apply to new orders) or rejects a pending terms change',
  input: z.object({
    id: intish((n) => n.positive()),
    decision: z.enum(['approve', 'reject']),
  }),
  reply: AdminLeverTermsRequest,
});

export const AdminLeverMarketSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/lever/market',
  auth: 'admin',
  summary:
    'Proposes a market’s lever terms (percents with up to 2 decimals; multiples among 5,10,20,50,100,150; liquidation level below 100 %): nothing changes until a second operator approves; then new orders only',
  input: z.object({
    market_id: intish((n) => n.positive()),
    open_lever: intish((n) => n.min(0).max(1)),
    lever_share_num: z.union([z.string(), z.number()]),
    spread: z.union([z.string(), z.number()]),
    lever_trade_fee: z.union([z.string(), z.number()]),
    overnight: z.union([z.string(), z.number()]),
    min_share: intish((n) => n.min(1)),
    max_share: intish((n) => n.min(0)),
    multiples: z.union([z.string(), z.array(z.number().int())]),
    share_presets: z.union([z.string(), z.array(z.number().int())]),
    liquidation_rate: z.union([z.string(), z.number()]),
    max_open: intish((n) => n.min(1).max(1000)),
  }),
  /** The pending request (the terms are unchanged until it is approved). */
  reply: AdminLeverTermsRequest,
});
