/**
 * Acceptors (OTC merchants appointed by the operator) and region agents. A user buys coin from an
 * acceptor (pays the acceptor outside the exchange: WeChat, Alipay or bank) or sells coin to one (the
 * acceptor pays the user outside the exchange). `money` is in the acceptor's quote unit (CNY for a CNY
 * acceptor, a coin such as USDT for a virtual-coin acceptor), 2 decimals; `number` is the coin the deal
 * moves on the exchange, at the coin's scale; rates are quote units per coin, 4 decimals. Inputs are loose
 * on purpose (legacy clients send strings, lose GET parameters): the server checks them itself and answers
 * with the acceptor area's own errors.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { intish } from '../wire';
import {
  ESCROW_RESULTS,
  EscrowDecisionReply,
  EscrowPendingDecision,
  escrowReasonInput,
} from '../console/calls';

export const ACCEPTOR_PAGE_SIZE = 10;
export const ACCEPTOR_KINDS = ['cny', 'coin'] as const;
export const ACCEPTOR_WAYS = ['we_chat', 'ali_pay', 'bank'] as const;
export const ACCEPTOR_SIDES = ['buy', 'sell'] as const;
/** Money (quote unit) decimals and rate decimals. */
export const ACCEPTOR_MONEY_SCALE = 2;
export const ACCEPTOR_RATE_SCALE = 4;
/** A sell deal the acceptor marked transferred confirms itself this long after, if the user does not. */
export const ACCEPTOR_AUTO_CONFIRM_MS = 20 * 60_000;
/** Longest mobile number and payment account a deal keeps. */
export const ACCEPTOR_MOBILE_MAX = 20;
export const ACCEPTOR_ACCOUNT_MAX = 64;

const loose = z.unknown().optional();
const pageInput = intish((n) => n.min(1).max(100_000)).catch(1);
const idInput = intish((n) => n.positive().max(2_147_483_647));

const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export const AcceptorRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  kind: z.enum(ACCEPTOR_KINDS),
  quote_code: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** Deposit (the user buys coin): quote units per coin, and the most and least money of one deal. */
  recharge_rate: decimalWire,
  recharge_amount: decimalWire,
  recharge_min: decimalWire,
  /** Withdrawal (the user sells coin): the same. */
  cash_rate: decimalWire,
  cash_amount: decimalWire,
  cash_min: decimalWire,
  /** The payment ways the acceptor has details for. */
  ways: z.array(z.enum(ACCEPTOR_WAYS)),
});
export type AcceptorRow = z.infer<typeof AcceptorRow>;

export const AcceptorListCall = defineCall({
  method: 'GET',
  path: '/api/acceptor/list',
  auth: 'optional',
  // Sent without a token by clients of this API family; public, nothing of the viewer's in it.
  summary: 'Active acceptors; `address` (or `kind`) cny | coin picks the tab',
  input: z.object({ address: loose, kind: loose }),
  reply: z.array(AcceptorRow),
});

export const AcceptorInfo = AcceptorRow.extend({
  wechat_nickname: z.string(),
  wechat_account: z.string(),
  ali_nickname: z.string(),
  ali_account: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  bank_address: z.string(),
  /** The viewer's own available balance of the acceptor's coin (what a sell deal can use). */
  user_balance: decimalWire,
  /** The acceptor's available coin (what a buy deal can get). */
  acceptor_balance: decimalWire,
});

export const AcceptorInfoCall = defineCall({
  method: 'GET',
  path: '/api/acceptor/info',
  auth: 'optional',
  withoutToken: 'cookie',
  summary:
    'One acceptor: rates, limits and its stock for anyone; its payment details and my balance of its coin ' +
    'for a session (or, sent without a token, the session cookie)',
  input: z.object({ id: idInput, address: loose }),
  reply: AcceptorInfo,
});

