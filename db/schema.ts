/**
 * Table types for Kysely. One rule keeps money exact on both databases: every integer column whose name
 * ends in `_minor` is money (or a price/rate in minor units) and is a `bigint` in code; every other integer
 * column (ids, flags, times in ms, counts) is a JS number. The result plugin in
 * apps/server/src/db/connection.ts enforces it for SQLite and PostgreSQL alike.
 *
 * Areas add their tables here (one interface each) next to their migration in db/migrations.
 */
import type { ColumnType, Generated } from 'kysely';

/** Times are integer milliseconds since the epoch (UTC). */
export type Millis = number;

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone: string | null;
  area_code: string;
  area_code_id: number;
  nationality: string;
  password_hash: string;
  trade_password_hash: string | null;
  extension_code: string;
  parent_id: number | null;
  /** 1 = seller (shop owner). */
  is_seller: number;
  /** The user `type` of the API family; '0' hides the points-exchange entry. */
  type: string;
  /** 'user', or a staff role: 'admin' (administrator), 'operator', 'auditor' (modules/console). */
  role: 'user' | 'admin' | 'operator' | 'auditor';
  /** 0 none, 1 auditing, 2 certified. */
  review_status: number;
  account_number: string;
  lang: string;
  is_demo: number;
  /**
   * Public nickname: what other users see instead of the e-mail or phone (`/api/user/nickname`,
   * `/api/user/setaccount`); a generated alias until the user picks one. Rules:
   * `@oryx/contracts/account/nickname`.
   */
  nickname: Generated<string>;
  /** The nickname in lower case (`nicknameKey`): unique. */
  nickname_key: Generated<string>;
  /** The name of the approved identity submission ('' until certified). */
  real_name: Generated<string>;
  /** Code for linking partner services (`/api/user/authorization_code`), made on first request. */
  authorization_code: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the random token; the token itself is never stored. */
  token_hash: string;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  ip: string;
  user_agent: string;
}

export interface CurrenciesTable {
  id: number;
  /** Ticker, e.g. USDT. */
  name: string;
  full_name: string;
  /** Minor-unit scale for amounts of this currency (8 unless configured). */
  scale: number;
  sort: number;
  is_display: number;
  /** Enabled per wallet: legal (C2C), change (spot: is_match), lever, micro. */
  is_legal: number;
  is_match: number;
  is_lever: number;
  is_micro: number;
  /** Quote (legal) group currency, e.g. USDT. */
  is_quote: number;
  /** CNY per 1 unit of this currency, scale 8 (fiat_convert_cny of the quotation group). */
  cny_rate_minor: ColumnType<bigint, bigint, bigint>;
  /** Reference USDT price, scale 8, used for valuation until the spot market has traded. */
  reference_usdt_price_minor: ColumnType<bigint, bigint, bigint>;
  desc: string;
}

export interface MarketsTable {
  /** The quotation item id (`match_id` on the wire). */
  id: number;
  legal_id: number;
  currency_id: number;
  sort: number;
  is_display: number;
  open_coin_trade: number;
  open_microtrade: number;
  open_lever: number;
  /** Price tick and amount step in minor units of the quote / base currency. */
  price_tick_minor: ColumnType<bigint, bigint, bigint>;
  amount_step_minor: ColumnType<bigint, bigint, bigint>;
  min_amount_minor: ColumnType<bigint, bigint, bigint>;
  min_notional_minor: ColumnType<bigint, bigint, bigint>;
  /** Fees in basis points of the traded quote amount. */
  maker_fee_bps: number;
  taker_fee_bps: number;
  /** Display decimals of prices and amounts. */
  price_decimals: number;
  amount_decimals: number;
  /** Seed price (quote minor units per 1 base) for demo liquidity and valuation before the first trade. */
  reference_price_minor: ColumnType<bigint, bigint, bigint>;
}

export interface NewsTable {
  id: Generated<number>;
  /** Category: 4 announcements, 5 banners, 10 policy, 11 header notices, 29 about, 30 support. */
  c_id: number;
  /** Translations of one article share a group key. */
  group_key: string;
  lang: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  abstract: string;
  cover: string;
  sort: number;
  created_at: Millis;
  updated_at: Millis;
}

/** A market in a user's favourites (the star view). */
export interface UserFavouritesTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  created_at: Millis;
}

/** Ledger accounts: user_id 0 = system account (wallet = its name). Written only by modules/ledger. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  user_id: number;
  /** change | legal | lever | micro | deposit, or a system account name. */
  wallet: string;
  currency_id: number;
  available_minor: ColumnType<bigint, bigint, bigint>;
  frozen_minor: ColumnType<bigint, bigint, bigint>;
  updated_at: Millis;
}

/** The double-entry journal. Written only by modules/ledger. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  currency_id: number;
  debit_account_id: number;
  /** available | frozen */
  debit_bucket: string;
  credit_account_id: number;
  credit_bucket: string;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  /** `<area>.<name>`, e.g. wallet.transfer */
  reason: string;
  ref_type: string;
  ref_id: string;
  created_at: Millis;
}

/** Client ids of money-moving requests (lib/idempotency.ts). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  scope: string;
  client_key: string;
  request_hash: string;
  reply_json: string | null;
  created_at: Millis;
}

/** One row per wallet-to-wallet transfer (modules/wallet). */
export interface WalletTransfersTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  from_wallet: string;
  to_wallet: string;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  created_at: Millis;
}

/** Accounts (db/migrations/0200_accounts.ts). A code is stored only as a salted hash. */
export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  /** Normalized: a lower-case e-mail address or `+<area code> <digits>`. */
  destination: string;
  /** login, register, forget, safe, bind. */
  scene: string;
  /** `<salt>$<sha256(salt:code)>`; '' for a request that issued no code (no enumeration by reply). */
  code_hash: string;
  /** 1 when a code was delivered, 0 when the request was answered like one but nothing was issued. */
  delivered: number;
  attempts: number;
  ip: string;
  created_at: Millis;
  expires_at: Millis;
  /** Used, superseded by a newer code, or spent by too many wrong attempts. */
  consumed_at: Millis | null;
  /** Demo mode only: sha256 of the ticket the requesting page sent, which reads the sandbox's code back. */
  sandbox_ticket: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The sandbox delivery target: every SMS and e-mail the sandbox adapters "sent". */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  destination: string;
  scene: string;
  subject: string;
  body: string;
  code: string;
  created_at: Millis;
}

