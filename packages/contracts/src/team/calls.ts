/**
 * The referral team: the invite tree (loaded one level at a time), the direct invitees and the
 * referral commission history. Inputs are loose: clients lose GET parameters, so every one has a default.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { intish } from '../wire';

export const TEAM_PAGE_SIZE = 10;
export const TEAM_PAGE_SIZE_MAX = 50;
/** The tree answers at most this many children of one node. */
export const TEAM_CHILDREN_MAX = 200;

const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export const TreeNode = z.object({
  id: z.number().int(),
  /** The member's account, masked (`de***@oryx.local`, `138****5678`). */
  name: z.string(),
  /** How many members are under this one (all depths). */
  team_count: z.number().int(),
  /** Whether the node has children to load (layui tree: children load when the node is clicked). */
  has_children: z.boolean(),
  children: z.array(z.never()),
  created_time: z.string(),
});
export type TreeNode = z.infer<typeof TreeNode>;

export const GetNodeCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/getNode',
  auth: 'optional',
  withoutToken: 'cookie',
  summary:
    'One level of the caller’s invite tree: the direct invitees of `user_id` (the caller or a member of ' +
    'their team; default the caller) with the team size and the verified members under it. Sent without ' +
    'a token (as clients of this API family do), the session cookie identifies the caller; with neither ' +
    'nothing about anyone is answered: an empty tree',
  input: z.object({ user_id: intish((n) => n.positive().optional().catch(undefined)) }),
  reply: z.object({
    results: z.array(TreeNode),
    show_message: z.object({
      /** Members under the node, all depths ("team performance" counts people, not money). */
      top_upnumber: z.number().int(),
      /** Of those, members whose identity is verified. */
      real_teamnumber: z.number().int(),
    }),
  }),
});

export const TeamMemberRow = z.object({
  id: z.number().int(),
  account: z.string(),
  created_time: z.string(),
  /** Members under this invitee (all depths). */
  active_users: z.number().int(),
  /** 1 when the invitee's identity is verified. */
  is_verified: z.number().int(),
  /**
   * Referral commission paid to the caller on this invitee's own trading fees, in USDT (commissions in
   * another coin valued at its USDT price now).
   */
  return_commission: decimalWire,
  /**
   * All the referral commission the caller has been paid through this invitee: on their own fees and on
   * those of the members under them (the whole branch), in USDT like `return_commission`.
   */
  profit_balance: decimalWire,
});

export const MyTeamCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/user/my_team',
  auth: 'user',
  summary:
    'The caller’s direct invitees (newest first) with the commission earned through each, the team size ' +
    'and the number of direct invitees',
  input: z.object({
    page: intish((n) => n.min(1).max(100_000).catch(1)),
    limit: intish((n) => n.min(1).max(TEAM_PAGE_SIZE_MAX).catch(TEAM_PAGE_SIZE)),
  }),
  reply: z.object({
    team: paged(TeamMemberRow),
    /** Members under the caller, all depths. */
    team_count: z.number().int(),
    /** Direct invitees. */
    zt_count: z.number().int(),
  }),
});

/** The record kinds `user/log` answers: `wallet_in`, the member's deposits (coin, confirmed requests, rupiah). */
export const MEMBER_LOG_TYPES = ['wallet_in'] as const;

export const MemberLogRow = z.object({
  id: z.number().int(),
  created_time: z.string(),
  /** What the movement was (a deposit, a confirmed deposit request, a rupiah deposit). */
  info: z.string(),
  value: decimalWire,
  currency_name: z.string(),
  /** The member's account the money went to ("Spot account"). */
  balance_type_name: z.string(),
});

export const MemberLogCall = defineCall({
  method: ['POST', 'GET'],
  path: '/api/user/log',
  auth: 'user',
  summary:
    'A team member’s deposit record (`type` wallet_in), newest first, for the member’s inviter or anyone ' +
    'above them (default: the caller’s own). A user outside the caller’s team is refused ' +
    '(TEAM_NODE_FORBIDDEN) and nothing of them is answered',
  input: z.object({
    user_id: intish((n) => n.positive().optional()),
    type: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(MEMBER_LOG_TYPES).default('wallet_in'),
    ),
    page: intish((n) => n.min(1).max(100_000).catch(1)),
    limit: intish((n) => n.min(1).max(TEAM_PAGE_SIZE_MAX).catch(TEAM_PAGE_SIZE)),
  }),
  reply: paged(MemberLogRow),
});

export const ProfitRow = z.object({
  id: z.number().int(),
  created_time: z.string(),
  /** What paid it: the level and the (masked) member whose fee it came from. */
  info: z.string(),
  value: decimalWire,
  currency_name: z.string(),
  level: z.number().int(),
});

export const ShowProfitsCall = defineCall({
  method: ['GET', 'POST'],
  path: '/api/profits/show_profits',
  auth: 'user',
  summary: 'Referral commissions paid to the caller, one row per fee and level, newest first',
  input: z.object({
    page: intish((n) => n.min(1).max(100_000).catch(1)),
    limit: intish((n) => n.min(1).max(TEAM_PAGE_SIZE_MAX).catch(TEAM_PAGE_SIZE)),
  }),
  reply: paged(ProfitRow),
});

export const CommissionLevelsCall = defineCall({
  method: 'GET',
  path: '/api/profits/rule',
  auth: 'optional',
  summary: 'The published referral commission rule: the share of an invitee’s trading fees per depth',
  input: z.object({}),
  reply: z.object({
    levels: z.array(z.object({ level: z.number().int(), share: decimalWire })),
    /** The fee kinds the rule covers (ledger reasons) and how often commissions are credited. */
    reasons: z.array(z.string()),
    interval_minutes: z.number().int(),
  }),
});
