/**
 * Wallets, transfers between them, and their logs.
 * Amounts leave as exact decimal strings (at the currency's scale); the reply schemas list every field,
 * so nothing else leaves the server.
 */
import { z } from 'zod';
import { intish } from '../wire';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { clientIdField } from '../idempotency';

/** Ids arrive as numbers or numeric strings; anything else is a validation error. */
const idLike = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/)])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1).max(999_999_999));
const signedDecimalWire = decimalWire;

/** The four trading wallets a transfer can name (`from_field` / `to_field`). */
export const TRANSFER_WALLETS = ['change', 'legal', 'lever', 'micro'] as const;
export type TransferWallet = (typeof TRANSFER_WALLETS)[number];
/** Every wallet a user has per currency (deposit = earning). */
export const WALLETS = ['change', 'legal', 'lever', 'micro', 'deposit'] as const;
export type WalletName = (typeof WALLETS)[number];

/**
 * The older `{type, number, currency_id}` form of wallet/change, as servers of this API family define it:
 * 1 = legal -> lever, 2 = lever -> legal, 3 = legal -> change, 4 = change -> legal.
 */
export const LEGACY_TRANSFER_TYPES: Record<number, { from: TransferWallet; to: TransferWallet }> = {
  1: { from: 'legal', to: 'lever' },
  2: { from: 'lever', to: 'legal' },
  3: { from: 'legal', to: 'change' },
  4: { from: 'change', to: 'legal' },
};

/** `wallet/legal_log` `type`: 1 legal, 2 change, 3 lever, 4 micro (also the wallet names themselves). */
export const LOG_TYPES: Record<string, WalletName> = {
  '1': 'legal',
  '2': 'change',
  '3': 'lever',
  '4': 'micro',
  '5': 'deposit',
  legal: 'legal',
  change: 'change',
  lever: 'lever',
  micro: 'micro',
  deposit: 'deposit',
};

/** One currency row of a wallet in `wallet/list`: every balance field of every wallet is present. */
export const WalletBalanceRow = z.object({
  /** The row id: the currency id (one row per currency). */
  id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  currency_type: z.string(),
  contract_address: z.string(),
  multi_protocol: z.number().int(),
  is_show_memo: z.number().int(),
  type: z.string(),
  is_match: z.number().int(),
  is_legal: z.number().int(),
  is_lever: z.number().int(),
  is_micro: z.number().int(),
  /** USDT per 1 unit: the spot market's last price, or the seeded reference price before any trade. */
  usdt_price: decimalWire,
  /** CNY per 1 unit (usdt_price x fiat_convert_cny). */
  cny_price: decimalWire,
  change_balance: decimalWire,
  lock_change_balance: decimalWire,
  legal_balance: decimalWire,
  lock_legal_balance: decimalWire,
  lever_balance: decimalWire,
  lock_lever_balance: decimalWire,
  micro_balance: decimalWire,
  lock_micro_balance: decimalWire,
  deposit_balance: decimalWire,
  lock_deposit_balance: decimalWire,
});
export type WalletBalanceRow = z.infer<typeof WalletBalanceRow>;

export const WalletGroup = z.object({
  balance: z.array(WalletBalanceRow),
  /** Value of the wallet (available + frozen) in USDT; the spelling is the API's. */
  usdt_totle: decimalWire,
  cny_totle: decimalWire,
});

export const WalletListCall = defineCall({
  method: 'POST',
  path: '/api/wallet/list',
  auth: 'user',
  summary: 'The caller’s wallets: per wallet the currencies enabled for it, balances and USDT / CNY totals',
  input: z.object({}),
  reply: z.object({
    legal_wallet: WalletGroup,
    change_wallet: WalletGroup,
    lever_wallet: WalletGroup,
    micro_wallet: WalletGroup,
    deposit_wallet: WalletGroup,
    /** Deposits and withdrawals open (1) or closed (0). */
    is_open_CTbi: z.number().int(),
    /** All wallets together. */
    total_usdt: decimalWire,
    total_cny: decimalWire,
    /** CNY per 1 USDT (the USDT group's fiat_convert_cny). */
    fiat_convert_cny: decimalWire,
  }),
});

export const AccountCentreRow = z.object({
  currency_id: z.number().int(),
  token: z.string(),
  /** Available in all wallets together. */
  balance: decimalWire,
  /** Frozen in all wallets together. */
  lock_balance: decimalWire,
  usdt_value: decimalWire,
});

export const AccountCentreCall = defineCall({
  method: 'GET',
  path: '/api/wallet/list',
  auth: 'user',
  summary:
    'Account centre: total assets and per coin available / frozen. Always the caller’s own data; `user_id` is ignored',
  input: z.object({ user_id: z.unknown().optional() }),
  reply: z.object({
    list: z.array(AccountCentreRow),
    account_number: z.string(),
    /** In USDT. */
    total_assets: decimalWire,
    total_assets_cny: decimalWire,
  }),
});

