/**
 * The operator console's own calls (Oryx's design: the API family has no back office). Every call here
 * is an 'admin' call: the staff level it needs is its `staff` or the default (GET read, else act), see
 * ./roles.ts. Money amounts are decimal strings; times are epoch milliseconds.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { intish } from '../wire';
import { USER_ROLES } from './roles';

const id = intish((n) => n.min(1).max(2_147_483_647));
const page = intish((n) => n.min(1).max(100_000).default(1));
const reason = z.string().trim().min(1).max(200);
const flag = intish((n) => n.min(0).max(1));

export const ConsoleMeCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/me',
  auth: 'admin',
  summary: 'The operator using the console: id, e-mail, staff role and what the role may do',
  input: z.object({}),
  reply: z.object({
    user_id: z.number().int(),
    account: z.string(),
    role: z.enum(USER_ROLES),
    may: z.object({ read: z.boolean(), act: z.boolean(), manage: z.boolean() }),
    /** The sandbox outbox exists (demo mode only; the administrator reads it). */
    has_outbox: z.boolean(),
  }),
});

const ledgerRun = z.object({
  at: z.number().int(),
  ok: z.boolean(),
  accounts: z.number().int(),
  entries: z.number().int(),
  problem_count: z.number().int(),
  problems: z.array(z.string()),
  took_ms: z.number().int(),
});

export const ConsoleDashboardCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/dashboard',
  auth: 'admin',
  summary:
    'The dashboard: the last ledger check, system-account balances per currency, users, 24 h volumes, queues waiting for an operator',
  input: z.object({}),
  reply: z.object({
    ledger_check: ledgerRun.nullable(),
    system_accounts: z.array(
      z.object({ account: z.string(), currency: z.string(), available: z.string(), frozen: z.string() }),
    ),
    users: z.object({ total: z.number().int(), new_24h: z.number().int(), verified: z.number().int() }),
    volumes_24h: z.array(
      z.object({ area: z.string(), market: z.string(), count: z.number().int(), volume: z.string() }),
    ),
    queues: z.array(z.object({ name: z.string(), count: z.number().int(), path: z.string() })),
  }),
});

export const ConsoleLedgerCheckCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/ledger_check',
  auth: 'admin',
  staff: 'read',
  summary: 'Run the ledger check now (reads only; an auditor may run it) and record its result',
  input: z.object({}),
  reply: ledgerRun,
});

const userRow = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string(),
  account_number: z.string(),
  role: z.enum(USER_ROLES),
  is_seller: z.number().int(),
  review_status: z.number().int(),
  created_at: z.number().int(),
  frozen: z.object({ login: z.boolean(), trade: z.boolean(), withdraw: z.boolean() }),
});
export type ConsoleUserRow = z.infer<typeof userRow>;

export const ConsoleUsersCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/users',
  auth: 'admin',
  summary: 'Search users by id, e-mail, phone or account number (20 a page, newest first)',
  input: z.object({ q: z.string().trim().max(100).default(''), page }),
  reply: z.object({ data: z.array(userRow), total: z.number().int(), page: z.number().int() }),
});

/** Personal data (real name, contacts, sessions' addresses): each read goes to the audit log. */
export const ConsoleUserCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/user',
  auth: 'admin',
  auditReads: true,
  summary: "One user: profile, restrictions with their reason, balances per wallet and the user's sessions",
  input: z.object({ id }),
  reply: z.object({
    user: userRow,
    nickname: z.string(),
    real_name: z.string(),
    parent_id: z.number().int().nullable(),
    invitees: z.number().int(),
    restriction_reason: z.string(),
    balances: z.array(
      z.object({ wallet: z.string(), currency: z.string(), available: z.string(), frozen: z.string() }),
    ),
    sessions: z.array(
      z.object({
        id: z.number().int(),
        created_at: z.number().int(),
        expires_at: z.number().int(),
        revoked_at: z.number().int().nullable(),
        ip: z.string(),
        user_agent: z.string(),
      }),
    ),
  }),
});

