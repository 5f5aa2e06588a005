/**
 * Peer-to-peer fiat trading, C2C ads and deals. Amounts leave as decimal strings:
 * `price` and `deal_money` in the fiat (2 decimals), `number` / `total_number` / `surplus_number` /
 * `out_fee` in the coin. Inputs are loose on purpose (legacy clients send numbers or strings, and lose
 * GET parameters): the server validates them itself and answers with the p2p area's own errors.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { EscrowDecisionReply, EscrowPendingDecision, escrowReasonInput } from '../console/calls';

/** Page size of every C2C list. */
export const P2P_PAGE_SIZE = 10;
export const P2P_WAYS = ['bank', 'ali_pay', 'we_chat'] as const;
export const P2P_FIATS = ['CNY', 'USD', 'JPY'] as const;
export const P2P_SIDES = ['buy', 'sell'] as const;
/** A C2C ad's payment window (`pay_window`, minutes): the poster may shorten the default 24 hours. */
export const C2C_PAY_WINDOW_MINUTES = { min: 15, max: 1440 } as const;

const loose = z.unknown().optional();
const pageInput = z.coerce.number().int().min(1).max(100_000).catch(1);
const idInput = z.coerce.number().int().positive().max(2_147_483_647);
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);
const sideFilter = z.enum(P2P_SIDES).optional().catch(undefined);

const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export const C2cSendCall = defineCall({
  method: 'POST',
  path: '/api/c2c_send',
  auth: 'user',
  summary: 'Post a C2C buy or sell ad (a sell ad escrows its whole amount)',
  input: z.object({
    price: loose,
    total_number: loose,
    way: loose,
    currency_id: loose,
    type: loose,
    coin_code: loose,
    /** Optional per-deal limits, fiat money (2 decimals); empty: none. */
    min_number: loose,
    max_number: loose,
    /** Optional payment window in minutes (`C2C_PAY_WINDOW_MINUTES`); empty: 24 hours. */
    pay_window: loose,
    password: z.string().optional(),
  }),
  reply: z.string(),
});

export const C2cAdRow = z.object({
  id: z.number().int(),
  type: z.enum(P2P_SIDES),
  seller_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  coin_code: z.string(),
  price: decimalWire,
  total_number: decimalWire,
  surplus_number: decimalWire,
  /**
   * Per-deal limits as fiat money (as shop ads): a take's money lies within them (the minimum does
   * not bind a take of everything left). Without a maximum of its own an ad shows the money left.
   */
  limitation: z.object({ min: decimalWire, max: decimalWire }),
  /** Minutes the buyer has to pay once the ad is taken. */
  pay_window: z.number().int(),
  way: z.enum(P2P_WAYS),
  /** 0 open, 1 done, 2 withdrawn. */
  status: z.number().int(),
  create_time: z.string(),
});
export type C2cAdRow = z.infer<typeof C2cAdRow>;

const adListInput = z.object({ type: sideFilter, page: pageInput, currency_id: optionalId });

export const C2cPlatformCall = defineCall({
  method: 'GET',
  path: '/api/c2c_deal_platform',
  auth: 'optional',
  summary: 'Open C2C ads of one side, newest first',
  input: adListInput,
  reply: paged(C2cAdRow),
});

export const C2cMyAdsCall = defineCall({
  method: 'GET',
  path: '/api/c2c/seller_trade',
  auth: 'user',
  summary: 'My C2C ads',
  input: adListInput,
  reply: paged(C2cAdRow),
});

const idAndPassword = z.object({ id: idInput, password: z.string().optional() });

/**
 * A deal just taken: `type` is the ad's side (as in every deal row), `my_side` the taker's own side
 * (`buy` when taking a sell ad).
 */
export const TakenDeal = z.object({
  id: z.number().int(),
  type: z.enum(P2P_SIDES),
  my_side: z.enum(P2P_SIDES),
});

export const C2cTakeCall = defineCall({
  method: 'POST',
  path: '/api/c2c/do_legal_deal',
  auth: 'user',
  summary:
    'Take a C2C ad: part of it (`means` money or number, `value`) within its limits, or without an amount everything left',
  input: z.object({ id: idInput, password: z.string().optional(), means: loose, value: loose }),
  reply: z.object({ msg: z.string(), data: TakenDeal }),
});