/**
 * Password-check counters (modules/auth/throttle.ts): `login:<account>|<ip>`, `login-ip:<ip>`,
 * `login-user:<user id>` / `login-account:<account>`, `trade:<user id>`. `attempts` counts the checks
 * reserved in the window that opened at `window_start` (failures and checks still running); `strikes`
 * counts the locks in a row, for growing back-off.
 */
export interface AuthCountersTable {
  counter_key: string;
  window_start: Millis;
  attempts: number;
  locked_until: Millis;
  strikes: number;
  /** Checks of this counter still running (not yet right or wrong); `pending_at` the newest one's start. */
  pending: Generated<number>;
  pending_at: Generated<Millis>;
}

export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  /** Random name under UPLOAD_DIR, served at /uploads/<file_name>. */
  file_name: string;
  mime: string;
  size_bytes: number;
  created_at: Millis;
  /** 1: attached to something private (a C2C payment voucher or appeal image), not served publicly. */
  private: Generated<number>;
  /** 1 = anyone may fetch it (an operator's news or banner image); 0 = owner, operators, signed URLs. */
  is_public: Generated<number>;
}

/** An upload sent without a session: not served until a user claims it (then it moves to `uploads`). */
export interface UnclaimedUploadsTable {
  id: Generated<number>;
  file_name: string;
  mime: string;
  size_bytes: number;
  /** The client address it came from. */
  ip: string;
  created_at: Millis;
}

/** Keys the server makes for itself on first use (the upload URL signing key), shared by every process. */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: Millis;
}

/** A user's security settings (modules/security): two-factor, anti-phishing phrase, an operator's freeze. */
export interface UserSecurityTable {
  user_id: number;
  /** Base32 TOTP secret while setting up or enabled; null = two-factor off. */
  totp_secret: string | null;
  /** Set once the user confirmed a code: from then on codes are required. */
  totp_enabled_at: Millis | null;
  /** The last 30-second step a code was accepted for (a code is good once). */
  totp_last_step: Generated<number>;
  /** Shown in every e-mail Oryx sends the user ('' = none). */
  anti_phishing: Generated<string>;
  /** Set by an operator: no login, every session ended. */
  updated_at: Millis;
}

/** One-time recovery codes for two-factor, stored as sha256. */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Millis | null;
  created_at: Millis;
}

export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
  /** 1 waiting, 2 approved, 3 rejected. */
  status: number;
  reason: string;
  created_at: Millis;
  reviewed_at: Millis | null;
  reviewed_by: number | null;
}

export interface UserBanksTable {
  user_id: number;
  receive_name: string;
  receive_account: string;
  bank_code: string;
  bank_name: string;
  created_at: Millis;
  updated_at: Millis;
}

/** A bank card bound less than the cool-off ago (migration 0230); moved to `user_banks` at `usable_at`. */
export interface UserBanksPendingTable {
  user_id: number;
  receive_name: string;
  receive_account: string;
  bank_code: string;
  bank_name: string;
  created_at: Millis;
  usable_at: Millis;
}

export interface UserCashInfoTable {
  user_id: number;
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
  alipay_collect: string;
  wechat_collect: string;
  updated_at: Millis;
}

/** C2C payment details saved less than the cool-off ago; moved to `user_cash_info` at `usable_at`. */
export interface UserCashInfoPendingTable {
  user_id: number;
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
  alipay_collect: string;
  wechat_collect: string;
  created_at: Millis;
  usable_at: Millis;
}

/** Spot orders (db/migrations/0300_spot.ts). Ids are assigned by the spot committer. */
export interface SpotOrdersTable {
  id: number;
  user_id: number;
  market_id: number;
  /** 1 buy, 2 sell. */
  side: number;
  /** 0 limit, 1 market. */
  kind: number;
  price_minor: ColumnType<bigint, bigint, bigint>;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  filled_amount_minor: ColumnType<bigint, bigint, bigint>;
  filled_quote_minor: ColumnType<bigint, bigint, bigint>;
  /** Fees paid, in the currency the order receives (base for a buy, quote for a sell). */
  fee_minor: ColumnType<bigint, bigint, bigint>;
  /** Still held in the ledger for this order (quote for a buy, base for a sell). */
  held_minor: ColumnType<bigint, bigint, bigint>;
  /** 1 open, 2 filled, 3 cancelled. */
  status: number;
  cancel_reason: string | null;
  client_oid: string | null;
  created_at: Millis;
  updated_at: Millis;
}

/** Spot trades: one row per fill. */
export interface SpotTradesTable {
  id: number;
  market_id: number;
  price_minor: ColumnType<bigint, bigint, bigint>;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  quote_minor: ColumnType<bigint, bigint, bigint>;
  /** 1 the taker bought, 2 the taker sold. */
  taker_side: number;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  maker_fee_minor: ColumnType<bigint, bigint, bigint>;
  taker_fee_minor: ColumnType<bigint, bigint, bigint>;
  created_at: Millis;
}

/** Candles per (market, period, bar start in ms); periods 1min ... 1M (Asia/Shanghai day boundaries). */
export interface SpotCandlesTable {
  market_id: number;
  period: string;
  open_time: Millis;
  open_minor: ColumnType<bigint, bigint, bigint>;
  high_minor: ColumnType<bigint, bigint, bigint>;
  low_minor: ColumnType<bigint, bigint, bigint>;
  close_minor: ColumnType<bigint, bigint, bigint>;
  volume_minor: ColumnType<bigint, bigint, bigint>;
  quote_volume_minor: ColumnType<bigint, bigint, bigint>;
  trade_count: number;
}

/** The persisted scheduler (apps/server/src/modules/scheduler). */
export interface JobsTable {
  id: Generated<number>;
  /** `<area>.<name>`, e.g. micro.settle. */
  kind: string;
  /** When the work is due; handlers act as of this time. */
  due_at: Millis;
  /** When it runs next: due_at, or later after a failed attempt. */
  run_at: Millis;
  /** JSON. */
  payload: string;
  status: 'pending' | 'done' | 'failed' | 'cancelled';
  attempts: number;
  last_error: string | null;
  unique_key: string | null;
  created_at: Millis;
  finished_at: Millis | null;
}

