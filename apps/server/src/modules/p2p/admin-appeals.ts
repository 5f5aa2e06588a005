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
import { appealsRepo } from './appeals-repo';
import { catalogRepo } from '../catalog/repo';
import { accountNumbersOf } from '../users/repo';
import { dealImages } from './images';

type AppealRowData = Awaited<ReturnType<typeof appealsRepo.page>>['rows'];

async function toRows(db: Db, rows: AppealRowData) {
  const pending = await pendingEscrowDecisions(
    db,
    'p2p.appeal',
    rows.map((r) => r.id),
  );
  const cur = new Map((await catalogRepo.currencies(db)).map((c) => [c.id, c]));
  const accounts = await accountNumbersOf(
    db,
    rows.flatMap((r) => [r.buyer_id, r.seller_id]),
  );
  const data = [];
  for (const r of rows) {
    const c = cur.get(r.currency_id)!;
    const images = await dealImages(db, r.id);
    data.push({
      id: r.id,
      is_sure: r.is_sure,
      kind: r.kind,
      buyer_account: accounts.get(r.buyer_id) ?? '',
      seller_account: accounts.get(r.seller_id) ?? '',
      number: formatMinor(r.number_minor, c.scale),
      currency_name: c.name,
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
  const filter = { pendingOnly: q.status === 'pending' };
  const { rows, total } = await appealsRepo.page(db, filter, q.page, P2P_PAGE_SIZE);
  const data = await toRows(db, rows);
  return { data, current_page: q.page, total, last_page: lastPage(total, P2P_PAGE_SIZE) };
}

/** One appealed deal (what the approvals page shows the second operator). */
export async function appealDetail(db: Db, dealId: number) {
  const { rows } = await appealsRepo.page(db, { dealId }, 1, 1);
  const [row] = await toRows(db, rows);
  if (!row) throw new AppError('P2P_DEAL_NOT_FOUND');
  return row;
}