export const AcceptorDealCall = defineCall({
  method: 'POST',
  path: '/api/acceptor/deal',
  auth: 'user',
  // Moves coin: never on the session cookie; sent without a token, refused with AUTH_TOKEN_MISSING.
  withoutToken: 'refuse',
  summary: 'Open a deal with an acceptor (buy: its coin goes to escrow; sell: mine does)',
  input: z.object({
    acceptor_id: loose,
    /** Older names of `acceptor_id` and `deal_account`. */
    acceptor: loose,
    id: loose,
    address: loose,
    way: loose,
    type: loose,
    mobile: loose,
    deal_account: loose,
    account: loose,
    money: loose,
    /** A sell deal sends my coin away: the trade password, and with two-factor on its code, as a withdrawal. */
    password: z.string().max(128).optional().catch(undefined),
    totp_code: z.string().max(32).optional().catch(undefined),
  }),
  reply: z.object({ msg: z.string(), data: z.object({ id: z.number().int() }) }),
});

export const AcceptorDealRow = z.object({
  id: z.number().int(),
  acceptor_id: z.number().int(),
  acceptor_name: z.string(),
  /** The user's side: buy (deposit) or sell (withdrawal). */
  type: z.enum(ACCEPTOR_SIDES),
  money: decimalWire,
  quote_code: z.string(),
  rate: decimalWire,
  number: decimalWire,
  currency_name: z.string(),
  way: z.enum(ACCEPTOR_WAYS),
  way_name: z.string(),
  /** The user's mobile and the account the user pays from or is paid to. */
  mobile: z.string(),
  deal_account: z.string(),
  /** The acceptor's account for this way. */
  hes_account: z.string(),
  /** 0 waiting for the acceptor, 1 confirmed, 2 rejected. */
  is_sure: z.number().int(),
  /** 1 once the acceptor marked a sell deal transferred. */
  transferred: z.number().int(),
  /** When a transferred sell deal confirms itself (ms), 0 when no timer runs. */
  auto_confirm_at: z.number().int(),
  /** Unix seconds; `update_time` is 0 until the deal moves (shown only when above 0). */
  create_time: z.number().int(),
  update_time: z.number().int(),
  /** 1 while the user's dispute waits for an operator (the deal is frozen; `is_sure` stays 0). */
  disputed: z.number().int(),
  /** The user's dispute, null without one. */
  dispute: z
    .object({
      note: z.string(),
      /** Image URLs (`ACCEPTOR_DEAL_IMAGE_PATH?id=&name=`): only the deal's user, its acceptor and operators. */
      images: z.array(z.string()),
      /** The operator's decision, null while pending. */
      result: z.enum(ESCROW_RESULTS).nullable(),
    })
    .nullable(),
});
export type AcceptorDealRow = z.infer<typeof AcceptorDealRow>;

const sideInput = z
  .unknown()
  .optional()
  .transform((v) => {
    const s = String(v ?? '');
    if (s === 'buy' || s === '0') return 'buy' as const;
    if (s === 'sell' || s === '1') return 'sell' as const;
    return undefined;
  });

export const AcceptorMyDealsCall = defineCall({
  method: 'GET',
  path: '/api/acceptor/my_deal',
  auth: 'user',
  // A read: sent without a token (as clients of this API family do), the session cookie identifies me.
  withoutToken: 'cookie',
  summary: 'My acceptor deals, newest first; `type` (or `way`) buy|0 or sell|1 filters',
  input: z.object({ page: pageInput, type: sideInput, way: sideInput, address: loose }),
  reply: paged(AcceptorDealRow),
});

export const AcceptorUserSureCall = defineCall({
  method: 'POST',
  path: '/api/acceptor/deal_sure',
  auth: 'user',
  summary: 'The user confirms receiving the money of a sell deal the acceptor marked transferred',
  input: z.object({ id: idInput }),
  reply: z.string(),
});

export const AcceptorMineCall = defineCall({
  method: 'GET',
  path: '/api/acceptor/mine',
  auth: 'user',
  summary: 'Whether I am an acceptor; if so my acceptor row, balance and open deal count',
  input: z.object({}),
  reply: z.object({
    is_acceptor: z.number().int(),
    acceptor: AcceptorRow.extend({ balance: decimalWire, open_deals: z.number().int() }).nullable(),
  }),
});