export const C2cWithdrawCall = defineCall({
  method: 'POST',
  path: '/api/c2c/back_send',
  auth: 'user',
  summary: 'Withdraw one of my C2C ads (not while a deal on it is in progress)',
  input: idAndPassword,
  reply: z.string(),
});

const CashInfo = z.object({
  real_name: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  alipay_account: z.string(),
  wechat_account: z.string(),
  /** The party's Alipay and WeChat payment QR images (upload URLs), '' when none. */
  alipay_collect: z.string(),
  wechat_collect: z.string(),
});

export const C2cDealRow = z.object({
  id: z.number().int(),
  /**
   * The ad's side, the same for both parties (clients of this API family pick the buttons from it:
   * `sell` with `is_sure` 0 lets the buyer pay, `buy` with `is_sure` 3 lets the seller confirm).
   */
  type: z.enum(P2P_SIDES),
  /** The viewer's own side: `buy` when the viewer is the buyer, `sell` when the seller. */
  my_side: z.enum(P2P_SIDES),
  /** 0 waiting for payment, 3 paid, 1 done, 2 cancelled, 4 under appeal. */
  is_sure: z.number().int(),
  number: decimalWire,
  price: decimalWire,
  deal_money: decimalWire,
  out_fee: decimalWire,
  coin_code: z.string(),
  currency_name: z.string(),
  way: z.enum(P2P_WAYS),
  way_name: z.string(),
  create_time: z.string(),
});
export type C2cDealRow = z.infer<typeof C2cDealRow>;

/** Private deal images (payment voucher, appeal images) are fetched here with the session token. */
export const C2C_DEAL_IMAGE_PATH = '/api/c2c/deal_image';
/** At most this many images go with an appeal. */
export const P2P_APPEAL_IMAGES_MAX = 3;

export const C2cAppealView = z.object({
  /** Who appealed. */
  by: z.enum(['buyer', 'seller']),
  note: z.string(),
  /** Image URLs (`C2C_DEAL_IMAGE_PATH?id=&name=`): only the parties and operators can fetch them. */
  images: z.array(z.string()),
  /** The operator's decision, null while pending. */
  result: z.enum(['release', 'return']).nullable(),
});

export const C2cDealDetail = C2cDealRow.extend({
  format_create_time: z.string(),
  /** When an unpaid deal cancels itself (ms), null once paid or ended. */
  expires_at: z.number().int().nullable(),
  seller_name: z.string(),
  seller_phone: z.string(),
  phone: z.string(),
  hes_realname: z.string(),
  /**
   * Payment details of the ad's owner (`sell_cash_info`, named by `seller_name`, `seller_phone`,
   * `hes_realname`) and of the taker (`user_cash_info`, `phone`), on sell and buy ads alike: the payee
   * is the owner on a sell ad, the taker on a buy ad. Only the two parties ever see a deal.
   */
  sell_cash_info: CashInfo,
  user_cash_info: CashInfo,
  /** 1 when the viewer posted the ad (confirms with `legal_deal_sure`), 0 for the taker (`legal_deal_user_sure`). */
  is_owner: z.number().int(),
  /** The buyer's payment voucher (a private image URL), '' when none was sent. */
  pay_voucher: z.string(),
  appeal: C2cAppealView.nullable(),
});

export const C2cDealCall = defineCall({
  method: 'GET',
  path: '/api/c2c_deal',
  auth: 'user',
  summary: 'One C2C deal I am a party to, with both parties’ payment details',
  input: z.object({ id: idInput }),
  reply: C2cDealDetail,
});

export const C2cMyDealsCall = defineCall({
  method: 'GET',
  path: '/api/c2c_user_deal',
  auth: 'user',
  summary: 'C2C deals I took, newest first',
  input: z.object({ page: pageInput }),
  reply: paged(C2cDealRow),
});

export const C2cAdDealsCall = defineCall({
  method: 'GET',
  path: '/api/c2c/legal_send_deal_list',
  auth: 'user',
  summary: 'Deals taken on one of my C2C ads',
  input: z.object({ id: idInput, page: pageInput }),
  reply: paged(C2cDealRow),
});

const dealAction = (path: string, summary: string) =>
  defineCall({ method: 'POST', path, auth: 'user', summary, input: idAndPassword, reply: z.string() });

/** An upload URL (`/api/upload`) the caller sent; attached to a deal it becomes private. */
const imageUrl = z.string().trim().min(1).max(300);