export const WalletDetailCall = defineCall({
  method: 'POST',
  path: '/api/wallet/detail',
  auth: 'user',
  summary: 'One currency’s balances in every wallet of the caller',
  input: z.object({
    currency: idLike,
    /** Which wallet the page is about; every balance field is returned whatever it says. */
    type: z.string().max(20).default('change'),
  }),
  reply: z.object({
    currency_id: z.number().int(),
    currency_name: z.string(),
    type: z.string(),
    usdt_price: decimalWire,
    cny_price: decimalWire,
    /** CNY per 1 USDT. */
    ExRate: decimalWire,
    change_balance: decimalWire,
    lock_change_balance: decimalWire,
    legal_balance: decimalWire,
    lock_legal_balance: decimalWire,
    lever_balance: decimalWire,
    lock_lever_balance: decimalWire,
    micro_balance: decimalWire,
    lock_micro_balance: decimalWire,
    deposit_balance: decimalWire,
    lock_deposit_balance: decimalWire,
  }),
});

export const WalletChangeInput = z.object({
  currency_id: idLike,
  /** Decimal string (or number from older clients); checked against the currency's scale by the server. */
  number: z.union([z.string().max(100), z.number()]).optional(),
  from_field: z.string().max(20).optional(),
  to_field: z.string().max(20).optional(),
  /** The older form: see LEGACY_TRANSFER_TYPES. */
  type: z.union([z.number(), z.string().max(20)]).optional(),
  /** Ignored when it is the caller; any other user is refused (WALLET_NOT_YOURS). */
  user_id: z.union([z.number(), z.string().max(40)]).optional(),
  client_id: clientIdField,
});

export const WalletChangeCall = defineCall({
  method: 'POST',
  path: '/api/wallet/change',
  auth: 'user',
  summary:
    'Transfer between two of the caller’s wallets (`from_field` / `to_field` among change, legal, lever, micro; or the older `type` 1-4). Idempotent with Idempotency-Key or client_id',
  input: WalletChangeInput,
  /** The translated success text. */
  reply: z.string(),
});

export const LedgerLogRow = z.object({
  id: z.string(),
  created_time: z.string(),
  /** What happened, in the caller's language. */
  info: z.string(),
  /** Signed amount: negative leaves the account. */
  value: signedDecimalWire,
  currency_id: z.number().int(),
  currency_name: z.string(),
  wallet: z.string(),
  /** The reason code (`<area>.<name>`). */
  reason: z.string(),
  /** The reason in English, Japanese and Chinese (Mandarin), for clients that pick by language. */
  type_info_e: z.string(),
  type_info_j: z.string(),
  type_info_m: z.string(),
});

const Page = {
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
};
const pageInput = {
  page: intish((n) => n.min(1).max(100_000).default(1)),
  limit: intish((n) => n.min(1).max(100).default(20)),
};

export const WalletLegalLogCall = defineCall({
  method: 'POST',
  path: '/api/wallet/legal_log',
  auth: 'user',
  summary:
    'Balance log of one wallet (type 1 legal, 2 change, 3 lever, 4 micro; none = all), optionally one currency',
  input: z.object({
    currency: z.union([z.number(), z.string().max(20)]).optional(),
    type: z.union([z.number(), z.string().max(20)]).optional(),
    ...pageInput,
  }),
  reply: z.object({ list: z.array(LedgerLogRow), ...Page }),
});

export const AccountLogCall = defineCall({
  method: 'POST',
  path: '/api/account/list',
  auth: 'user',
  summary: 'Every balance movement of the caller, newest first',
  input: z.object({ ...pageInput }),
  reply: z.object({ data: z.array(LedgerLogRow), ...Page }),
});

export const TransferRow = z.object({
  id: z.number().int(),
  created_time: z.string(),
  info: z.string(),
  value: decimalWire,
  currency_id: z.number().int(),
  currency_name: z.string(),
  from_field: z.string(),
  to_field: z.string(),
});

export const TransferHistoryCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/wallet/hzhistory',
  auth: 'user',
  summary: 'The caller’s transfers between wallets, newest first (every parameter optional)',
  input: z.object({
    page: intish((n) => n.min(1).max(100_000).default(1)),
    limit: intish((n) => n.min(1).max(100).default(30)),
    currency: z.union([z.number(), z.string().max(20)]).optional(),
  }),
  reply: z.object({ data: z.array(TransferRow), ...Page }),
});

export const UserCurrencyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  is_legal: z.number().int(),
  is_lever: z.number().int(),
  is_match: z.number().int(),
  is_micro: z.number().int(),
  /** Minor-unit scale: the most decimals an amount may have. */
  decimals: z.number().int(),
  /**
   * The caller's available balance of this currency in each wallet (what the fund-transfer page of
   * clients of this API family reads); null for a visitor.
   */
  wallet: z
    .object({
      legal_balance: decimalWire,
      change_balance: decimalWire,
      lever_balance: decimalWire,
      micro_balance: decimalWire,
    })
    .nullable(),
});

export const UserCurrencyListCall = defineCall({
  method: 'GET',
  path: '/api/currency/user_currency_list',
  auth: 'optional',
  summary:
    'Displayed currencies with the wallets each is enabled for and, with a session, my balances in them',
  input: z.object({}),
  reply: z.array(UserCurrencyRow),
});
