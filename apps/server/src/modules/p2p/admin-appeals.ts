/**
 * The operators' list of appealed deals: what each party said and showed (note, images, the buyer's
 * voucher as private image URLs, which operators may fetch), oldest first, so the queue is worked in
 * order. The decision itself is `decideAppeal` (appeals.ts).
 */
import { formatMinor } from '@oryx/contracts/money';
import { P2P_PAGE_SIZE, type P2P_WAYS } from '@oryx/contracts/p2p/calls';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import { lastPage } from '../../lib/paging';
import { pendingEscrowDecisions } from '../console/escrow-decisions';
import { FIAT_SCALE } from './config';
import { DEAL_STATE } from './deal-states';
import { dealImages } from './images';

function appealQuery(db: Db) {
  return db
    .selectFrom('p2p_appeals as a')
    .innerJoin('p2p_deals as d', 'd.id', 'a.deal_id')
    .innerJoin('currencies as c', 'c.id', 'd.currency_id')
    .innerJoin('users as b', 'b.id', 'd.buyer_id')
    .innerJoin('users as s', 's.id', 'd.seller_id');
}

function selectRow(q: ReturnType<typeof appealQuery>) {
  return q
    .select(['d.id', 'd.is_sure', 'd.kind', 'd.buyer_id', 'd.number_minor', 'd.deal_money_minor'])
    .select(['d.coin_code', 'd.way', 'd.paid_at', 'c.name as currency_name', 'c.scale'])
    .select(['b.account_number as buyer_account', 's.account_number as seller_account'])
    .select(['a.user_id', 'a.note', 'a.result', 'a.reason', 'a.created_at']);
}

type AppealRowData = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>;

async function toRows(db: Db, rows: AppealRowData) {
  const pending = await pendingEscrowDecisions(
    db,
    'p2p.appeal',
    rows.map((r) => r.id),
  );
  const data = [];
  for (const r of rows) {
    const images = await dealImages(db, r.id);
    data.push({
      id: r.id,
      is_sure: r.is_sure,
      kind: r.kind,
      buyer_account: r.buyer_account,
      seller_account: r.seller_account,
      number: formatMinor(r.number_minor, r.scale),
      currency_name: r.currency_name,
      deal_money: formatMinor(r.deal_money_minor, FIAT_SCALE),
      coin_code: r.coin_code,
      way: r.way as (typeof P2P_WAYS)[number],
      pay_voucher: images.voucher[0] ?? '',
      appeal: {
        by: r.user_id === r.buyer_id ? ('buyer' as const) : ('seller' as const),
        note: r.note,
        images: images.appeal,
        result: r.result === 'release' || r.result === 'return' ? (r.result as 'release' | 'return') : null,
      },
      appealed_at: r.created_at,
      paid_at: r.paid_at,
      decision_reason: r.reason,
      pending: pending.get(r.id) ?? null,
    });
  }
  return data;
}

export async function listAppeals(db: Db, q: { status: 'pending' | 'all'; page: number }) {
  let base = appealQuery(db);
  if (q.status === 'pending') base = base.where('d.is_sure', '=', DEAL_STATE.appeal);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await selectRow(base)
    .orderBy('a.id')
    .limit(P2P_PAGE_SIZE)
    .offset((q.page - 1) * P2P_PAGE_SIZE)
    .execute();
  const data = await toRows(db, rows);
  const total = Number(n);
  return { data, current_page: q.page, total, last_page: lastPage(total, P2P_PAGE_SIZE) };
}

/** One appealed deal (what the approvals page shows the second operator). */
export async function appealDetail(db: Db, dealId: number) {
  const rows = await selectRow(appealQuery(db).where('d.id', '=', dealId)).execute();
  const [row] = await toRows(db, rows);
  if (!row) throw new AppError('P2P_DEAL_NOT_FOUND');
  return row;
}
