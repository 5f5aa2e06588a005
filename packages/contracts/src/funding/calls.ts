/**
 * Coin deposits (`money/rechange`), the deposit records, the sandbox
 * chain's faucet and the operator's decision on manual deposit claims. Amounts leave as decimal strings
 * at the coin's scale; inputs are loose (legacy clients send numbers or strings, and a `user_id` the
 * server ignores: the caller is the session's user).
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';

export const FUNDING_LOG_LIMIT = 20;

const idLike = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/)])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1).max(999_999_999));
const loose = z.unknown().optional();
const pageInput = z.coerce.number().int().min(1).max(100_000).catch(1);
const amountInput = z.union([z.string().max(40), z.number()]).optional();

export const DepositAddressCall = defineCall({
  method: 'POST',
  path: '/api/wallet/get_in_address',
  auth: 'user',
  summary:
    'The caller’s deposit address: a string for a one-network coin, {erc20, omni, ...} keyed by network type for several, {address, memo} for a memo coin',
  input: z.object({ currency: idLike, user_id: loose }),
  reply: z.union([z.string(), z.record(z.string(), z.string())]),
});

export const CompanyAddressCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/money/rechange',
  auth: 'optional',
  summary: 'The exchange’s company deposit address (manual deposits are sent there, then claimed)',
  input: z.object({ user_id: loose }),
  reply: z.object({ company_eth_address: z.string() }),
});

export const DepositClaimCall = defineCall({
  method: 'POST',
  path: '/api/wallet/charge_req',
  auth: 'user',
  summary:
    'A manual deposit claim (amount, the sending account and, when known, the transaction), credited when an operator confirms it; a transaction already credited is refused',
  input: z.object({
    currency: idLike,
    amount: amountInput,
    account: z.string().max(200).optional(),
    user_id: loose,
    /** The transaction the coins came in (optional; the operator names it otherwise). */
    tx_hash: z.string().trim().max(200).optional(),
    /** Its network (`type`), when the coin has several. */
    type: z.union([z.string().max(20), z.number()]).optional(),
  }),
  reply: z.string(),
});

export const DepositRow = z.object({
  id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  network: z.string(),
  tx_hash: z.string(),
  address: z.string(),
  memo: z.string(),
  amount: decimalWire,
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  /** 0 confirming, 1 credited, 2 dropped (left the chain), 3 below the minimum. */
  status: z.number().int(),
  created_time: z.string(),
});
export type DepositRow = z.infer<typeof DepositRow>;

