/** What the shop calls show: ads and deals as the API family's rows, amounts as decimal strings. */
import { formatMinor } from '@oryx/contracts/money';
import { P2P_PAGE_SIZE, type P2P_SIDES, type P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { ShopAdRow, ShopDealRow } from '@oryx/contracts/p2p/shop-calls';
import { translate } from '@oryx/i18n';
import type { Db } from '../../../db/connection';
import { lastPage } from '../../../lib/paging';
import { ledger, userAccount } from '../../ledger/service';
import { FIAT_SCALE } from '../config';
import { dealSides } from '../deal-states';
import { limitationOf } from '../take-amount';
import { AD_STATUS, type P2pAd, type P2pDeal } from '../repo';
import { shopAd } from './common';
import { shopRepo } from './repo';
import { catalogRepo } from '../../catalog/repo';
import { formatExchangeTime } from '@oryx/contracts/time';

type Way = (typeof P2P_WAYS)[number];
type Side = (typeof P2P_SIDES)[number];
export type Currencies = Map<number, { name: string; scale: number }>;

export async function currencies(db: Db): Promise<Currencies> {
  const rows = await catalogRepo.currencies(db);
  return new Map(rows.map((r) => [r.id, { name: r.name, scale: r.scale }]));
}
export const curOf = (cur: Currencies, id: number) => cur.get(id) ?? { name: '', scale: 8 };

/** Shop names by shop id. */
export async function shopNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await shopRepo.names(db, wanted);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Wire times are Asia/Shanghai wall-clock, as everywhere in this API family. */
export const timeText = (ms: number | null) => (ms === null ? '' : formatExchangeTime(ms));
export const page = <T>(data: T[], current: number, total: number) => ({
  data,
  current_page: current,
  total,
  last_page: lastPage(total, P2P_PAGE_SIZE),
});

export function adRow(ad: P2pAd, cur: Currencies, names: Map<number, string>, locale: string): ShopAdRow {
  const c = curOf(cur, ad.currency_id);
  return {
    id: ad.id,
    type: ad.type as Side,
    shop_id: ad.shop_id ?? 0,
    seller_name: names.get(ad.shop_id ?? 0) ?? '',
    currency_id: ad.currency_id,
    currency_name: c.name,
    coin_code: ad.coin_code,
    price: formatMinor(ad.price_minor, FIAT_SCALE),
    total_number: formatMinor(ad.total_minor, c.scale),
    surplus_number: formatMinor(ad.surplus_minor, c.scale),
    limitation: limitationOf(ad, c.scale),
    is_shelves: ad.is_shelves,
    is_done: ad.status === AD_STATUS.open ? 0 : 1,
    way: ad.way as Way,
    way_name: translate(locale, `p2p.way.${ad.way}`),
    create_time: timeText(ad.created_at),
  };
}

/** One shop ad before taking it, with the viewer's legal balance in its currency. */
export async function adInfo(db: Db, viewerId: number, locale: string, id: number) {
  const ad = await shopAd(db, id);
  const [cur, names] = [await currencies(db), await shopNames(db, [ad.shop_id])];
  const bal = await ledger.balance(db, userAccount(viewerId, 'legal'), ad.currency_id);
  const c = curOf(cur, ad.currency_id);
  return { ...adRow(ad, cur, names, locale), user_legal_balance: formatMinor(bal.availableMinor, c.scale) };
}

export function dealRow(
  d: P2pDeal & { shop_id: number | null },
  viewerId: number,
  cur: Currencies,
  locale: string,
): ShopDealRow {
  const c = curOf(cur, d.currency_id);
  return {
    id: d.id,
    ...dealSides(d, viewerId),
    is_sure: d.is_sure,
    ad_id: d.ad_id,
    shop_id: d.shop_id ?? 0,
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

export interface DealListQuery {
  page: number;
  type?: Side;
  is_sure?: number;
  currency_id?: number;
  /** Deals on the viewer's shop ads (optionally one ad or one shop); else deals the viewer took. */
  owner?: boolean;
  adId?: number;
  shopId?: number;
}

/** Shop deals the viewer took, or deals on the viewer's shop ads; `type` is the ad's side. */
export async function listShopDeals(db: Db, viewerId: number, locale: string, q: DealListQuery) {
  const { rows, total: n } = await shopRepo.pageDeals(db, viewerId, q, P2P_PAGE_SIZE);
  const cur = await currencies(db);
  return page(
    rows.map((r) => dealRow(r, viewerId, cur, locale)),
    q.page,
    Number(n),
  );
}