/** Seconds options: the durations on offer (modules/micro). */
export interface MicroSecondsTable {
  seconds: number;
  /** Payout ratio in basis points of the stake (10 % = 1000). */
  profit_ratio_bps: number;
  /** Smallest stake for this duration, whole units of the paying currency. */
  min_number: number;
  is_enabled: number;
  sort: number;
}

/** Seconds options: terms per paying currency. */
export interface MicroCurrenciesTable {
  currency_id: number;
  /** `micro_trade_fee`: basis points of the stake, charged at submission (1 % = 100). */
  fee_bps: number;
  /** Whole units; max 0 = no cap. */
  min_number: number;
  max_number: number;
  max_open_orders: number;
  /** Quick-amount buttons, JSON array of whole numbers. */
  quick_numbers: string;
  is_enabled: number;
}

/** Seconds options: one row per order; the settlement record lives on the row. */
export interface MicroOrdersTable {
  id: Generated<number>;
  user_id: number;
  /** The market (match_id). */
  market_id: number;
  /** The paying currency. */
  currency_id: number;
  /** 1 up, 2 down. */
  type: number;
  seconds: number;
  profit_ratio_bps: number;
  /** Whole units staked. */
  number: number;
  stake_minor: ColumnType<bigint, bigint, bigint>;
  fee_bps: number;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  /** 1 open, 3 closed. */
  status: number;
  opened_at: Millis;
  expires_at: Millis;
  /** The last spot trade at or before opened_at: its price, id and time. */
  open_price_minor: ColumnType<bigint, bigint, bigint>;
  open_trade_id: number;
  open_trade_at: Millis;
  /** The last spot trade at or before expires_at. */
  end_price_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  end_trade_id: number | null;
  end_trade_at: Millis | null;
  /** 1 win, 0 draw, -1 loss. */
  result: number | null;
  /** +stake x ratio, 0 or -stake. */
  fact_profits_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  settled_at: Millis | null;
  /** The marks (mark_prices) the open and end prices came from; null on orders older than the mark. */
  open_mark_id: number | null;
  end_mark_id: number | null;
}

/** Seconds options: stake and exposure limits per market, as shares of the cost of moving the mark. */
export interface MicroLimitsTable {
  market_id: number;
  /** One order's payout may be at most this share (bps) of the cost of moving the mark by its band. */
  stake_cost_bps: number;
  /** All open orders of one direction on the market: their payouts together, at most this share. */
  exposure_cost_bps: number;
  updated_at: Millis;
}

/** Mark price settings per market (modules/mark); a market without a row uses the defaults. */
export interface MarkConfigTable {
  market_id: number;
  /** The mark at T is built from the data in (T - window_ms, T]. */
  window_ms: number;
  /** Book snapshots are taken every sample_ms. */
  sample_ms: number;
  /** Inputs are clipped to the book median +/- band_bps. */
  band_bps: number;
  /** Impact notional (quote minor units): a side's price is the average fill of this much. */
  impact_quote_minor: ColumnType<bigint, bigint, bigint>;
  /** Trades count for at most this share (bps) of the mark. */
  trade_weight_bps: number;
  /** One account's volume counts for at most this share (bps) of the window's trade volume. */
  user_cap_bps: number;
  updated_at: Millis;
}

/** The committed book of a market at one moment, as the mark uses it. */
export interface MarkBookSnapshotsTable {
  id: Generated<number>;
  market_id: number;
  at_ms: Millis;
  best_bid_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  best_ask_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  /** Average fill price of selling / buying the impact notional; null when that side is thinner. */
  impact_bid_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  impact_ask_minor: ColumnType<bigint | null, bigint | null, bigint | null>;
  /** Quote value resting within the band around the impact mid (limits use the thinner side). */
  bid_depth_minor: ColumnType<bigint, bigint, bigint>;
  ask_depth_minor: ColumnType<bigint, bigint, bigint>;
}

/** A mark that decided money, with its inputs (JSON) for the proof. One per market and moment. */
export interface MarkPricesTable {
  id: Generated<number>;
  market_id: number;
  at_ms: Millis;
  price_minor: ColumnType<bigint, bigint, bigint>;
  /** book | stale_book | trades | last_trade | none */
  method: string;
  inputs: string;
  created_at: Millis;
}

type Minor = ColumnType<bigint, bigint, bigint>;
type MinorOrNull = ColumnType<bigint | null, bigint | null, bigint | null>;

/** Leveraged contracts: the terms of one market (apps/server/src/modules/lever/README.md). */
export interface LeverMarketsTable {
  market_id: number;
  /** Contract size of one lot, minor units of the base currency (`lever_share_num`). */
  share_num_minor: Minor;
  /** Spread, fee and overnight fee in hundredths of a percent (bps) of the price / contract value. */
  spread_bps: number;
  fee_bps: number;
  overnight_bps: number;
  /** Whole lots per order; max_share 0 = no cap. */
  min_share: number;
  max_share: number;
  /** JSON arrays of whole numbers: multipliers offered and lot presets. */
  multiples: string;
  share_presets: string;
  /** Risk rate (percent x 100) at or below which a user's positions are liquidated. */
  liquidation_rate_bps: number;
  /** Open positions plus pending orders one user may hold on the market. */
  max_open: number;
  updated_at: Millis;
}

/** Leveraged contracts: a pending limit order (0), an open position (1), closed (3) or revoked (4). */
export interface LeverOrdersTable {
  id: Generated<number>;
  user_id: number;
  market_id: number;
  /** The quote currency: margin, fees and P/L are in it. */
  legal_id: number;
  /** 1 long, 2 short. */
  type: number;
  status: number;
  share: number;
  multiple: number;
  /** share x lot size, base minor units. */
  number_minor: Minor;
  /** The limit price, or the mark the market order opened at (before the spread). */
  origin_price_minor: Minor;
  /** The open price: origin price + spread (long) or - spread (short). */
  price_minor: Minor;
  /** Margin taken at opening, and what is left of it after overnight fees. */
  origin_margin_minor: Minor;
  margin_minor: Minor;
  fee_minor: Minor;
  /** Overnight fees charged so far, and the last Asia/Shanghai day charged ('' none yet). */
  overnight_minor: Minor;
  overnight_day: string;
  spread_bps: number;
  overnight_bps: number;
  /** The market's liquidation level and fee rate when the order was placed: its risk uses these. */
  liquidation_rate_bps: number;
  fee_bps: number;
  /** 0 = not set. */
  target_profit_minor: Minor;
  stop_loss_minor: Minor;
  close_price_minor: MinorOrNull;
  profits_minor: MinorOrNull;
  /** 'user' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation' | 'cancel'. */
  close_reason: string | null;
  open_mark_id: number | null;
  close_mark_id: number | null;
  created_at: Millis;
  opened_at: Millis | null;
  closed_at: Millis | null;
}