export const AcceptorDeskRow = AcceptorDealRow.extend({ user_account: z.string() });

export const AcceptorDeskCall = defineCall({
  method: 'GET',
  path: '/api/acceptor/desk',
  auth: 'user',
  summary: "The acceptor's deals: `status` open (waiting, the default) or all",
  input: z.object({ page: pageInput, status: z.enum(['open', 'all']).catch('open') }),
  reply: paged(AcceptorDeskRow),
});

export const AdminAcceptorDealsCall = defineCall({
  method: 'GET',
  path: '/api/admin/acceptor/deals',
  auth: 'admin',
  summary:
    "Every acceptor's deals for operators: `status` open (waiting for the acceptor, the default) or all",
  input: z.object({ page: pageInput, status: z.enum(['open', 'all']).catch('open') }),
  reply: paged(AcceptorDeskRow),
});

const deskAction = (path: string, summary: string) =>
  defineCall({
    method: 'POST',
    path,
    auth: 'user',
    summary,
    input: z.object({ id: idInput }),
    reply: z.string(),
  });

export const AcceptorConfirmCall = deskAction(
  '/api/acceptor/desk/confirm',
  'The acceptor confirms a deal: the escrowed coin goes to the user (buy) or to the acceptor (sell)',
);
export const AcceptorRejectCall = deskAction(
  '/api/acceptor/desk/reject',
  'The acceptor rejects a waiting deal: the escrowed coin goes back',
);
export const AcceptorTransferredCall = deskAction(
  '/api/acceptor/desk/transferred',
  'The acceptor marks a sell deal paid to the user: it confirms itself 20 minutes later',
);

// Disputes -------------------------------------------------------------------------------------------

/** Private dispute images are fetched here with the session token. */
export const ACCEPTOR_DEAL_IMAGE_PATH = '/api/acceptor/deal_image';
export const ACCEPTOR_DISPUTE_NOTE_MAX = 500;
export const ACCEPTOR_DISPUTE_IMAGES_MAX = 3;

const imageUrl = z.string().trim().min(1).max(300);

export const AcceptorAppealCall = defineCall({
  method: 'POST',
  path: '/api/acceptor/appeal',
  auth: 'user',
  summary:
    'The user disputes a deal still waiting for the acceptor, with a note and up to three images: the deal freezes until an operator decides',
  input: z.object({
    id: idInput,
    note: z.string().max(ACCEPTOR_DISPUTE_NOTE_MAX).optional().default(''),
    /** Up to three upload URLs (an array, or one string for form-encoded clients). */
    images: z
      .union([imageUrl.transform((u) => [u]), z.array(imageUrl).max(ACCEPTOR_DISPUTE_IMAGES_MAX)])
      .optional()
      .default([]),
  }),
  reply: z.string(),
});

export const AdminAcceptorDisputeRow = AcceptorDeskRow.extend({
  /** The acceptor's own account number (the user's is `user_account`). */
  acceptor_account: z.string(),
  /** When the acceptor marked a sell deal transferred (ms), null if it did not. */
  transferred_at: z.number().int().nullable(),
  dispute: z.object({
    note: z.string(),
    images: z.array(z.string()),
    result: z.enum(ESCROW_RESULTS).nullable(),
    /** When the user disputed (ms). */
    created_at: z.number().int(),
    /** The reason of the operator who carried out the decision ('' while undecided). */
    reason: z.string(),
  }),
  /** A decision waiting for a second operator, with the requester's reason. */
  pending: EscrowPendingDecision.nullable(),
});

export const AdminAcceptorDisputesCall = defineCall({
  method: 'GET',
  path: '/api/admin/acceptor/disputes',
  auth: 'admin',
  summary: 'Disputed acceptor deals with the user’s evidence: waiting ones (default) or all, oldest first',
  input: z.object({ page: pageInput, status: z.enum(['pending', 'all']).catch('pending') }),
  reply: paged(AdminAcceptorDisputeRow),
});

