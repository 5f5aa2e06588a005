/**
 * Coin information for the deposit and withdrawal pages (`wallet/get_info`), the code that authorizes a
 * withdrawal-address binding (`wallet/address_code`) and the operator's list of withdrawals
 * (`admin/funding/withdrawals`). Amounts leave as decimal strings at the coin's scale.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';

const idLike = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/)])
  .transform((v) => Number(v))
  .pipe(z.number().int().min(1).max(999_999_999));

/** One network of a coin (`type_data[]`). */
export const CoinNetwork = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  contract_address: z.string(),
  /** The network's smallest withdrawal (at least the coin's). */
  min_number: decimalWire,
  /** Percent of the amount taken as fee on this network, added to the coin's fixed `withdraw_fee`. */
  rate: decimalWire,
  /** Blocks a deposit needs, its own included. */
  confirmations: z.number().int(),
  /** The chain adapter carrying it; `sandbox` is the simulated chain. */
  chain: z.string(),
  /**
   * Demo mode, sandbox chain: a valid address of the simulated chain that belongs to nobody on the
   * exchange, offered as a test recipient ('' otherwise).
   */
  test_address: z.string().optional(),
});
export type CoinNetwork = z.infer<typeof CoinNetwork>;

export const CoinInfo = z.object({
  currency: z.number().int(),
  name: z.string(),
  /** The first network's fee percent (see `type_data[].rate`). */
  rate: decimalWire,
  change_balance: decimalWire,
  lock_change_balance: decimalWire,
  legal_balance: decimalWire,
  /** The smallest withdrawal of the first network (see `type_data[].min_number`). */
  min_number: decimalWire,
  max_number: decimalWire,
  /** Fixed fee of one withdrawal, added to the network's percent. */
  withdraw_fee: decimalWire,
  /** A withdrawal above it waits for an operator. */
  approval_above: decimalWire,
  min_deposit: decimalWire,
  type: z.string(),
  contract_address: z.string(),
  /** 1 address only, 2 address plus memo. */
  make_wallet: z.number().int(),
  multi_protocol: z.number().int(),
  type_data: z.array(CoinNetwork),
  /** The caller's bound withdrawal addresses: `label` is the address, `type` its network. */
  wallet_data: z.array(
    z.object({
      id: z.number().int(),
      currency: z.number().int(),
      label: z.string(),
      type: z.string(),
      memo: z.string(),
      usable_at: z.number().int(),
    }),
  ),
  /** The caller's deposit memo on a memo coin ('' otherwise). */
  extension_code: z.string(),
  /** 1 address plus bank, 2 third-party payment only, 3 address only. */
  is_show: z.number().int(),
  /** USDT per 1 unit (the API's spelling). */
  exchange_ate: decimalWire,
  deposit_open: z.number().int(),
  withdraw_open: z.number().int(),
  /** The address-binding cool-off in ms. */
  address_cooloff_ms: z.number().int(),
});
export type CoinInfo = z.infer<typeof CoinInfo>;

export const CoinInfoCall = defineCall({
  method: 'POST',
  path: '/api/wallet/get_info',
  auth: 'user',
  summary:
    'A coin’s deposit and withdrawal terms (networks as type_data, minimum, fees, memo), the caller’s balances and bound addresses',
  input: z.object({ currency: idLike }),
  reply: CoinInfo,
});

export const AddressCodeCall = defineCall({
  method: 'POST',
  path: '/api/wallet/address_code',
  auth: 'user',
  summary:
    'Sends a code to the caller’s own e-mail (else phone) that authorizes binding one withdrawal address; answers where it went, masked',
  input: z.object({
    user_id: z.unknown().optional(),
    /** Demo mode: the page's ticket for reading this code back (see `POST /api/sandbox_code`). */
    sandbox_ticket: z.string().max(128).optional(),
  }),
  reply: z.object({ message: z.string(), destination: z.string() }),
});

export const AdminWithdrawal = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  currency: z.number().int(),
  currency_name: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string(),
  number: decimalWire,
  fee: decimalWire,
  real_number: decimalWire,
  /** 0 waiting for review, 1 sending, 2 success, 3 failed or rejected. */
  status: z.number().int(),
  tx_hash: z.string(),
  created_at: z.number().int(),
  /** A first operator's approval waits for a second one. */
  four_eyes_pending: z.boolean(),
});

export const AdminWithdrawalsCall = defineCall({
  method: 'GET',
  path: '/api/admin/funding/withdrawals',
  auth: 'admin',
  summary: 'Withdrawals by status (default 0: waiting for an operator), oldest first, at most 200',
  input: z.object({ status: z.coerce.number().int().min(0).max(3).catch(0) }),
  reply: z.array(AdminWithdrawal),
});

// --- Operator: coins and networks ----------------------------------------------------------------

const flag = z.coerce.number().int().min(0).max(1);
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal amount');

export const AdminCoinNetwork = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  chain: z.string(),
  contract_address: z.string(),
  confirmations: z.number().int(),
  min_withdraw: decimalWire,
  fee_rate_bps: z.number().int(),
  is_enabled: z.number().int(),
});

export const AdminCoin = z.object({
  currency_id: z.number().int(),
  name: z.string(),
  make_wallet: z.number().int(),
  is_show: z.number().int(),
  deposit_open: z.number().int(),
  withdraw_open: z.number().int(),
  min_deposit: decimalWire,
  min_withdraw: decimalWire,
  max_withdraw: decimalWire,
  withdraw_fee: decimalWire,
  approval_above: decimalWire,
  networks: z.array(AdminCoinNetwork),
});

export const AdminCoinsCall = defineCall({
  method: 'GET',
  path: '/api/admin/funding/coins',
  auth: 'admin',
  summary: 'Every coin that can be deposited or withdrawn, with its terms and networks',
  input: z.object({}),
  reply: z.array(AdminCoin),
});

export const AdminCoinSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/funding/coin',
  auth: 'admin',
  summary:
    "Changes a coin's switches and terms (amounts in whole units of the coin); applies to deposits and withdrawals from now on",
  input: z.object({
    currency_id: idLike,
    is_show: z.coerce.number().int().min(1).max(3),
    deposit_open: flag,
    withdraw_open: flag,
    min_deposit: amount,
    min_withdraw: amount,
    max_withdraw: amount,
    withdraw_fee: amount,
    approval_above: amount,
  }),
  reply: z.string(),
});

export const AdminNetworkSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/funding/network',
  auth: 'admin',
  summary: "Changes a network's confirmations, minimum withdrawal, fee rate (basis points) and switch",
  input: z.object({
    id: idLike,
    confirmations: z.coerce.number().int().min(1).max(1000),
    min_withdraw: amount,
    fee_rate_bps: z.coerce.number().int().min(0).max(5000),
    is_enabled: flag,
  }),
  reply: z.string(),
});
