/**
 * Merchant shops ("legal" / OTC shops): sellers (`is_seller = 1`) run one shop per currency with a shop
 * balance; their ads have a per-deal minimum and maximum, fill partly (by money or by number) and can be
 * taken off the shelf. Deals run on the same deal engine as C2C (states, escrow, timers, appeals).
 * Amounts leave as decimal strings; inputs are loose (legacy clients send numbers or strings) and the
 * server validates them itself.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { P2P_SIDES, P2P_WAYS, TakenDeal } from './calls';

/** `do_legal_deal`: the amount is given as fiat money or as a number of coins. */
export const SHOP_MEANS = ['money', 'number'] as const;
/** `seller/transfer`: `in` moves legal wallet → shop balance, `out` shop balance → legal wallet. */
export const SHOP_TRANSFER_TYPES = ['in', 'out'] as const;

const loose = z.unknown().optional();
const pageInput = z.coerce.number().int().min(1).max(100_000).catch(1);
const idInput = z.coerce.number().int().positive().max(2_147_483_647);
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);
const sideFilter = z.enum(P2P_SIDES).optional().catch(undefined);
const stateFilter = z.coerce.number().int().min(0).max(4).optional().catch(undefined);

const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

export const ShopAdRow = z.object({
  id: z.number().int(),
  /** The shop's side: `sell` the shop sells coins (the taker buys), `buy` the shop buys. */
  type: z.enum(P2P_SIDES),
  shop_id: z.number().int(),
  seller_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  coin_code: z.string(),
  price: decimalWire,
  total_number: decimalWire,
  surplus_number: decimalWire,
  /**
   * Per-deal limits as fiat money (`coin_code`, 2 decimals): the money of a take must lie within them
   * (the minimum does not apply to a take of everything left). Without a maximum of its own an ad shows
   * the money of what is left.
   */
  limitation: z.object({ min: decimalWire, max: decimalWire }),
  /** 1 on the shelf, 0 taken off. */
  is_shelves: z.number().int(),
  /** 0 open, 1 finished (done or withdrawn). */
  is_done: z.number().int(),
  way: z.enum(P2P_WAYS),
  way_name: z.string(),
  create_time: z.string(),
});
export type ShopAdRow = z.infer<typeof ShopAdRow>;

export const ShopPlatformCall = defineCall({
  method: 'GET',
  path: '/api/legal_deal_platform',
  auth: 'optional',
  summary: 'Shop ads on the shelf (optionally one side and currency), newest first',
  input: z.object({ type: sideFilter, page: pageInput, currency_id: optionalId }),
  reply: paged(ShopAdRow),
});

export const ShopAdInfoCall = defineCall({
  method: 'GET',
  path: '/api/legal_deal_info',
  auth: 'user',
  summary: 'One shop ad before taking it, with my legal balance',
  input: z.object({ id: idInput }),
  reply: ShopAdRow.extend({ user_legal_balance: decimalWire }),
});

export const ShopTakeCall = defineCall({
  method: 'POST',
  path: '/api/do_legal_deal',
  auth: 'user',
  summary: 'Take part of a shop ad, by money or by number',
  input: z.object({ id: idInput, means: loose, value: loose, password: z.string().optional() }),
  reply: z.object({ msg: z.string(), data: TakenDeal }),
});

const ShopCashInfo = z.object({
  account_number: z.string(),
  real_name: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  alipay_account: z.string(),
  wechat_account: z.string(),
  alipay_collect: z.string(),
  wechat_collect: z.string(),
});