/** A change of a market's lever terms, carried out when a second operator approves it. */
export interface LeverTermsRequestsTable {
  id: Generated<number>;
  market_id: number;
  status: 'pending' | 'approved' | 'rejected';
  /** The proposed terms and the ones they replace (the admin reply's shape, JSON). */
  terms_json: string;
  before_json: string;
  requested_by: number;
  requested_at: Millis;
  decided_by: number | null;
  decided_at: Millis | null;
}

/** Deposit and withdrawal terms per currency (modules/funding). */
export interface FundingCoinsTable {
  currency_id: number;
  /** 1 address only, 2 address plus memo (the deposit page shows the memo). */
  make_wallet: number;
  /** Third-party channel mode: 1 address plus bank, 2 third-party payment only, 3 address only. */
  is_show: number;
  deposit_open: number;
  withdraw_open: number;
  /** Deposits below this are recorded but never credited. */
  min_deposit_minor: ColumnType<bigint, bigint, bigint>;
  min_withdraw_minor: ColumnType<bigint, bigint, bigint>;
  max_withdraw_minor: ColumnType<bigint, bigint, bigint>;
  /** Fixed withdrawal fee, added to the network's fee rate. */
  withdraw_fee_minor: ColumnType<bigint, bigint, bigint>;
  /** Withdrawals above this amount wait for an operator's approval. */
  approval_above_minor: ColumnType<bigint, bigint, bigint>;
}

/** The networks a currency moves on (`type_data`): one row each (modules/funding). */
export interface FundingNetworksTable {
  id: number;
  currency_id: number;
  /** The wire's network type, e.g. `erc20`, `omni`, `native`. */
  type: string;
  name: string;
  /** The chain adapter that carries it (`sandbox`). */
  chain: string;
  /** The token contract on that chain; '' for the chain's native coin. */
  contract_address: string;
  /** Blocks a deposit needs (its own included) before it is credited. */
  confirmations: number;
  /** `min_number`: the network's own minimum withdrawal (the larger of it and the coin's applies). */
  min_withdraw_minor: ColumnType<bigint, bigint, bigint>;
  /** `rate`: withdrawal fee rate in basis points of the amount. */
  fee_rate_bps: number;
  is_enabled: number;
  sort: number;
}

/** The embedded sandbox chain's blocks (the canonical chain only; a reorganisation replaces rows). */
export interface SandboxChainBlocksTable {
  height: number;
  hash: string;
  parent_hash: string;
  mined_at: Millis;
}

/** The sandbox chain's transfers; `block_height` null while in the mempool. */
export interface SandboxChainTxsTable {
  id: Generated<number>;
  tx_hash: string;
  /** Token contract address, '' for the native coin. */
  asset: string;
  from_address: string;
  to_address: string;
  memo: string;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  block_height: number | null;
  log_index: number;
  /** 1: mined but reverted (a withdrawal the sandbox was told to fail). */
  failed: number;
  created_at: Millis;
}

/** A user's deposit address on one chain; memo coins share one address and tell users apart by memo. */
export interface FundingAddressesTable {
  chain: string;
  address: string;
  /** '' for an address of the user's own. */
  memo: string;
  user_id: number;
  created_at: Millis;
}

/** Where each chain's deposit scanner resumes. */
export interface FundingScanStateTable {
  chain: string;
  /** The first block not yet scanned. */
  next_height: number;
  /** The chain's tip at the last scan. */
  head: number;
  updated_at: Millis;
}

/** Every deposit seen on a chain, one row per (chain, tx_hash, log_index). */
export interface FundingDepositsTable {
  id: Generated<number>;
  chain: string;
  tx_hash: string;
  log_index: number;
  network_id: number;
  currency_id: number;
  user_id: number;
  address: string;
  memo: string;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  /** The block it was last seen in (kept when a reorganisation removes it, to rescan from there). */
  block_height: number;
  /** '' while the transfer is not in the canonical chain (a reorganisation removed its block). */
  block_hash: string;
  confirmations: number;
  /**
   * 0 confirming, 1 credited, 2 dropped (gone from the chain), 3 below the minimum (never credited),
   * 4 not credited: an operator already credited its transaction through a deposit claim.
   */
  status: number;
  seen_at: Millis;
  credited_at: Millis | null;
}

/** A manual deposit claim (`wallet/charge_req`) waiting for an operator. */
export interface FundingClaimsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  /** The sending account the user names. */
  account: string;
  /** The transaction credited: its chain and lower-case hash ('' until named by the user or the operator). */
  chain: ColumnType<string, string | undefined, string>;
  tx_hash: ColumnType<string, string | undefined, string>;
  /** 0 pending, 1 confirmed (credited), 2 rejected. */
  status: number;
  created_at: Millis;
  decided_at: Millis | null;
}

/** A coin withdrawal (modules/funding): `amount_minor` is what leaves the wallet, fee included. */
export interface FundingWithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network_id: number;
  chain: string;
  address: string;
  memo: string;
  /** Frozen at request; the address receives amount - fee. */
  amount_minor: ColumnType<bigint, bigint, bigint>;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  /** 0 waiting for an operator, 1 sending / on chain, 2 success, 3 failed or rejected (refunded). */
  status: number;
  tx_hash: string | null;
  notes: string;
  created_at: Millis;
  finished_at: Millis | null;
}

/** A user's bound withdrawal address (modules/funding); withdrawals reach it from `usable_at` on. */
export interface FundingWithdrawAddressesTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  network_id: number;
  address: string;
  memo: string;
  created_at: Millis;
  /** created_at + the cool-off (FUNDING_ADDRESS_COOLOFF_HOURS). */
  usable_at: Millis;
}

