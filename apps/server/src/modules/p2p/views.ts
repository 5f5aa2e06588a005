/** What the C2C calls show: ads and deals as the API family's rows, amounts as decimal strings. */
import { formatMinor } from '@oryx/contracts/money';
import {
  P2P_PAGE_SIZE,
  type C2cAdRow,
  type C2cDealRow,
  type P2P_SIDES,
  type P2P_WAYS,
} from '@oryx/contracts/p2p/calls';
import { translate } from '@oryx/i18n';
import type { Db } from '../../db/connection';
import { lastPage } from '../../lib/paging';
import { FIAT_SCALE, payWindowOf } from './config';
import { DEAL_STATE, dealSides } from './deal-states';
import { dealImages } from './images';
import { appealsRepo } from './appeals-repo';
import { p2pListRepo, type P2pAd, type P2pDeal } from './repo';
import { catalogRepo } from '../catalog/repo';
import { partyDeal } from './deal-calls';
import { limitationOf } from './take-amount';
import { userWithCashInfo, usersRepo } from '../users/repo';
import { formatExchangeTime } from '@oryx/contracts/time';

type Way = (typeof P2P_WAYS)[number];
type Side = (typeof P2P_SIDES)[number];
type Currencies = Map<number, { name: string; scale: number }>;

async function currencies(db: Db): Promise<Currencies> {
  const rows = await catalogRepo.currencies(db);
  return new Map(rows.map((r) => [r.id, { name: r.name, scale: r.scale }]));
}

/**
 * Users appear by their public nickname only (`@oryx/contracts/account/nickname`): never the account
 * number, e-mail or phone, which only the deal view shows, and only to the deal's two parties.
 */
const names = (db: Db, ids: number[]) => usersRepo.nicknames(db, ids);

/** Wire times are Asia/Shanghai wall-clock, as everywhere in this API family. */
const timeText = (ms: number) => formatExchangeTime(ms);
const page = <T>(data: T[], current: number, total: number) => ({
  data,
  current_page: current,
  total,
  last_page: lastPage(total, P2P_PAGE_SIZE),
});

export function c2cAdRow(ad: P2pAd, cur: Currencies, who: Map<number, string>): C2cAdRow {
  const c = cur.get(ad.currency_id) ?? { name: '', scale: 8 };
  return {
    id: ad.id,
    type: ad.type as Side,
    seller_name: who.get(ad.user_id) ?? '',
    currency_id: ad.currency_id,
    currency_name: c.name,
    coin_code: ad.coin_code,
    price: formatMinor(ad.price_minor, FIAT_SCALE),
    total_number: formatMinor(ad.total_minor, c.scale),
    surplus_number: formatMinor(ad.surplus_minor, c.scale),
    limitation: limitationOf(ad, c.scale),
    pay_window: Math.round(payWindowOf(ad) / 60_000),
    way: ad.way as Way,
    status: ad.status,
    create_time: timeText(ad.created_at),
  };
}

export interface AdQuery {
  type?: Side;
  page: number;
  currency_id?: number;
}

function dealRow(d: P2pDeal, viewerId: number, cur: Currencies, locale: string): C2cDealRow {
  const c = cur.get(d.currency_id) ?? { name: '', scale: 8 };
  return {
    id: d.id,
    ...dealSides(d, viewerId),
    is_sure: d.is_sure,
    number: formatMinor(d.number_minor, c.scale),
    price: formatMinor(d.price_minor, FIAT_SCALE),
    deal_money: formatMinor(d.deal_money_minor, FIAT_SCALE),
    out_fee: formatMinor(d.out_fee_minor, c.scale),
    coin_code: d.coin_code,
    currency_name: c.name,
    way: d.way as Way,
    way_name: translate(locale, `p2p.way.${d.way}`),
    create_time: timeText(d.created_at),
  };
}

