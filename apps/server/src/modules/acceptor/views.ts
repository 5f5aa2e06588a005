/** What the acceptor calls show: acceptors and deals as the API family's rows, amounts as decimal strings. */
import { formatMinor } from '@oryx/contracts/money';
import {
  ACCEPTOR_DEAL_IMAGE_PATH,
  ACCEPTOR_MONEY_SCALE,
  ACCEPTOR_RATE_SCALE,
  ACCEPTOR_WAYS,
  type ACCEPTOR_KINDS,
  type ACCEPTOR_SIDES,
  type AcceptorDealRow,
  type AcceptorRow,
} from '@oryx/contracts/acceptor/calls';
import { translate } from '@oryx/i18n';
import type { Db } from '../../db/connection';
import { DEAL_STATE } from './config';
import { acceptorRepo, type Acceptor, type AcceptorDeal, type AcceptorDispute } from './repo';
import { catalogRepo } from '../catalog/repo';
import { ACCEPTOR_AUTO_CONFIRM_MS } from './config';

type Way = (typeof ACCEPTOR_WAYS)[number];
export type Currencies = Map<number, { name: string; scale: number }>;

export async function currencies(db: Db): Promise<Currencies> {
  const rows = await catalogRepo.currencies(db);
  return new Map(rows.map((r) => [r.id, { name: r.name, scale: r.scale }]));
}

export const money = (minor: bigint) => formatMinor(minor, ACCEPTOR_MONEY_SCALE);
const rate = (minor: bigint) => formatMinor(minor, ACCEPTOR_RATE_SCALE);

/** The acceptor's account for a payment way ('' when it has none: the way is not offered). */
export function accountFor(a: Acceptor, way: string): string {
  if (way === 'we_chat') return a.wechat_account;
  if (way === 'ali_pay') return a.ali_account;
  if (way === 'bank') return a.bank_account;
  return '';
}

export const waysOf = (a: Acceptor): Way[] => ACCEPTOR_WAYS.filter((w) => accountFor(a, w) !== '');

export function acceptorRow(a: Acceptor, cur: Currencies): AcceptorRow {
  return {
    id: a.id,
    user_id: a.user_id,
    name: a.name,
    kind: a.kind as (typeof ACCEPTOR_KINDS)[number],
    quote_code: a.quote_code,
    currency_id: a.currency_id,
    currency_name: cur.get(a.currency_id)?.name ?? '',
    recharge_rate: rate(a.recharge_rate_minor),
    recharge_amount: money(a.recharge_max_minor),
    recharge_min: money(a.recharge_min_minor),
    cash_rate: rate(a.cash_rate_minor),
    cash_amount: money(a.cash_max_minor),
    cash_min: money(a.cash_min_minor),
    ways: waysOf(a),
  };
}

const seconds = (ms: number | null) => (ms === null ? 0 : Math.floor(ms / 1000));

/** A dispute image's URL (served by dispute.ts to the deal's user, its acceptor and operators). */
export const disputeImageUrl = (dealId: number, name: string) =>
  `${ACCEPTOR_DEAL_IMAGE_PATH}?id=${dealId}&name=${encodeURIComponent(name)}`;

export function disputeImages(x: AcceptorDispute): string[] {
  try {
    const names = JSON.parse(x.images_json) as unknown;
    return Array.isArray(names) ? names.map((n) => disputeImageUrl(x.deal_id, String(n))) : [];
  } catch {
    return [];
  }
}

export const disputeResult = (x: AcceptorDispute): 'release' | 'return' | null =>
  x.result === 'release' || x.result === 'return' ? x.result : null;

/** The disputes of a page of deals, by deal id. */
export async function disputesOf(db: Db, dealIds: number[]): Promise<Map<number, AcceptorDispute>> {
  if (dealIds.length === 0) return new Map();
  const rows = await acceptorRepo.disputes(db, [...new Set(dealIds)]);
  return new Map(rows.map((r) => [r.deal_id, r]));
}

export function dealRow(
  d: AcceptorDeal,
  a: Acceptor | undefined,
  cur: Currencies,
  locale: string,
  dispute?: AcceptorDispute,
): AcceptorDealRow {
  const c = cur.get(d.currency_id) ?? { name: '', scale: 8 };
  const disputed = d.is_sure === DEAL_STATE.waiting && d.disputed_at !== null;
  const timerRuns = d.is_sure === DEAL_STATE.waiting && d.transferred_at !== null && !disputed;
  return {
    id: d.id,
    acceptor_id: d.acceptor_id,
    acceptor_name: a?.name ?? '',
    type: d.type as (typeof ACCEPTOR_SIDES)[number],
    money: money(d.money_minor),
    quote_code: d.quote_code,
    rate: rate(d.rate_minor),
    number: formatMinor(d.number_minor, c.scale),
    currency_name: c.name,
    way: d.way as Way,
    way_name: translate(locale, `acceptor.way.${d.way}`),
    mobile: d.mobile,
    deal_account: d.deal_account,
    hes_account: a ? accountFor(a, d.way) : '',
    is_sure: d.is_sure,
    transferred: d.transferred_at === null ? 0 : 1,
    auto_confirm_at: timerRuns ? d.transferred_at! + ACCEPTOR_AUTO_CONFIRM_MS : 0,
    create_time: seconds(d.created_at),
    update_time: seconds(d.updated_at),
    disputed: disputed ? 1 : 0,
    dispute: dispute
      ? { note: dispute.note, images: disputeImages(dispute), result: disputeResult(dispute) }
      : null,
  };
}

/** Acceptors by id, for the rows of a page of deals. */
export async function acceptorsOf(db: Db, ids: number[]): Promise<Map<number, Acceptor>> {
  if (ids.length === 0) return new Map();
  const rows = await acceptorRepo.findMany(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}