/**
 * A user's payment details (bound bank account, C2C collection accounts and QR codes), shown only when
 * an operator asks for them; each read goes to the audit log. QR images come as short-lived signed URLs.
 */
export const ConsoleUserPaymentsCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/user_payments',
  auth: 'admin',
  auditReads: true,
  summary: "A user's payment details: bank account and collection accounts (each read audited)",
  input: z.object({ id }),
  reply: z.object({
    bank: z
      .object({
        receive_name: z.string(),
        receive_account: z.string(),
        bank_code: z.string(),
        bank_name: z.string(),
        updated_at: z.number().int(),
      })
      .nullable(),
    cash: z
      .object({
        real_name: z.string(),
        bank_name: z.string(),
        bank_account: z.string(),
        alipay_account: z.string(),
        alipay_collect: z.string(),
        wechat_nickname: z.string(),
        wechat_account: z.string(),
        wechat_collect: z.string(),
        updated_at: z.number().int(),
      })
      .nullable(),
  }),
});

export const ConsoleUserLedgerCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/user_ledger',
  auth: 'admin',
  summary: "A user's ledger history, newest first (20 a page)",
  input: z.object({ id, page }),
  reply: z.object({
    data: z.array(
      z.object({
        entry_id: z.number().int(),
        at: z.number().int(),
        wallet: z.string(),
        bucket: z.string(),
        currency: z.string(),
        value: z.string(),
        reason: z.string(),
        ref: z.string(),
        counterpart: z.string(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
  }),
});

export const ConsoleRestrictCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/restrict',
  auth: 'admin',
  summary:
    "Freeze or unfreeze a user's login, trading or withdrawals, with a reason. Freezing the login ends every session of the user",
  input: z.object({ id, login: flag, trade: flag, withdraw: flag, reason }),
  reply: z.string(),
});

export const ConsoleRevokeSessionsCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/revoke_sessions',
  auth: 'admin',
  summary: 'End one session of a user (`session_id`) or all of them (no `session_id`)',
  input: z.object({ id, session_id: id.optional() }),
  reply: z.string(),
});

export const ConsoleSetRoleCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/role',
  auth: 'admin',
  staff: 'manage',
  summary: "Set a user's staff role (administrator only; not one's own)",
  input: z.object({ id, role: z.enum(USER_ROLES) }),
  reply: z.string(),
});

const auditRow = z.object({
  id: z.number().int(),
  at: z.number().int(),
  actor_id: z.number().int(),
  actor: z.string(),
  actor_role: z.string(),
  ip: z.string(),
  call: z.string(),
  outcome: z.string(),
  subject: z.string(),
  subject_id: z.string(),
  input: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** The call's reply (null for a refusal), each field bounded. */
  result: z.string().nullable(),
});

export const ConsoleAuditCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/audit',
  auth: 'admin',
  summary: 'The audit log of operator actions, newest first (30 a page), optionally by actor or call',
  input: z.object({
    page,
    actor_id: id.optional(),
    call: z.string().trim().max(100).default(''),
  }),
  reply: z.object({ data: z.array(auditRow), total: z.number().int(), page: z.number().int() }),
});

const approvalRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requested_by: z.number().int(),
  /** The requesting operator's login (e-mail, else account). */
  requested_by_name: z.string(),
  requested_at: z.number().int(),
  decided_by: z.number().int().nullable(),
  /** The deciding operator's login (null while pending). */
  decided_by_name: z.string().nullable(),
  decided_at: z.number().int().nullable(),
  /** The user whose balance the action moves (null: not recorded). */
  beneficiary_id: z.number().int().nullable(),
  /** USDT worth when requested; null: the currency had no price (always two operators). */
  worth_usdt: z.string().nullable(),
});

export const ConsoleApprovalsCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/approvals',
  auth: 'admin',
  summary: 'Four-eyes requests (30 a page): pending ones first',
  input: z.object({ page, status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending') }),
  reply: z.object({ data: z.array(approvalRow), total: z.number().int(), page: z.number().int() }),
});

export const ConsoleDecideApprovalCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/approval',
  auth: 'admin',
  summary:
    'Approve or reject a pending manual adjustment (a second operator: the requester cannot approve their own; nobody decides a correction of their own account), or reject a pending escrow decision (a second operator approves one by making the same decision)',
  input: z.object({ id, decision: z.enum(['approve', 'reject']) }),
  reply: z.string(),
});

export const ConsoleAdjustCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/adjust',
  auth: 'admin',
  summary:
    "A correction as a new, visible ledger movement with a reason: credit (positive) or debit (negative) a user's wallet against the adjustments account. It waits for a second operator above the four-eyes amount (with what the operator, or the user's account, had moved alone in the window) or in a currency with no price; never on one's own account",
  input: z.object({
    id,
    wallet: z.enum(['change', 'legal', 'lever', 'micro', 'deposit']),
    currency_id: id,
    amount: z
      .string()
      .trim()
      .regex(/^-?\d{1,20}(\.\d{1,18})?$/, 'a decimal amount'),
    reason,
  }),
  reply: z.object({ status: z.enum(['done', 'pending']), approval_id: z.number().int().nullable() }),
});

export const ConsoleMarketsCall = defineCall({
  method: 'GET',
  path: '/api/admin/console/markets',
  auth: 'admin',
  summary: 'Every market with its switches (spot, seconds, leverage, display) and spot fees',
  input: z.object({}),
  reply: z.array(
    z.object({
      id: z.number().int(),
      symbol: z.string(),
      is_display: z.number().int(),
      open_coin_trade: z.number().int(),
      open_microtrade: z.number().int(),
      open_lever: z.number().int(),
      maker_fee_bps: z.number().int(),
      taker_fee_bps: z.number().int(),
    }),
  ),
});

export const ConsoleMarketCall = defineCall({
  method: 'POST',
  path: '/api/admin/console/market',
  auth: 'admin',
  summary:
    "Open or close a market's spot trading, set its display switch and spot fees; the spot engine reloads them at once (resting orders stay on the book)",
  input: z.object({
    id,
    is_display: flag.optional(),
    open_coin_trade: flag.optional(),
    maker_fee_bps: intish((n) => n.min(0).max(1000)).optional(),
    taker_fee_bps: intish((n) => n.min(0).max(1000)).optional(),
  }),
  reply: z.string(),
});

// Escrow decisions under four-eyes ----------------------------------------------------------------------

/**
 * Four-eyes kinds of the decisions that move escrowed money: an appealed P2P deal (C2C or shop; subject:
 * the deal's id) and a disputed acceptor deal (subject: the acceptor deal's id).
 */
export const ESCROW_DECISION_KINDS = ['p2p.appeal', 'acceptor.dispute'] as const;
export type EscrowDecisionKind = (typeof ESCROW_DECISION_KINDS)[number];
export const ESCROW_RESULTS = ['release', 'return'] as const;
/** An escrow decision's written reason: required, at most this long. */
export const ESCROW_REASON_MAX = 200;

/** The decision's reason as sent: checked by the server (CONSOLE_REASON_REQUIRED when empty or too long). */
export const escrowReasonInput = z.string().max(2000).optional().default('');

/** A decision one operator asked for that waits for a second operator (null when none waits). */
export const EscrowPendingDecision = z.object({
  approval_id: z.number().int(),
  result: z.enum(ESCROW_RESULTS),
  /** The requesting operator's written reason. */
  reason: z.string(),
  requested_by: z.number().int(),
  requested_at: z.number().int(),
});
export type EscrowPendingDecision = z.infer<typeof EscrowPendingDecision>;

/** What an escrow decision call answers: the deal's state after it, and whether it waits for a second operator. */
export const EscrowDecisionReply = z.object({
  id: z.number().int(),
  is_sure: z.number().int(),
  four_eyes_pending: z.boolean(),
});