/** Deals the viewer took (`takerId`), or deals on one of the viewer's ads (`adId`). */
export async function listDeals(
  db: Db,
  viewerId: number,
  locale: string,
  q: { page: number; adId?: number },
) {
  const filter =
    q.adId === undefined
      ? { kind: 'c2c' as const, takerId: viewerId }
      : { kind: 'c2c' as const, adId: q.adId, adUserId: viewerId };
  const { rows, total: n } = await p2pListRepo.pageDeals(db, filter, q.page, P2P_PAGE_SIZE);
  const cur = await currencies(db);
  return page(
    rows.map((r) => dealRow(r, viewerId, cur, locale)),
    q.page,
    Number(n),
  );
}

async function partyView(db: Db, userId: number) {
  const u = await userWithCashInfo(db, userId);
  const cash = {
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
 * One deal for one of its parties (`partyDeal`: anyone else gets not found), with both parties'
 * contact and payment details and the time it expires. A deal exists only once an ad is taken, so
 * this is the one place a user's phone and payment details reach another user. As clients of this
 * API family read it, `seller_*`, `hes_realname` and `sell_cash_info` describe the ad's owner and
 * `phone`, `user_cash_info` the taker, whichever side the ad is on.
 */
export async function dealDetail(db: Db, viewerId: number, locale: string, id: number) {
  const d = await partyDeal(db, viewerId, id);
  const [owner, taker] = [await partyView(db, d.ad_user_id), await partyView(db, d.taker_id)];
  const waiting = d.is_sure === DEAL_STATE.waiting;
  return {
    ...dealRow(d, viewerId, await currencies(db), locale),
    format_create_time: timeText(d.created_at),
    expires_at: waiting ? d.created_at + payWindowOf(d) : null,
    seller_name: owner.name,
    seller_phone: owner.phone,
    phone: taker.phone,
    hes_realname: owner.cash.real_name,
    is_owner: d.ad_user_id === viewerId ? 1 : 0,
    sell_cash_info: owner.cash,
    user_cash_info: taker.cash,
    ...(await dealExtras(db, d)),
  };
}

/** The buyer's voucher and the appeal (note, images, decision) of a deal. */
async function dealExtras(db: Db, d: P2pDeal) {
  const images = await dealImages(db, d.id);
  const a = await appealsRepo.find(db, d.id);
  const appeal = a
    ? {
        by: a.user_id === d.buyer_id ? ('buyer' as const) : ('seller' as const),
        note: a.note,
        images: images.appeal,
        result: a.result === 'release' || a.result === 'return' ? (a.result as 'release' | 'return') : null,
      }
    : null;
  return { pay_voucher: images.voucher[0] ?? '', appeal };
}

/** Finished deals on the owner's ads (optionally one currency and side), with the counterpart's nickname. */
export async function listRecords(db: Db, ownerId: number, q: AdQuery) {
  const filter = {
    kind: 'c2c' as const,
    adUserId: ownerId,
    state: DEAL_STATE.done,
    currencyId: q.currency_id,
    ownerSide: q.type,
  };
  const { rows, total: n } = await p2pListRepo.pageDeals(db, filter, q.page, P2P_PAGE_SIZE);
  const who = await names(
    db,
    rows.map((d) => d.taker_id),
  );
  const cur = await currencies(db);
  const data = rows.map((d) => {
    const c = cur.get(d.currency_id) ?? { name: '', scale: 8 };
    return {
      id: d.id,
      type: (d.seller_id === ownerId ? 'sell' : 'buy') as Side,
      account_number: who.get(d.taker_id) ?? '',
      coin_code: d.coin_code,
      currency_name: c.name,
      number: formatMinor(d.number_minor, c.scale),
      deal_money: formatMinor(d.deal_money_minor, FIAT_SCALE),
      out_fee: formatMinor(d.out_fee_minor, c.scale),
      create_time: timeText(d.created_at),
    };
  });
  return page(data, q.page, Number(n));
}