export const DepositLogCall = defineCall({
  method: 'POST',
  path: '/api/wallet/in_log',
  auth: 'user',
  summary: 'The caller’s coin deposits, newest first: network, transaction, confirmations, amount, time',
  input: z.object({ currency: z.union([z.number(), z.string().max(12)]).optional(), page: pageInput }),
  reply: z.object({
    data: z.array(DepositRow),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const SandboxFaucetCall = defineCall({
  method: 'POST',
  path: '/api/sandbox/faucet',
  auth: 'user',
  summary:
    'Demo mode, sandbox chain only: sends simulated coins to the caller’s own deposit address; the deposit then arrives like any other',
  input: z.object({
    currency: idLike,
    type: z.union([z.string().max(20), z.number()]).optional(),
    amount: amountInput,
  }),
  reply: z.object({ tx_hash: z.string(), address: z.string(), memo: z.string() }),
});

export const AdminClaim = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  amount: decimalWire,
  account: z.string(),
  /** The transaction it is for: its chain and hash ('' until the user or an operator names it). */
  chain: z.string(),
  tx_hash: z.string(),
  /** 0 pending, 1 confirmed, 2 rejected. */
  status: z.number().int(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  /** A first operator's approval waits for a second one. */
  four_eyes_pending: z.boolean(),
});

export const AdminClaimsCall = defineCall({
  method: 'GET',
  path: '/api/admin/funding/claims',
  auth: 'admin',
  summary: 'Manual deposit claims, pending first',
  input: z.object({}),
  reply: z.array(AdminClaim),
});

export const AdminClaimDecideCall = defineCall({
  method: 'POST',
  path: '/api/admin/funding/claim',
  auth: 'admin',
  summary:
    'Confirms (credits the change wallet from chain_hot_wallet) or rejects a pending deposit claim. A confirmation names the transaction credited (unless the claim does): one transaction is credited once, by the deposit scanner or one claim. Four-eyes applies; nobody decides a claim of their own account',
  input: z.object({
    id: idLike,
    approve: z.coerce.number().int().min(0).max(1),
    tx_hash: z.string().trim().max(200).optional(),
    /** The transaction's network (`type` or id), when the coin has several. */
    type: z.union([z.string().max(20), z.number()]).optional(),
  }),
  reply: AdminClaim,
});

export const WithdrawFeeCall = defineCall({
  method: 'POST',
  path: '/api/wallet/calculat_fee',
  auth: 'user',
  summary:
    'The withdrawal fee (`rate`) of an amount on a network and what arrives (`real_number`), with the fee’s fixed part (`withdraw_fee`) and percent (`fee_rate`). Without `type`: the coin’s default network (the first), named in `type`',
  input: z.object({
    currency: idLike,
    type: z.union([z.string().max(20), z.number()]).optional(),
    number: amountInput,
  }),
  reply: z.object({
    rate: decimalWire,
    real_number: decimalWire,
    /** The fixed part of the fee (`get_info.withdraw_fee`). */
    withdraw_fee: decimalWire,
    /** The network's percent of the amount (`get_info.type_data[].rate`). */
    fee_rate: decimalWire,
    /** The network answered for. */
    type: z.string(),
  }),
});

export const WithdrawCall = defineCall({
  method: 'POST',
  path: '/api/wallet/out',
  auth: 'user',
  guard: 'withdraw',
  summary:
    'A coin withdrawal: the amount (fee included) is frozen; above the coin’s approval amount it waits for an operator. `rate`, optional, is the fee (`calculat_fee`) or the network’s percent (`get_info.type_data[].rate`); the fee charged is the server’s. `not` when no trade password is set',
  input: z.object({
    currency: idLike,
    type: z.union([z.string().max(20), z.number()]).optional(),
    number: amountInput,
    rate: amountInput,
    address: z.string().max(200).optional(),
    memo: z.string().max(100).optional(),
    pay_password: z.string().max(100).optional(),
    /** With two-factor on: the authenticator's code or a recovery code. */
    totp_code: z.string().max(16).optional(),
  }),
  reply: z.string(),
});

export const WithdrawRow = z.object({
  id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string(),
  number: decimalWire,
  fee: decimalWire,
  real_number: decimalWire,
  tx_hash: z.string(),
  /** 0 waiting for review, 1 sending, 2 success, 3 failed or rejected (refunded). */
  status: z.number().int(),
  notes: z.string(),
  create_time: z.string(),
});

export const WithdrawLogCall = defineCall({
  method: 'POST',
  path: '/api/wallet/out_log',
  auth: 'user',
  summary: 'The caller’s coin withdrawals, newest first (status 2 success, 3 failed)',
  input: z.object({
    currency: z.union([z.number(), z.string().max(12)]).optional(),
    type: loose,
    id: loose,
    page: pageInput,
  }),
  reply: z.object({
    data: z.array(WithdrawRow),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
});

export const AdminWithdrawalDecideCall = defineCall({
  method: 'POST',
  path: '/api/admin/funding/withdrawal',
  auth: 'admin',
  summary:
    'Approves (sends) or rejects (refunds) a withdrawal waiting for review. Beyond what one operator may move alone (four-eyes amount and window, or a coin with no price) the first approval only records the request (`four_eyes_pending`); a second operator approves it. Nobody decides their own withdrawal; a rejection closes a waiting first approval',
  input: z.object({ id: idLike, approve: z.coerce.number().int().min(0).max(1) }),
  reply: z.object({ id: z.number().int(), status: z.number().int(), four_eyes_pending: z.boolean() }),
});

export const WithdrawAddress = z.object({
  id: z.number().int(),
  currency: z.number().int(),
  network: z.string(),
  type: z.string(),
  address: z.string(),
  memo: z.string(),
  created_at: z.number().int(),
  /** Withdrawals reach it from this time on (ms). */
  usable_at: z.number().int(),
});

export const WithdrawAddressesCall = defineCall({
  method: 'POST',
  path: '/api/wallet/get_address',
  auth: 'user',
  summary: 'The caller’s bound withdrawal addresses of a coin, each with the time it may receive withdrawals',
  input: z.object({ currency: idLike }),
  reply: z.array(WithdrawAddress),
});

export const WithdrawAddressAddCall = defineCall({
  method: 'POST',
  path: '/api/wallet/add_address',
  auth: 'user',
  summary:
    'Binds a withdrawal address (validated for the network) with a code sent to the caller; it receives withdrawals after the cool-off (24 h by default)',
  input: z.object({
    currency: idLike,
    type: z.union([z.string().max(20), z.number()]).optional(),
    address: z.string().max(200).optional(),
    memo: z.string().max(100).optional(),
    /** The code sent by `wallet/address_code` (`verificationcode` in the wallet service's spelling). */
    code: z.union([z.string().max(16), z.number()]).optional(),
    verificationcode: z.union([z.string().max(16), z.number()]).optional(),
    /** With two-factor on: the authenticator's code or a recovery code. */
    totp_code: z.string().max(16).optional(),
  }),
  reply: WithdrawAddress,
});

export const WithdrawAddressDeleteCall = defineCall({
  method: 'POST',
  path: '/api/wallet/deladdress',
  auth: 'user',
  summary: 'Removes one of the caller’s withdrawal addresses',
  input: z.object({ address_id: idLike }),
  reply: z.object({ id: z.number().int() }),
});

/** The latest reconciliation of one currency of the EVM hot wallet. */
export const EvmReconciliation = z.object({
  currency: z.number().int(),
  currency_name: z.string(),
  at: z.number().int(),
  /** The hot wallet's balance on the chain. */
  onchain: decimalWire,
  /** What the ledger says it holds. */
  ledger: decimalWire,
  /** On-chain minus the ledger's view. */
  difference: decimalWire,
  tolerance: decimalWire,
  is_flagged: z.boolean(),
});

/** A sweep of an EVM deposit address into the hot wallet. */
export const EvmSweep = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  address: z.string(),
  /** new, topup, transfer, done, failed. */
  state: z.string(),
  amount: decimalWire,
  /** Gas paid (native coin), top-up included. */
  gas: decimalWire,
  attempts: z.number().int(),
  last_error: z.string(),
  updated_at: z.number().int(),
});

export const AdminEvmReconciliationCall = defineCall({
  method: 'GET',
  path: '/api/admin/funding/evm_reconciliation',
  auth: 'admin',
  staff: 'read',
  summary:
    'The EVM hot wallet: the latest hourly reconciliation per currency (on-chain balance against the ledger, flagged beyond the tolerance) and the latest sweeps of deposit addresses',
  input: z.object({}),
  reply: z.object({
    chain: z.string(),
    hot_address: z.string(),
    native_currency_name: z.string(),
    list: z.array(EvmReconciliation),
    sweeps: z.array(EvmSweep),
  }),
});
