/**
 * The third-party rupiah channel: a deposit paid in rupiah (Rp) on a payment provider's page, credited in
 * a coin at the exchange's rupiah rate, and a coin withdrawal paid out in rupiah to the caller's bound
 * bank card. Inputs are loose (legacy clients send numbers or strings); the server checks them in order.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';

/** A rupiah deposit's bounds, whole rupiah. */
export const PAY_MIN_IDR = 10_000;
export const PAY_MAX_IDR = 100_000_000;
/** The provider's channels; `recharge` 1-4 names them in this order. */
export const PAY_CHANNELS = ['WEPAY', 'QEPAY', 'WEPAY2', 'QEPAY2'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
/** 1 online banking (a bank is chosen), 2 scan code (QR). */
export const PAY_TYPES = { bank: 1, scan: 2 } as const;

const loose = z.unknown().optional();
const field = z.union([z.string().max(40), z.number()]).optional();

export const PayDepositCall = defineCall({
  method: 'POST',
  path: '/api/wallet/charge_req_pay',
  auth: 'user',
  summary:
    'A rupiah deposit through the payment provider: amount 10,000-100,000,000 Rp, pay_type 1 online banking (bank_code optional: without it the provider’s page asks for the bank) or 2 scan code, recharge 1-4 (or channel WEPAY, QEPAY, WEPAY2, QEPAY2). Returns the URL of the provider’s payment page',
  input: z.object({
    currency: field,
    amount: field,
    pay_type: field,
    recharge: field,
    channel: z.string().max(20).optional(),
    bank_code: z.string().max(30).optional(),
    user_id: loose,
  }),
  reply: z.string(),
});

export const PayQuoteCall = defineCall({
  method: 'POST',
  path: '/api/wallet/pay_quote',
  auth: 'user',
  summary:
    'The rupiah channel’s terms for a coin: its rupiah rate, the deposit bounds, the withdrawal fee (percent) and the bound bank card (null when none)',
  input: z.object({ currency: field }),
  reply: z.object({
    currency_name: z.string(),
    idr_rate: z.string(),
    min_idr: z.number().int(),
    max_idr: z.number().int(),
    out_fee_percent: z.string(),
    channels: z.array(z.string()),
    is_sandbox: z.boolean(),
    bank: z
      .object({
        bank_code: z.string(),
        bank_name: z.string(),
        receive_name: z.string(),
        receive_account: z.string(),
      })
      .nullable(),
  }),
});

export const PayWithdrawCall = defineCall({
  method: 'POST',
  path: '/api/wallet/out_pay',
  auth: 'user',
  summary:
    'A coin withdrawal paid out in rupiah to the caller’s bound bank card: number (the coin amount, fee included), rate (the fee, optional; when sent it must be the server’s), pay_password, totp_code (with two-factor on). `997` when no bank card is bound, `not` when no trade password is set. Status 2 paid, 3 declined (returned), 1 still sending (asked again later), 0 waiting for an operator (reviewed like a coin withdrawal: by value over 24 hours, or a bank card bound within the cool-off)',
  input: z.object({
    currency: field,
    number: field,
    rate: field,
    pay_password: z.string().max(100).optional(),
    /** With two-factor on: the authenticator's code or a recovery code. */
    totp_code: z.string().max(16).optional(),
  }),
  reply: z.object({
    id: z.number().int(),
    status: z.number().int(),
    fee: decimalWire,
    amount_idr: z.number().int(),
  }),
});

export const PayLogRow = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  /** Deposits: what was credited; withdrawals: the coin amount, fee included. */
  number: decimalWire,
  fee: decimalWire,
  amount_idr: z.number().int(),
  /** Deposits: the channel; withdrawals: the bank. */
  channel: z.string(),
  /** Deposits: 0 waiting, 1 paid, 2 failed. Withdrawals: 1 sending, 2 paid, 3 declined. */
  status: z.number().int(),
  created_time: z.string(),
});
export type PayLogRow = z.infer<typeof PayLogRow>;

export const PayLogCall = defineCall({
  method: 'POST',
  path: '/api/wallet/pay_log',
  auth: 'user',
  summary: 'The caller’s rupiah deposits (type in) or rupiah withdrawals (type out), newest first, 20 a page',
  input: z.object({
    type: z.enum(['in', 'out']).catch('in'),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
  }),
  reply: z.object({
    data: z.array(PayLogRow),
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
  }),
});

// --- Operator: payouts waiting for review -----------------------------------------------------------

export const AdminPayout = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  currency_name: z.string(),
  number: decimalWire,
  fee: decimalWire,
  amount_idr: z.number().int(),
  bank_code: z.string(),
  bank_name: z.string(),
  receive_name: z.string(),
  receive_account: z.string(),
  /** 0 waiting for review, 1 sending, 2 paid, 3 declined or rejected. */
  status: z.number().int(),
  notes: z.string(),
  created_time: z.string(),
  /** A first operator's approval waits for a second one. */
  four_eyes_pending: z.boolean(),
});
export type AdminPayout = z.infer<typeof AdminPayout>;

export const AdminPayoutsCall = defineCall({
  method: 'GET',
  path: '/api/admin/funding/payouts',
  auth: 'admin',
  summary: 'Rupiah payouts by status (default 0: waiting for an operator), at most 200',
  input: z.object({ status: z.coerce.number().int().min(0).max(3).catch(0) }),
  reply: z.array(AdminPayout),
});

export const AdminPayoutDecideCall = defineCall({
  method: 'POST',
  path: '/api/admin/funding/payout',
  auth: 'admin',
  summary:
    'Approves (pays out now) or rejects (returns) a rupiah payout waiting for review, with the same four-eyes rules as a coin withdrawal: beyond what one operator may move alone the first approval only records the request (`four_eyes_pending`); nobody decides their own payout',
  input: z.object({
    id: z.coerce.number().int().min(1).max(2_147_483_647),
    approve: z.coerce.number().int().min(0).max(1),
  }),
  reply: z.object({ id: z.number().int(), status: z.number().int(), four_eyes_pending: z.boolean() }),
});
