/**
 * Deposit-earning ("manage"): the published terms, the deposit wallet, depositing and the records.
 * The payout rule is in ./terms.ts. Inputs are loose (clients send numbers or strings, form or JSON);
 * the server answers bad values with the earning area's own errors.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { intish } from '../wire';

export const EARNING_PAGE_SIZE = 10;
export const EARNING_PAGE_SIZE_MAX = 50;
/** Record status: 1 earning (highlighted), 2 finished (principal returned). */
export const EARNING_STATUS = { earning: 1, finished: 2 } as const;

const loose = z.unknown().optional();

export const DepositProduct = z.object({
  id: z.number().int(),
  /** Term in days; one interest instalment is paid per day. */
  day: z.number().int(),
  /**
   * Interest over the whole term as a fraction of the amount ('0.015' for 1.50 %): clients of this API
   * family show `100 × rate` percent.
   */
  rate: decimalWire,
  /** The same interest in percent ('1.50'). */
  rate_percent: decimalWire,
  rate_bps: z.number().int(),
});
export type DepositProduct = z.infer<typeof DepositProduct>;

export const DepositSetupCall = defineCall({
  method: 'GET',
  path: '/api/wallet/deposit_setup',
  auth: 'optional',
  summary:
    'The deposit-earning products on offer: term in days and interest over the term (`rate` a fraction, ' +
    '`rate_percent` in percent)',
  input: z.object({}),
  reply: z.array(DepositProduct),
});

export const DepositBalanceRow = z.object({
  currency: z.number().int(),
  currency_name: z.string(),
  /** What can be deposited now: the spot (change) wallet's available balance. */
  deposit_balance: decimalWire,
  /** Principal locked in running deposits (the deposit wallet's frozen part). */
  lock_deposit_balance: decimalWire,
  /** Smallest deposit. */
  min_number: decimalWire,
  scale: z.number().int(),
});
export type DepositBalanceRow = z.infer<typeof DepositBalanceRow>;

export const DepositListCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/wallet/depositlist',
  auth: 'user',
  summary: 'The currencies that can be deposited for earning, with what is available and what is locked',
  input: z.object({}),
  reply: z.object({ deposit_wallet: z.object({ balance: z.array(DepositBalanceRow) }) }),
});

export const RecordSubmitCall = defineCall({
  method: 'POST',
  path: '/api/record/submit',
  auth: 'user',
  summary: 'Deposits an amount from the spot wallet into a product; principal locked until the term ends',
  input: z.object({
    set_id: loose,
    currency_id: loose,
    /** The amount (decimal string). */
    balance: loose,
    password: z.string().optional(),
    /** Names the request for retries (or the Idempotency-Key header): a retry deposits once. */
    client_id: z.string().optional(),
  }),
  reply: z.string(),
});

export const DepositRecordRow = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  day: z.number().int(),
  /** The product's interest over the term, as a fraction (the same meaning as `deposit_setup`'s `rate`). */
  rate: decimalWire,
  /** The same in percent. */
  rate_percent: decimalWire,
  /** Principal. */
  balance: decimalWire,
  /** Interest paid so far. */
  profit_balance: decimalWire,
  /** Interest over the whole term. */
  total_profit: decimalWire,
  paid_days: z.number().int(),
  created_at: z.string(),
  end_time: z.string(),
  status: z.number().int(),
  status_name: z.string(),
});
export type DepositRecordRow = z.infer<typeof DepositRecordRow>;

export const RecordListsCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/record/lists',
  auth: 'user',
  summary: 'The caller’s deposits, newest first',
  input: z.object({
    page: intish((n) => n.min(1).max(100_000).catch(1)),
    limit: intish((n) => n.min(1).max(EARNING_PAGE_SIZE_MAX).catch(EARNING_PAGE_SIZE)),
  }),
  reply: z.object({
    data: z.array(DepositRecordRow),
    current_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});

// --- Operator --------------------------------------------------------------------------------------

const adminId = intish((n) => n.min(1).max(1_000_000));

export const AdminEarningConfigCall = defineCall({
  method: 'GET',
  path: '/api/admin/earning/config',
  auth: 'admin',
  summary: 'Deposit-earning products (term, rate over the term) and the currencies that can be deposited',
  input: z.object({}),
  reply: z.object({
    products: z.array(
      z.object({
        id: z.number().int(),
        day: z.number().int(),
        rate: z.string(),
        is_open: z.number().int(),
        sort: z.number().int(),
      }),
    ),
    currencies: z.array(
      z.object({
        currency_id: z.number().int(),
        name: z.string(),
        min: z.string(),
        is_open: z.number().int(),
      }),
    ),
  }),
});

export const AdminEarningProductCall = defineCall({
  method: 'POST',
  path: '/api/admin/earning/product',
  auth: 'admin',
  summary:
    'Adds (no `id`) or changes a product: `day` 1–3650, `rate` percent over the term (up to 2 decimals, at most 100). Deposits made before keep their terms',
  input: z.object({
    id: adminId.optional(),
    day: intish((n) => n.min(1).max(3650)),
    rate: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'a percent with up to 2 decimals'),
    is_open: intish((n) => n.min(0).max(1)),
    sort: intish((n) => n.min(0).max(1_000_000)).optional(),
  }),
  reply: z.string(),
});