/** Peer-to-peer ads: C2C ads (`kind` c2c), later merchant-shop ads on the same table. */
export interface P2pAdsTable {
  id: Generated<number>;
  kind: string;
  user_id: number;
  /** buy | sell: what the ad's owner does. */
  type: string;
  currency_id: number;
  /** Fiat code: CNY, USD, JPY. */
  coin_code: string;
  /** bank | ali_pay | we_chat */
  way: string;
  /** Fiat per one coin, fiat minor units (2 decimals). */
  price_minor: ColumnType<bigint, bigint, bigint>;
  /** Coins, minor units at the currency's scale. */
  total_minor: ColumnType<bigint, bigint, bigint>;
  surplus_minor: ColumnType<bigint, bigint, bigint>;
  /** 0 open, 1 done, 2 withdrawn. */
  status: number;
  created_at: Millis;
  updated_at: Millis;
  /** Shop ads: the shop (null for C2C ads). */
  shop_id: number | null;
  /** The smallest and largest money of one deal, fiat minor units (2 decimals; 0: no limit). */
  min_minor: ColumnType<bigint, bigint | undefined, bigint>;
  max_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** Shop ads: 1 on the shelf (takeable), 0 taken off by the seller. */
  is_shelves: ColumnType<number, number | undefined, number>;
  /** C2C ads: the payment window of its deals (ms; 0: the terms' default). */
  pay_window_ms: ColumnType<Millis, Millis | undefined, Millis>;
}

/** Peer-to-peer deals; the coins are in the ledger's `c2c_escrow` while `is_sure` is 0, 3 or 4. */
export interface P2pDealsTable {
  id: Generated<number>;
  kind: string;
  ad_id: number;
  ad_user_id: number;
  taker_id: number;
  seller_id: number;
  buyer_id: number;
  currency_id: number;
  coin_code: string;
  way: string;
  price_minor: ColumnType<bigint, bigint, bigint>;
  number_minor: ColumnType<bigint, bigint, bigint>;
  deal_money_minor: ColumnType<bigint, bigint, bigint>;
  /** The fee kept from the buyer's coins on release (`out_fee`). */
  out_fee_minor: ColumnType<bigint, bigint, bigint>;
  /** 1: the coins were escrowed with the (sell) ad and go back to it on cancel; 0: the taker escrowed them. */
  escrow_from_ad: number;
  /** 0 waiting for payment, 3 paid, 1 done, 2 cancelled, 4 under appeal. */
  is_sure: number;
  created_at: Millis;
  updated_at: Millis;
  paid_at: Millis | null;
  ended_at: Millis | null;
  /** The buyer who cancelled (null when the timer or an operator did), for the daily cancel limit. */
  cancelled_by: number | null;
  /** The payment window this deal was taken with (ms; 0: the terms' default). */
  pay_window_ms: ColumnType<Millis, Millis | undefined, Millis>;
}

/** One appeal per peer-to-peer deal: the party's note, then the operator's decision (release | return). */
export interface P2pAppealsTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  note: string;
  created_at: Millis;
  result: string | null;
  decided_by: number | null;
  decided_at: Millis | null;
  /** The deciding operator's written reason ('' while undecided). */
  reason: Generated<string>;
}

/** Activities an operator froze for a user (modules/console); no row = nothing frozen. */
export interface UserRestrictionsTable {
  user_id: number;
  login: number;
  trade: number;
  withdraw: number;
  reason: string;
  updated_by: number;
  updated_at: Millis;
}

/** Every changing operator call (append-only: the database refuses UPDATE and DELETE). */
export interface StaffAuditLogTable {
  id: Generated<number>;
  at: Millis;
  actor_id: number;
  actor_role: string;
  ip: string;
  call: string;
  /** 'ok' or the refusal's error code. */
  outcome: string;
  subject: string;
  subject_id: string;
  input_json: string;
  before_json: string | null;
  after_json: string | null;
  /** The call's reply (or null for a refusal), each field bounded. */
  result_json: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Four-eyes requests: a movement above the threshold waits for a second operator. */
export interface StaffApprovalsTable {
  id: Generated<number>;
  kind: string;
  subject_id: string;
  currency_id: number;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  payload_json: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requested_by: number;
  requested_at: Millis;
  decided_by: number | null;
  decided_at: Millis | null;
  /** The user whose balance the action credits or debits (own-account and per-user window checks). */
  beneficiary_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** USDT minor units (scale 8) when requested; null: the currency had no price. */
  worth_usdt_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

/** A chain transaction that credited a user (one credit per chain and tx hash, by any path). */
export interface FundingTxCreditsTable {
  chain: string;
  /** Lower case. */
  tx_hash: string;
  source: 'deposit' | 'claim';
  ref_id: number;
  credited_at: Millis;
}

/** Results of the ledger check (scheduled and on demand), newest last. */
export interface LedgerCheckRunsTable {
  id: Generated<number>;
  at: Millis;
  ok: number;
  accounts: number;
  entries: number;
  problem_count: number;
  problems_json: string;
  took_ms: number;
}

/** Acceptors: users the operator appointed to buy and sell one coin (`currency_id`, legal wallet). */
export interface AcceptorsTable {
  id: Generated<number>;
  user_id: number;
  /** cny | coin: the list tab (CNY acceptor, virtual-coin acceptor). */
  kind: string;
  name: string;
  /** The unit `money` is paid in outside the exchange: CNY, or a coin code. */
  quote_code: string;
  currency_id: number;
  /** Quote units per coin, 4 decimals; limits in quote units, 2 decimals. */
  recharge_rate_minor: ColumnType<bigint, bigint, bigint>;
  recharge_min_minor: ColumnType<bigint, bigint, bigint>;
  recharge_max_minor: ColumnType<bigint, bigint, bigint>;
  cash_rate_minor: ColumnType<bigint, bigint, bigint>;
  cash_min_minor: ColumnType<bigint, bigint, bigint>;
  cash_max_minor: ColumnType<bigint, bigint, bigint>;
  wechat_nickname: string;
  wechat_account: string;
  ali_nickname: string;
  ali_account: string;
  bank_name: string;
  bank_account: string;
  bank_address: string;
  /** 1 active, 0 stopped (not listed, no new deals). */
  status: number;
  created_at: Millis;
  updated_at: Millis;
}

/** Deals with acceptors; the coin is in the ledger's `c2c_escrow` while `is_sure` is 0. */
export interface AcceptorDealsTable {
  id: Generated<number>;
  acceptor_id: number;
  acceptor_user_id: number;
  user_id: number;
  /** buy | sell: the user's side. */
  type: string;
  way: string;
  mobile: string;
  deal_account: string;
  currency_id: number;
  quote_code: string;
  money_minor: ColumnType<bigint, bigint, bigint>;
  rate_minor: ColumnType<bigint, bigint, bigint>;
  number_minor: ColumnType<bigint, bigint, bigint>;
  /** 0 waiting for the acceptor, 1 confirmed, 2 rejected. */
  is_sure: number;
  transferred_at: Millis | null;
  created_at: Millis;
  /** Null until the deal moves. */
  updated_at: Millis | null;
  /** Set while (and after) the user disputes the deal; a disputed deal waits for an operator. */
  disputed_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

/** A user's dispute of an acceptor deal and the operator's decision (modules/acceptor/dispute.ts). */
export interface AcceptorDisputesTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  note: string;
  /** File names of the private images, a JSON array. */
  images_json: string;
  created_at: Millis;
  result: string | null;
  reason: Generated<string>;
  decided_by: number | null;
  decided_at: Millis | null;
}

/** A user's region (set in the settings). */
export interface UserRegionsTable {
  user_id: number;
  city_name: string;
  district_name: string;
  updated_at: Millis;
}

/** Region agents: the city and district ('' = the whole city) whose users they see. */
export interface RegionAgentsTable {
  user_id: number;
  city_name: string;
  district_name: string;
  created_at: Millis;
}

/** Merchant shops: one per seller and currency; the balance is the ledger account (seller, shop, currency). */
export interface P2pShopsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  name: string;
  created_at: Millis;
}

/** A private image of a peer-to-peer deal: the buyer's payment voucher or an appeal image. */
export interface P2pDealImagesTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  /** `answer`: an image of the other party's answer to an appeal. */
  kind: 'voucher' | 'appeal' | 'answer';
  file_name: string;
  created_at: Millis;
}