export const AdminAcceptorDisputeCall = defineCall({
  method: 'GET',
  path: '/api/admin/acceptor/dispute',
  auth: 'admin',
  summary: 'One disputed acceptor deal with its evidence and any decision waiting for a second operator',
  input: z.object({ id: idInput }),
  reply: AdminAcceptorDisputeRow,
});

export const AdminAcceptorDecideCall = defineCall({
  method: 'POST',
  path: '/api/admin/acceptor/decide',
  auth: 'admin',
  summary:
    'Decides a disputed acceptor deal with a written reason: release the coin to whoever gets it on confirm, or return it to whoever gave it. Above the four-eyes amount a second operator making the same decision carries it out',
  input: z.object({ id: idInput, result: z.enum(ESCROW_RESULTS), reason: escrowReasonInput }),
  reply: EscrowDecisionReply,
});

export const AdminAcceptorSaveCall = defineCall({
  method: 'POST',
  path: '/api/admin/acceptor/save',
  auth: 'admin',
  summary: 'Appoints a user as acceptor, or changes an acceptor (rates, limits, payment details, status)',
  input: z.object({
    user_id: idInput,
    kind: z.enum(ACCEPTOR_KINDS),
    name: z.string().trim().min(1).max(40),
    quote_code: z.string().trim().min(1).max(10),
    currency_id: idInput,
    recharge_rate: z.string(),
    recharge_min: z.string(),
    recharge_amount: z.string(),
    cash_rate: z.string(),
    cash_min: z.string(),
    cash_amount: z.string(),
    wechat_nickname: z.string().max(64).default(''),
    wechat_account: z.string().max(64).default(''),
    ali_nickname: z.string().max(64).default(''),
    ali_account: z.string().max(64).default(''),
    bank_name: z.string().max(64).default(''),
    bank_account: z.string().max(64).default(''),
    bank_address: z.string().max(128).default(''),
    status: intish((n) => n.min(0).max(1).default(1)),
  }),
  reply: z.object({ id: z.number().int() }),
});

// Region agents ---------------------------------------------------------------------------------------

export const REGION_NAME_MAX = 40;

export const RegionUserRow = z.object({
  city_name: z.string(),
  district_name: z.string(),
  /** Masked: 138****5678 (an e-mail account shows its masked address). */
  phone: z.string(),
  /** Registration time, `YYYY-MM-DD HH:mm:ss` Asia/Shanghai. */
  time: z.string(),
});

export const RegionUsersCall = defineCall({
  method: 'GET',
  path: '/api/user/region_users',
  auth: 'user',
  summary: "A region agent's users (registered in the agent's city, or district), newest first",
  input: z.object({ page: pageInput }),
  reply: paged(RegionUserRow).extend({
    city_name: z.string(),
    district_name: z.string(),
  }),
});

const regionName = z.string().trim().max(REGION_NAME_MAX);

export const MyRegionCall = defineCall({
  method: 'GET',
  path: '/api/user/region',
  auth: 'user',
  summary: "My region (city and district; '' when not set) and whether I am a region agent",
  input: z.object({}),
  reply: z.object({ city_name: z.string(), district_name: z.string(), is_agent: z.number().int() }),
});

export const SetRegionCall = defineCall({
  method: 'POST',
  path: '/api/user/region',
  auth: 'user',
  summary: 'Sets my region (city required, district optional)',
  input: z.object({ city_name: regionName.default(''), district_name: regionName.default('') }),
  reply: z.string(),
});

export const AdminRegionAgentCall = defineCall({
  method: 'POST',
  path: '/api/admin/region/agent',
  auth: 'admin',
  summary: "Appoints a region agent for a city ('' district: the whole city) or, with remove=1, removes one",
  input: z.object({
    user_id: idInput,
    city_name: regionName.default(''),
    district_name: regionName.default(''),
    remove: intish((n) => n.min(0).max(1).default(0)),
  }),
  reply: z.string(),
});
