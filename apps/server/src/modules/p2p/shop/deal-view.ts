/** One shop deal for one of its two parties: the row, the times, both parties' payment details. */
import type { ShopDealDetail } from '@oryx/contracts/p2p/shop-calls';
import type { Db } from '../../../db/connection';
import { DEAL_STATE } from '../deal-states';
import { p2pRepo } from '../repo';
import { SHOP_TERMS } from './config';
import { shopRepo } from './repo';
import { userWithCashInfo } from '../../users/repo';
import { partyDeal } from '../deal-calls';
import { currencies, dealRow, timeText } from './views';

async function partyView(db: Db, userId: number) {
  const u = await userWithCashInfo(db, userId);
  const cash = {
    account_number: u.account_number,
    real_name: u.cash_real_name ?? u.real_name,
    bank_name: u.bank_name ?? '',
    bank_account: u.bank_account ?? '',
    alipay_account: u.alipay_account ?? '',
    wechat_account: u.wechat_account ?? '',
    alipay_collect: u.alipay_collect ?? '',
    wechat_collect: u.wechat_collect ?? '',
  };
  return { name: u.nickname, phone: u.phone ?? '', cash };
}

/**
 * A shop deal for one of its parties (anyone else: not found). Only here do the parties see each
 * other's account, phone and payment details; a deal exists only once an ad is taken. Users who are
 * not the shop appear by their public nickname.
 */
export async function shopDealDetail(
  db: Db,
  viewerId: number,
  locale: string,
  id: number,
): Promise<ShopDealDetail> {
  const d = await partyDeal(db, viewerId, id, 'shop');
  const ad = (await p2pRepo.findAd(db, d.ad_id))!;
  const shop = await shopRepo.findShop(db, ad.shop_id ?? 0);
  // As clients of this API family read it: the ad's owner (the shop) in `seller_*`, `hes_*`,
  // `sell_info`, `sell_cash_info`, the taker in `phone` and `user_cash_info`, on sell and buy ads alike.
  const [owner, taker] = [await partyView(db, d.ad_user_id), await partyView(db, d.taker_id)];
  const waiting = d.is_sure === DEAL_STATE.waiting;
  return {
    ...dealRow({ ...d, shop_id: ad.shop_id }, viewerId, await currencies(db), locale),
    format_create_time: timeText(d.created_at),
    expires_at: waiting ? d.created_at + SHOP_TERMS.payWindowMs : null,
    payment_at: timeText(d.paid_at),
    comp_at: d.is_sure === DEAL_STATE.done ? timeText(d.ended_at) : '',
    seller_id: ad.shop_id ?? 0,
    seller_name: shop?.name ?? owner.name,
    seller_phone: owner.phone,
    phone: taker.phone,
    hes_account: owner.cash.account_number,
    hes_realname: owner.cash.real_name,
    bank_address: '',
    pay_voucher: '',
    is_seller: d.ad_user_id === viewerId ? 1 : 0,
    sell_info: { alipay_collect: owner.cash.alipay_collect, wechat_collect: owner.cash.wechat_collect },
    sell_cash_info: owner.cash,
    user_cash_info: taker.cash,
  };
}