/** One chat message between the two parties of a peer-to-peer deal (modules/p2p/chat.ts). */
export interface P2pDealMessagesTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  body: string;
  created_at: Millis;
}

/** The other party's answer to an appeal (one per deal; modules/p2p/appeal-answer.ts). */
export interface P2pAppealAnswersTable {
  id: Generated<number>;
  deal_id: number;
  user_id: number;
  note: string;
  created_at: Millis;
}

/** Deposit-earning terms (modules/earning): `rate_bps` is the interest over the whole term. */
export interface EarningProductsTable {
  id: number;
  day: number;
  rate_bps: number;
  is_open: number;
  sort: number;
}

/** Currencies that can be deposited for earning, with their minimum (modules/earning). */
export interface EarningCurrenciesTable {
  currency_id: number;
  min_minor: ColumnType<bigint, bigint, bigint>;
  is_open: number;
}

/** One deposit (modules/earning): status 1 earning, 2 finished. */
export interface EarningRecordsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  currency_id: number;
  day: number;
  rate_bps: number;
  principal_minor: ColumnType<bigint, bigint, bigint>;
  interest_minor: ColumnType<bigint, bigint, bigint>;
  paid_minor: ColumnType<bigint, bigint, bigint>;
  paid_count: number;
  status: number;
  created_at: Millis;
  end_at: Millis;
}

/** One daily instalment paid (unique per record and seq). */
export interface EarningPayoutsTable {
  id: Generated<number>;
  record_id: number;
  seq: number;
  interest_minor: ColumnType<bigint, bigint, bigint>;
  principal_minor: ColumnType<bigint, bigint, bigint>;
  due_at: Millis;
  paid_at: Millis;
}

/** The last ledger entry a fee-reading job has handled (modules/team, modules/points). */
export interface EarnWatermarksTable {
  name: string;
  last_entry_id: number;
  updated_at: Millis;
}

/** Referral commission share of an invitee's fee, per depth (1 = direct invitee). */
export interface TeamCommissionLevelsTable {
  level: number;
  share_bps: number;
}

/** One commission paid: unique per fee entry and level. */
export interface TeamCommissionsTable {
  id: Generated<number>;
  user_id: number;
  source_user_id: number;
  source_entry_id: number;
  level: number;
  currency_id: number;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  created_at: Millis;
}

/** JC points earned from one fee entry (modules/points). */
export interface PointsAccrualsTable {
  id: Generated<number>;
  user_id: number;
  source_entry_id: number;
  currency_id: number;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  points_minor: ColumnType<bigint, bigint, bigint>;
  created_at: Millis;
}

/** One JC to BEAU exchange (modules/points). */
export interface PointsExchangesTable {
  id: Generated<number>;
  user_id: number;
  use_minor: ColumnType<bigint, bigint, bigint>;
  price_minor: ColumnType<bigint, bigint, bigint>;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  receive_minor: ColumnType<bigint, bigint, bigint>;
  market_price_minor: ColumnType<bigint, bigint, bigint>;
  created_at: Millis;
}

/** A user's bound external points account (modules/points). */
export interface PointsBindingsTable {
  user_id: number;
  user_name: string;
  provider: string;
  external_id: string;
  created_at: Millis;
}

/** One coin exchange at the spot-derived price (modules/exchange). */
export interface CoinExchangesTable {
  id: Generated<number>;
  user_id: number;
  from_currency_id: number;
  to_currency_id: number;
  number_minor: ColumnType<bigint, bigint, bigint>;
  price_minor: ColumnType<bigint, bigint, bigint>;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  receive_minor: ColumnType<bigint, bigint, bigint>;
  created_at: Millis;
}

/** The EVM hot wallet's next nonce per sending address (modules/funding/chain/evm-hot-wallet.ts). */
export interface FundingEvmNoncesTable {
  chain: string;
  address: string;
  next_nonce: number;
}

/** A withdrawal transaction signed by the EVM hot wallet, kept before broadcast (one per reference). */
export interface FundingEvmSendsTable {
  reference: string;
  chain: string;
  from_address: string;
  nonce: number;
  tx_hash: string;
  raw_tx: string;
  created_at: Millis;
}

