/**
 * Two operators for every change of a market's lever terms. A terms change moves no money, so the
 * console's four-eyes rule (which weighs an amount against a threshold) would let it through alone; one
 * operator setting a liquidation level of 200 % once liquidated healthy positions. So here every change
 * is a request:
 *
 *   propose  (`admin/lever/market`)       validated now (a bad value is refused, nothing recorded), stored
 *                                           as pending with the terms it replaces; nothing else changes;
 *   approve  (`admin/lever/terms_decide`)  by a DIFFERENT operator (the proposer gets
 *                                           CONSOLE_FOUR_EYES_SAME_OPERATOR): the terms are validated again
 *                                           and written in the same transaction as the decision;
 *   reject   (`admin/lever/terms_decide`)  by any operator, the proposer included (withdrawing it).
 *
 * One pending request per market (a partial unique index; a second proposal is LEVER_TERMS_PENDING).
 * Auditors cannot propose or decide (the calls need the `act` level). Whatever is approved applies to
 * new orders only: each order records the terms it opened under (submit.ts).
 */
import type { AdminLeverMarket, AdminLeverTermsRequest } from '@oryx/contracts/lever/calls';
import { LEVER_TERMS_REQUESTS_MAX } from '@oryx/contracts/lever/calls';
import type { Db } from '../../db/connection';
import { isUniqueViolation, runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { StaffChange } from '../../lib/seams';
import { adminLeverConfig, adminShapeOf, termsValues, writeTerms, type TermsInput } from './config';
import { userAdminRepo } from '../users/admin-repo';
import { catalogRepo } from '../catalog/repo';
import { leverTermsRepo } from './terms-repo';

type Row = {
  id: number;
  market_id: number;
  status: 'pending' | 'approved' | 'rejected';
  terms_json: string;
  before_json: string;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
};

const wireOf = (r: Row): AdminLeverTermsRequest => {
  const terms = JSON.parse(r.terms_json) as AdminLeverMarket;
  return {
    id: r.id,
    market_id: r.market_id,
    symbol: terms.symbol,
    status: r.status,
    terms,
    before: JSON.parse(r.before_json) as AdminLeverMarket | null,
    requested_by: r.requested_by,
    requested_at: r.requested_at,
    decided_by: r.decided_by,
    decided_at: r.decided_at,
  };
};

async function marketOf(db: Db, marketId: number) {
  const m = (await catalogRepo.marketNames(db)).find((x) => x.id === marketId);
  const scales = m && (await catalogRepo.marketScales(db, marketId));
  if (!m || !scales) throw new AppError('NOT_FOUND', { path: `market ${marketId}` });
  return { id: m.id, baseScale: scales.currency_scale, symbol: `${m.currency_name}/${m.legal_name}` };
}

/** The proposed terms as `TermsInput` (they are stored in the wire shape, percents as text). */
const inputOf = (t: AdminLeverMarket): TermsInput => ({
  lever_share_num: t.lever_share_num,
  spread: t.spread,
  lever_trade_fee: t.lever_trade_fee,
  overnight: t.overnight,
  min_share: t.min_share,
  max_share: t.max_share,
  multiples: t.multiples,
  share_presets: t.share_presets,
  liquidation_rate: t.liquidation_rate,
  max_open: t.max_open,
});

/** Records a pending change of one market's terms by `actorId`; nothing else changes. */
export async function proposeTerms(
  ctx: AppContext,
  actorId: number,
  input: TermsInput & { market_id: number; open_lever: number },
): Promise<{ reply: AdminLeverTermsRequest; change: StaffChange }> {
  const now = ctx.clock.now();
  const m = await marketOf(ctx.db, input.market_id);
  const terms = adminShapeOf(m, termsValues(input, m.baseScale, now), input.open_lever);
  const before = (await adminLeverConfig(ctx.db)).find((x) => x.market_id === m.id) ?? null;
  let row: Row;
  try {
    row = await leverTermsRepo.insertRequest(ctx.db, {
      market_id: m.id,
      status: 'pending',
      terms_json: JSON.stringify(terms),
      before_json: JSON.stringify(before),
      requested_by: actorId,
      requested_at: now,
      decided_by: null,
      decided_at: null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('LEVER_TERMS_PENDING');
    throw err;
  }
  return {
    reply: wireOf(row),
    change: {
      subject: 'lever_terms_request',
      subjectId: row.id,
      before,
      after: { status: 'pending', terms },
    },
  };
}

/**
 * Approves (a different operator: the terms are written in the same transaction) or rejects a pending
 * request. CONSOLE_APPROVAL_DECIDED when it is no longer pending.
 */
export async function decideTerms(
  ctx: AppContext,
  actorId: number,
  id: number,
  decision: 'approve' | 'reject',
): Promise<{ reply: AdminLeverTermsRequest; change: StaffChange }> {
  const now = ctx.clock.now();
  const row = await runInTransaction(ctx.db, async (trx) => {
    const r = await leverTermsRepo.request(trx, id);
    if (!r) throw new AppError('NOT_FOUND', { path: `lever terms request ${id}` });
    if (r.status !== 'pending') throw new AppError('CONSOLE_APPROVAL_DECIDED');
    if (decision === 'approve') {
      if (r.requested_by === actorId) throw new AppError('CONSOLE_FOUR_EYES_SAME_OPERATOR');
      const terms = JSON.parse(r.terms_json) as AdminLeverMarket;
      const m = await marketOf(trx, r.market_id);
      await writeTerms(trx, m.id, termsValues(inputOf(terms), m.baseScale, now), terms.open_lever);
    }
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const decided = await leverTermsRepo.decideRequest(trx, id, status, actorId, now);
    if (!decided) throw new AppError('CONSOLE_APPROVAL_DECIDED');
    return decided;
  });
  const reply = wireOf(row);
  return {
    reply,
    change: {
      subject: 'lever_terms',
      subjectId: row.market_id,
      before: decision === 'approve' ? reply.before : { request: id, status: 'pending' },
      after: decision === 'approve' ? reply.terms : { request: id, status: 'rejected' },
    },
  };
}

/** Pending requests first, then the latest decided; at most LEVER_TERMS_REQUESTS_MAX. */
export async function listTermsRequests(db: Db): Promise<{ data: AdminLeverTermsRequest[] }> {
  const pending = await leverTermsRepo.requests(db, true, LEVER_TERMS_REQUESTS_MAX);
  const decided = await leverTermsRepo.requests(
    db,
    false,
    Math.max(0, LEVER_TERMS_REQUESTS_MAX - pending.length),
  );
  const rows = [...pending, ...decided];
  // The operators by their login, not by id.
  const ids = [...new Set(rows.flatMap((r) => [r.requested_by, r.decided_by ?? r.requested_by]))];
  const users = await userAdminRepo.logins(db, ids);
  const nameOf = (id: number) => {
    const u = users.get(id);
    return u?.email || u?.account_number || `#${id}`;
  };
  return {
    data: rows.map((r) => ({
      ...wireOf(r),
      requested_by_name: nameOf(r.requested_by),
      decided_by_name: r.decided_by === null ? null : nameOf(r.decided_by),
    })),
  };
}