export const ShopDealRow = z.object({
  id: z.number().int(),
  /** The ad's side, the same for both parties (as in C2C deal rows). */
  type: z.enum(P2P_SIDES),
  /** The viewer's own side: `buy` when the viewer is the buyer, `sell` when the seller. */
  my_side: z.enum(P2P_SIDES),
  /** 0 waiting for payment, 3 paid, 1 done, 2 cancelled, 4 under appeal. */
  is_sure: z.number().int(),
  ad_id: z.number().int(),
  shop_id: z.number().int(),
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
export type ShopDealRow = z.infer<typeof ShopDealRow>;

export const ShopDealDetail = ShopDealRow.extend({
  format_create_time: z.string(),
  /** When an unpaid deal cancels itself (ms), null once paid or ended. */
  expires_at: z.number().int().nullable(),
  payment_at: z.string(),
  comp_at: z.string(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  seller_phone: z.string(),
  phone: z.string(),
  hes_account: z.string(),
  hes_realname: z.string(),
  bank_address: z.string(),
  pay_voucher: z.string(),
  /** 1 when the viewer is the shop's owner. */
  is_seller: z.number().int(),
  /**
   * The ad's owner (the shop: `seller_name`, `hes_account`, `hes_realname`, `sell_info`,
   * `sell_cash_info`) and the taker (`user_cash_info`), on sell and buy ads alike. Only the two parties
   * ever see a deal.
   */
  sell_info: z.object({ alipay_collect: z.string(), wechat_collect: z.string() }),
  sell_cash_info: ShopCashInfo,
  user_cash_info: ShopCashInfo,
});
export type ShopDealDetail = z.infer<typeof ShopDealDetail>;

export const ShopDealCall = defineCall({
  method: 'GET',
  path: '/api/legal_deal',
  auth: 'user',
  summary: 'One shop deal I am a party to, with both parties’ payment details',
  input: z.object({ id: idInput }),
  reply: ShopDealDetail,
});

const idAndPassword = z.object({ id: idInput, password: z.string().optional() });
const dealAction = (path: string, summary: string) =>
  defineCall({
    method: 'POST',
    path,
    auth: 'user',
    summary,
    input: idAndPassword,
    reply: z.string(),
  });

export const ShopPayCall = dealAction('/api/user_legal_pay', 'The buyer marks a shop deal paid');
export const ShopCancelCall = dealAction(
  '/api/user_legal_pay_cancel',
  'The buyer cancels an unpaid shop deal',
);
export const ShopSureCall = dealAction('/api/legal_deal_sure', 'The seller (shop) confirms receipt');
export const ShopUserSureCall = dealAction(
  '/api/legal_deal_user_sure',
  'The seller (taker) confirms receipt',
);

export const ShopAppealCall = defineCall({
  method: 'POST',
  path: '/api/legal/arbitrate',
  auth: 'user',
  summary: 'Either party of a paid shop deal appeals: the deal freezes until an operator decides',
  input: z.object({ id: idInput, note: z.string().max(500).optional().default('') }),
  reply: z.string(),
});

const dealListInput = {
  page: pageInput,
  type: sideFilter,
  is_sure: stateFilter,
};

export const ShopMyDealsCall = defineCall({
  method: 'GET',
  path: '/api/legal_user_deal',
  auth: 'user',
  summary: 'Shop deals I took (optionally one currency, side, state), newest first',
  input: z.object({ ...dealListInput, currency_id: optionalId }),
  reply: paged(ShopDealRow),
});

export const ShopAdDealsCall = defineCall({
  method: 'GET',
  path: '/api/legal_send_deal_list',
  auth: 'user',
  summary: 'Deals on one of my shop ads (or every ad of my shops without an id)',
  input: z.object({ ...dealListInput, id: optionalId, shop_id: optionalId }),
  reply: paged(ShopDealRow),
});

export const ShopRow = z.object({
  id: z.number().int(),
  name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** The shop balance (available). */
  legal_balance: decimalWire,
  /** Coins of the shop held in escrow by its sell ads and their open deals. */
  lock_seller_balance: decimalWire,
  create_time: z.string(),
});
export type ShopRow = z.infer<typeof ShopRow>;

export const MyShopsCall = defineCall({
  method: 'GET',
  path: '/api/my_seller',
  auth: 'user',
  summary: 'My shops (sellers only)',
  input: z.object({ page: pageInput }),
  reply: paged(ShopRow),
});

export const ShopInfoCall = defineCall({
  method: 'GET',
  path: '/api/seller_info',
  auth: 'optional',
  summary: 'A shop’s public page: figures and its ads on the shelf',
  input: z.object({ id: idInput, page: pageInput }),
  reply: z.object({
    id: z.number().int(),
    name: z.string(),
    create_time: z.string(),
    prove_level: z.number().int(),
    prove_mobile: z.number().int(),
    prove_real: z.number().int(),
    /** Deals finished in the last 30 days. */
    thirtyDays: z.number().int(),
    /** Every deal taken on the shop's ads, and those finished. */
    total: z.number().int(),
    done: z.number().int(),
    /** done / ended deals, percent with 2 decimals ('0.00' with none). */
    done_rate: decimalWire,
    currency_id: z.number().int(),
    currency_name: z.string(),
    seller_balance: decimalWire,
    user_legal_balance: decimalWire,
    is_owner: z.number().int(),
    lists: paged(ShopAdRow),
  }),
});

export const ShopAdsCall = defineCall({
  method: 'GET',
  path: '/api/seller_trade',
  auth: 'user',
  summary: 'The ads of one of my shops: open ones (is_done 0) or finished ones (1)',
  input: z.object({
    id: idInput,
    page: pageInput,
    type: sideFilter,
    is_done: z.coerce.number().int().min(0).max(1).catch(0),
  }),
  reply: paged(ShopAdRow),
});

export const ShopSendCall = defineCall({
  method: 'POST',
  path: '/api/legal_send',
  auth: 'user',
  summary: 'Post a shop ad (a sell ad escrows its whole amount from the shop balance)',
  input: z.object({
    type: loose,
    way: loose,
    price: loose,
    total_number: loose,
    min_number: loose,
    max_number: loose,
    currency_id: loose,
    coin_code: loose,
    password: z.string().optional(),
  }),
  reply: z.string(),
});

const adAction = (path: string, summary: string) =>
  defineCall({ method: 'POST', path, auth: 'user', summary, input: idAndPassword, reply: z.string() });

export const ShopWithdrawCall = adAction(
  '/api/back_send',
  'Withdraw one of my shop ads (its remaining coins go back to the shop balance)',
);
export const ShopShelfCall = adAction(
  '/api/down_send',
  'Take one of my shop ads off the shelf, or put it back on',
);

export const ShopBalanceLogCall = defineCall({
  method: 'GET',
  path: '/api/seller/balance_log',
  auth: 'user',
  summary: 'Movements of one of my shop balances, newest first',
  input: z.object({ seller_id: idInput, page: pageInput }),
  reply: paged(
    z.object({
      id: z.number().int(),
      currency_name: z.string(),
      /** 1: coins moved between the shop balance and escrow (ads, deals); 0: transfers. */
      is_lock: z.number().int(),
      memo: z.string(),
      updated_at: z.string(),
      value: decimalWire,
    }),
  ),
});

export const ShopTransferCall = defineCall({
  method: 'POST',
  path: '/api/seller/transfer',
  auth: 'user',
  summary: 'Move coins between my legal wallet and one of my shop balances',
  input: z.object({ number: loose, type: loose, seller_id: idInput }),
  reply: z.string(),
});

export const AdminOpenShopCall = defineCall({
  method: 'POST',
  path: '/api/admin/p2p/open_shop',
  auth: 'admin',
  summary: 'Make a user a seller and open a shop for a currency',
  input: z.object({
    account: z.string().min(1).max(100),
    currency_id: idInput,
    name: z.string().trim().min(1).max(40),
  }),
  reply: z.object({ id: z.number().int(), user_id: z.number().int() }),
});