/** A sweep of an EVM deposit address into the hot wallet (modules/funding/evm-sweeps.ts). */
export interface FundingEvmSweepsTable {
  id: Generated<number>;
  chain: string;
  network_id: number;
  currency_id: number;
  /** '' for the native coin, else the ERC-20 contract. */
  asset: string;
  address: string;
  address_index: number;
  /** `chain:address:asset` while open, null once done or failed (one open sweep per address and asset). */
  open_key: string | null;
  /** new → topup (gas sent to the address, ERC-20 only) → transfer → done | failed. */
  state: string;
  /** The last credited deposit at the address this sweep covers (the next sweep looks past it). */
  through_deposit_id: number;
  amount_minor: ColumnType<bigint, bigint | undefined, bigint>;
  topup_minor: ColumnType<bigint, bigint | undefined, bigint>;
  gas_minor: ColumnType<bigint, bigint | undefined, bigint>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string, string | undefined, string>;
  created_at: Millis;
  updated_at: Millis;
}

/** A transaction a sweep signed (each fee bump a new version with the same nonce), kept before broadcast. */
export interface FundingEvmSweepTxsTable {
  sweep_id: number;
  /** `topup` (hot wallet → deposit address, native) or `transfer` (deposit address → hot wallet). */
  kind: string;
  version: number;
  from_address: string;
  nonce: number;
  tx_hash: string;
  raw_tx: string;
  /** What it moves, in the asset's on-chain units (decimal string). */
  value_raw: string;
  max_fee_per_gas: string;
  /** The chain's tip when it was signed (a bump is due some blocks later). */
  sent_height: number;
  created_at: Millis;
}

/** The hot wallet's on-chain balance against the ledger's view, per EVM currency (each hour). */
export interface FundingEvmReconciliationsTable {
  id: Generated<number>;
  chain: string;
  currency_id: number;
  hot_address: string;
  at: Millis;
  onchain_minor: ColumnType<bigint, bigint, bigint>;
  ledger_minor: ColumnType<bigint, bigint, bigint>;
  /** On-chain minus the ledger's view. */
  difference_minor: ColumnType<bigint, bigint, bigint>;
  tolerance_minor: ColumnType<bigint, bigint, bigint>;
  /** 1 when |difference| is beyond the tolerance. */
  is_flagged: number;
}

/** A rupiah deposit order paid on the payment provider's page (modules/funding/pay). */
export interface FundingPayOrdersTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  provider: string;
  /** WEPAY, QEPAY, WEPAY2, QEPAY2. */
  channel: string;
  /** 1 online banking, 2 scan code. */
  pay_type: number;
  bank_code: string;
  /** Whole rupiah. */
  amount_idr: number;
  /** What the user's change wallet receives, at the rupiah rate of the order's time. */
  credit_minor: ColumnType<bigint, bigint, bigint>;
  /** 0 waiting for payment, 1 paid and credited, 2 failed. */
  status: number;
  provider_ref: string;
  created_at: Millis;
  paid_at: Millis | null;
}

/** Every payment notification received, once per (provider, notice id): a replay is recognised. */
export interface FundingPayNoticesTable {
  id: Generated<number>;
  provider: string;
  notice_id: string;
  order_ref: string;
  outcome: string;
  received_at: Millis;
}

/** A rupiah withdrawal to the user's bound bank card through the payment provider. */
export interface FundingPayPayoutsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  provider: string;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  /** Whole rupiah paid out. */
  amount_idr: number;
  bank_code: string;
  bank_name: string;
  receive_name: string;
  receive_account: string;
  /** 0 waiting for an operator's review, 1 sending, 2 success, 3 failed or rejected. */
  status: number;
  provider_ref: string;
  notes: string;
  created_at: Millis;
  finished_at: Millis | null;
}

/** A user's API key for the Binance-compatible API (modules/apikeys). */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  /** The public identifier (X-MBX-APIKEY). */
  api_key: string;
  kind: 'hmac' | 'ed25519';
  /** HMAC only: the secret, encrypted (iv.tag.ciphertext, base64url). */
  secret_enc: string | null;
  /** Ed25519 only: the user's public key (PEM). */
  public_key: string | null;
  /** Comma-separated: read, trade. */
  permissions: string;
  /** Comma-separated addresses; '' = any. */
  ip_whitelist: Generated<string>;
  is_enabled: Generated<number>;
  created_at: Millis;
  last_used_at: Millis | null;
}

/** Id blocks of the spot owners when several processes match (migration 0302). */
export interface SpotIdBlocksTable {
  name: 'order' | 'trade';
  next_id: ColumnType<bigint, bigint, bigint>;
}