export const C2cPayCall = defineCall({
  method: 'POST',
  path: '/api/c2c/user_legal_pay',
  auth: 'user',
  summary: 'The buyer marks a C2C deal paid, optionally with a payment voucher image',
  input: idAndPassword.extend({ pay_orders_img: imageUrl.optional().catch(undefined) }),
  reply: z.string(),
});
export const C2cCancelCall = dealAction(
  '/api/c2c/user_legal_pay_cancel',
  'The buyer cancels an unpaid C2C deal',
);
export const C2cSureCall = dealAction('/api/c2c/legal_deal_sure', 'The seller (ad owner) confirms receipt');
export const C2cUserSureCall = dealAction(
  '/api/c2c/legal_deal_user_sure',
  'The seller (taker) confirms receipt',
);

/** Appeal notes are at most this long. */
export const P2P_APPEAL_NOTE_MAX = 500;

export const C2cAppealCall = defineCall({
  method: 'POST',
  path: '/api/c2c/arbitrate',
  auth: 'user',
  summary: 'Either party of a paid C2C deal appeals: the deal freezes until an operator decides',
  input: z.object({
    id: idInput,
    note: z.string().max(P2P_APPEAL_NOTE_MAX).optional().default(''),
    /** Up to three upload URLs (an array, or one string for form-encoded clients). */
    images: z
      .union([imageUrl.transform((u) => [u]), z.array(imageUrl).max(P2P_APPEAL_IMAGES_MAX)])
      .optional()
      .default([]),
  }),
  reply: z.string(),
});

export const AdminP2pDecideCall = defineCall({
  method: 'POST',
  path: '/api/admin/p2p/decide',
  auth: 'admin',
  summary:
    'Decides an appealed deal with a written reason: release the coins to the buyer or return them to the seller. Above the four-eyes amount the first operator only records the request and a second operator making the same decision carries it out',
  input: z.object({ id: idInput, result: z.enum(['release', 'return']), reason: escrowReasonInput }),
  reply: EscrowDecisionReply,
});

export const C2cRecordRow = z.object({
  id: z.number().int(),
  /** The ad owner's side. */
  type: z.enum(P2P_SIDES),
  /** The counterpart's public nickname (the field name is the API family's). */
  account_number: z.string(),
  coin_code: z.string(),
  currency_name: z.string(),
  number: decimalWire,
  deal_money: decimalWire,
  out_fee: decimalWire,
  create_time: z.string(),
});

export const C2cRecordsCall = defineCall({
  method: 'GET',
  path: '/api/c2c_seller_deal',
  auth: 'user',
  summary: 'Finished deals on my C2C ads in one currency (the completed-order records)',
  input: z.object({ currency_id: optionalId, page: pageInput, type: sideFilter }),
  reply: paged(C2cRecordRow),
});

export const AdminP2pAppealRow = z.object({
  /** The deal's id (what `/api/admin/p2p/decide` takes). */
  id: z.number().int(),
  /** 4 while waiting for a decision; 1 or 2 once decided. */
  is_sure: z.number().int(),
  kind: z.string(),
  buyer_account: z.string(),
  seller_account: z.string(),
  number: decimalWire,
  currency_name: z.string(),
  deal_money: decimalWire,
  coin_code: z.string(),
  way: z.enum(P2P_WAYS),
  pay_voucher: z.string(),
  appeal: C2cAppealView,
  /** When the appeal was filed (ms). */
  appealed_at: z.number().int(),
  /** When the buyer marked the deal paid (ms), null if never. */
  paid_at: z.number().int().nullable(),
  /** The reason of the operator who carried out the decision ('' while undecided). */
  decision_reason: z.string(),
  /** A decision waiting for a second operator, with the requester's reason. */
  pending: EscrowPendingDecision.nullable(),
});

export const AdminP2pAppealsCall = defineCall({
  method: 'GET',
  path: '/api/admin/p2p/appeals',
  auth: 'admin',
  summary:
    'Appealed deals with their notes, images and vouchers: waiting ones (default) or all, oldest first',
  input: z.object({ status: z.enum(['pending', 'all']).catch('pending'), page: pageInput }),
  reply: paged(AdminP2pAppealRow),
});

export const AdminP2pAppealCall = defineCall({
  method: 'GET',
  path: '/api/admin/p2p/appeal',
  auth: 'admin',
  summary: 'One appealed deal with both parties’ evidence and any decision waiting for a second operator',
  input: z.object({ id: idInput }),
  reply: AdminP2pAppealRow,
});