export interface Database {
  api_keys: ApiKeysTable;
  acceptors: AcceptorsTable;
  acceptor_deals: AcceptorDealsTable;
  acceptor_disputes: AcceptorDisputesTable;
  user_regions: UserRegionsTable;
  region_agents: RegionAgentsTable;
  funding_evm_nonces: FundingEvmNoncesTable;
  funding_evm_sends: FundingEvmSendsTable;
  funding_evm_sweeps: FundingEvmSweepsTable;
  funding_evm_sweep_txs: FundingEvmSweepTxsTable;
  funding_evm_reconciliations: FundingEvmReconciliationsTable;
  funding_pay_orders: FundingPayOrdersTable;
  funding_pay_notices: FundingPayNoticesTable;
  funding_pay_payouts: FundingPayPayoutsTable;
  funding_withdraw_addresses: FundingWithdrawAddressesTable;
  funding_withdrawals: FundingWithdrawalsTable;
  funding_addresses: FundingAddressesTable;
  funding_scan_state: FundingScanStateTable;
  funding_deposits: FundingDepositsTable;
  funding_claims: FundingClaimsTable;
  funding_tx_credits: FundingTxCreditsTable;
  funding_coins: FundingCoinsTable;
  funding_networks: FundingNetworksTable;
  sandbox_chain_blocks: SandboxChainBlocksTable;
  sandbox_chain_txs: SandboxChainTxsTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  auth_counters: AuthCountersTable;
  uploads: UploadsTable;
  unclaimed_uploads: UnclaimedUploadsTable;
  server_keys: ServerKeysTable;
  user_security: UserSecurityTable;
  user_recovery_codes: UserRecoveryCodesTable;
  kyc_submissions: KycSubmissionsTable;
  user_banks: UserBanksTable;
  user_cash_info: UserCashInfoTable;
  user_banks_pending: UserBanksPendingTable;
  user_cash_info_pending: UserCashInfoPendingTable;
  currencies: CurrenciesTable;
  markets: MarketsTable;
  news: NewsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  wallet_transfers: WalletTransfersTable;
  user_favourites: UserFavouritesTable;
  jobs: JobsTable;
  micro_seconds: MicroSecondsTable;
  micro_currencies: MicroCurrenciesTable;
  micro_orders: MicroOrdersTable;
  micro_limits: MicroLimitsTable;
  mark_config: MarkConfigTable;
  mark_book_snapshots: MarkBookSnapshotsTable;
  mark_prices: MarkPricesTable;
  lever_markets: LeverMarketsTable;
  lever_orders: LeverOrdersTable;
  lever_terms_requests: LeverTermsRequestsTable;
  p2p_ads: P2pAdsTable;
  p2p_deals: P2pDealsTable;
  p2p_appeals: P2pAppealsTable;
  p2p_shops: P2pShopsTable;
  p2p_deal_images: P2pDealImagesTable;
  p2p_deal_messages: P2pDealMessagesTable;
  p2p_appeal_answers: P2pAppealAnswersTable;
  spot_orders: SpotOrdersTable;
  spot_id_blocks: SpotIdBlocksTable;
  spot_trades: SpotTradesTable;
  spot_candles: SpotCandlesTable;
  user_restrictions: UserRestrictionsTable;
  staff_audit_log: StaffAuditLogTable;
  staff_approvals: StaffApprovalsTable;
  ledger_check_runs: LedgerCheckRunsTable;
  earning_products: EarningProductsTable;
  earning_currencies: EarningCurrenciesTable;
  earning_records: EarningRecordsTable;
  earning_payouts: EarningPayoutsTable;
  earn_watermarks: EarnWatermarksTable;
  team_commission_levels: TeamCommissionLevelsTable;
  team_commissions: TeamCommissionsTable;
  points_accruals: PointsAccrualsTable;
  points_exchanges: PointsExchangesTable;
  points_bindings: PointsBindingsTable;
  coin_exchanges: CoinExchangesTable;
  notifications: NotificationsTable;
  pol_snapshots: PolSnapshotsTable;
  pol_roots: PolRootsTable;
  pol_system_totals: PolSystemTotalsTable;
  pol_leaves: PolLeavesTable;
  pol_nodes: PolNodesTable;
  funding_utxo_locks: FundingUtxoLocksTable;
  funding_utxo_batches: FundingUtxoBatchesTable;
  funding_utxo_txs: FundingUtxoTxsTable;
  funding_utxo_outputs: FundingUtxoOutputsTable;
  funding_utxo_spent: FundingUtxoSpentTable;
}

/** A user's notification (modules/notifications): a kind and its parameters, rendered by the reader. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** `@oryx/contracts/notifications/calls` NOTIFICATION_KINDS. */
  kind: string;
  /** JSON object of strings. */
  params: string;
  created_at: Millis;
  read_at: Millis | null;
  /** When the dispatcher pushed it (and e-mailed it, for the security kinds); null until then. */
  delivered_at: Millis | null;
}

/** A proof-of-liabilities snapshot (modules/pol): when, and who asked (null: the schedule). */
export interface PolSnapshotsTable {
  id: Generated<number>;
  taken_at: Millis;
  /** `schedule` or `operator`. */
  trigger: string;
  actor_id: number | null;
  user_count: number;
  /** Nodes from this level up are stored (pol_nodes); the levels below are rebuilt from a chunk of leaves. */
  chunk_level: number;
}

/** The published root of one currency's tree: hash, total liabilities (decimal minor units), leaves. */
export interface PolRootsTable {
  snapshot_id: number;
  currency_id: number;
  root_hash: string;
  /** Decimal string: a sum of user balances may pass 64 bits. */
  total_dec: string;
  leaf_count: number;
}

/** A system account's balance (available + frozen) in the snapshot, published beside the roots. */
export interface PolSystemTotalsTable {
  snapshot_id: number;
  currency_id: number;
  account: string;
  balance_minor: ColumnType<bigint, bigint, bigint>;
}

/** One user's leaf: its place in the tree, the random nonce (hex) and the balance it commits to. */
export interface PolLeavesTable {
  snapshot_id: number;
  currency_id: number;
  leaf_index: number;
  user_id: number;
  nonce: string;
  balance_minor: ColumnType<bigint, bigint, bigint>;
}

/** A node of a tree at or above the chunk level (modules/pol/service.ts), for rebuilding paths. */
export interface PolNodesTable {
  snapshot_id: number;
  currency_id: number;
  level: number;
  node_index: number;
  hash: string;
  sum_dec: string;
}

/** A UTXO chain's lock row (modules/funding/chain/utxo-wallet.ts): batches are built one at a time. */
export interface FundingUtxoLocksTable {
  chain: string;
  batches: number;
}

/** One withdrawal transaction of a UTXO chain; `txid` / `raw_tx` its newest signed version. */
export interface FundingUtxoBatchesTable {
  id: Generated<number>;
  chain: string;
  txid: string;
  raw_tx: string;
  /** Base units per virtual byte. */
  fee_rate: number;
  fee_minor: ColumnType<bigint, bigint, bigint>;
  change_minor: ColumnType<bigint, bigint, bigint>;
  /** When its newest version was signed (a bump waits from here). */
  sent_at: Millis;
}

/** Every signed version of a batch (replace-by-fee), by txid. */
export interface FundingUtxoTxsTable {
  txid: string;
  batch_id: number;
  raw_tx: string;
  fee_rate: number;
  created_at: Millis;
}

/** A withdrawal (its reference) paid by a batch. */
export interface FundingUtxoOutputsTable {
  reference: string;
  batch_id: number;
  address: string;
  /** Base units. */
  amount_minor: ColumnType<bigint, bigint, bigint>;
}

/** A coin of the hot wallet spent by a batch: one batch per coin. */
export interface FundingUtxoSpentTable {
  chain: string;
  txid: string;
  vout: number;
  amount_minor: ColumnType<bigint, bigint, bigint>;
  batch_id: number;
}
