/**
 * Disputes of acceptor deals, like C2C appeals: the user of a deal still waiting for the acceptor (a buy
 * the acceptor neither confirms nor rejects, a sell whose money did not arrive) disputes it with a note and
 * up to three images (the user's own uploads, made private); the deal freezes (no confirm, reject,
 * transfer mark or auto-confirm) until an operator decides with a written reason: `release` as a confirm
 * would, `return` as a reject would. Above the four-eyes amount a second operator making the same
 * decision carries it out (console/escrow-decisions.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ACCEPTOR_DEAL_IMAGE_PATH,
  ACCEPTOR_DISPUTE_NOTE_MAX,
  ACCEPTOR_PAGE_SIZE,
} from '@oryx/contracts/acceptor/calls';
import { roleMay } from '@oryx/contracts/console/roles';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import {
  escrowFourEyes,
  escrowReason,
  pendingEscrowDecisions,
  type EscrowResult,
} from '../console/escrow-decisions';
import { accountNumbersOf } from '../users/repo';
import { makeUploadPrivate, sendPrivateUpload } from '../uploads/private';
import { DEAL_STATE } from './config';
import { accountNumbers } from './desk';
import { actOnAcceptorDeal, giver, taker } from './engine';
import { acceptorRepo, type AcceptorDeal } from './repo';
import { acceptorsOf, currencies, dealRow, disputeImages, disputeResult, disputesOf } from './views';

/** The user disputes one of their waiting deals: it freezes, the auto-confirm stops. */
export async function disputeDeal(
  ctx: AppContext,
  userId: number,
  dealId: number,
  input: { note: string; images: readonly string[] },
): Promise<void> {
  const note = input.note.trim();
  const first = await acceptorRepo.findDeal(ctx.db, dealId);
  if (!first || first.user_id !== userId) throw new AppError('ACCEPTOR_DEAL_NOT_FOUND');
  if (note === '' || note.length > ACCEPTOR_DISPUTE_NOTE_MAX)
    throw new AppError('ACCEPTOR_DISPUTE_NOTE_REQUIRED');
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    const deal = (await acceptorRepo.findDeal(trx, dealId))!;
    await actOnAcceptorDeal(trx, deal, 'dispute', 'taker', at);
    const names: string[] = [];
    for (const url of input.images) {
      const name = await makeUploadPrivate(trx, userId, url);
      if (!name) throw new AppError('ACCEPTOR_IMAGE_INVALID');
      names.push(name);
    }
    await acceptorRepo.insertDispute(trx, {
      deal_id: dealId,
      user_id: userId,
      note,
      images_json: JSON.stringify(names),
      created_at: at,
      result: null,
      decided_by: null,
      decided_at: null,
    });
  });
}

/**
 * The operator's decision on a disputed deal, with a written reason; `pending` when it only recorded
 * the request for a second operator (nothing moved).
 */
export async function decideDispute(
  ctx: AppContext,
  operatorId: number,
  dealId: number,
  result: EscrowResult,
  rawReason: string,
): Promise<{ deal: AcceptorDeal; pending: boolean }> {
  const reason = escrowReason(rawReason);
  const at = ctx.clock.now();
  return runInTransaction(ctx.db, async (trx) => {
    const deal = await acceptorRepo.findDeal(trx, dealId);
    if (!deal) throw new AppError('ACCEPTOR_DEAL_NOT_FOUND');
    if (deal.is_sure !== DEAL_STATE.waiting || deal.disputed_at === null) {
      throw new AppError('ACCEPTOR_DEAL_STATE');
    }
    const check = await escrowFourEyes(ctx, trx, {
      kind: 'acceptor.dispute',
      dealId: deal.id,
      currencyId: deal.currency_id,
      amountMinor: deal.number_minor,
      actorId: operatorId,
      parties: [deal.user_id, deal.acceptor_user_id],
      beneficiaryId: result === 'release' ? taker(deal) : giver(deal),
      result,
      reason,
    });
    if (check === 'pending') return { deal, pending: true };
    await actOnAcceptorDeal(
      trx,
      deal,
      result === 'release' ? 'decide_release' : 'decide_return',
      'operator',
      at,
    );
    await acceptorRepo.decideDispute(trx, dealId, { result, reason, decided_by: operatorId, decided_at: at });
    return { deal: (await acceptorRepo.findDeal(trx, dealId))!, pending: false };
  });
}

async function disputeRows(db: Db, locale: string, deals: AcceptorDeal[]) {
  const ids = deals.map((d) => d.id);
  const [cur, users, acceptors, disputes, pending] = await Promise.all([
    currencies(db),
    accountNumbers(db, deals),
    acceptorsOf(
      db,
      deals.map((d) => d.acceptor_id),
    ),
    disputesOf(db, ids),
    pendingEscrowDecisions(db, 'acceptor.dispute', ids),
  ]);
  const acceptorAccount = await accountNumbersOf(
    db,
    deals.map((d) => d.acceptor_user_id),
  );
  return deals.map((d) => {
    const x = disputes.get(d.id)!;
    return {
      ...dealRow(d, acceptors.get(d.acceptor_id), cur, locale, x),
      user_account: users.get(d.user_id) ?? '',
      acceptor_account: acceptorAccount.get(d.acceptor_user_id) ?? '',
      transferred_at: d.transferred_at,
      dispute: {
        note: x.note,
        images: disputeImages(x),
        result: disputeResult(x),
        created_at: x.created_at,
        reason: x.reason,
      },
      pending: pending.get(d.id) ?? null,
    };
  });
}

/** Operators: disputed deals, waiting ones (the default) or all, oldest dispute first. */
export async function listDisputes(db: Db, locale: string, q: { page: number; status: 'pending' | 'all' }) {
  const filter = { pendingOnly: q.status === 'pending' };
  const { deals, total } = await acceptorRepo.pageDisputed(db, filter, q.page, ACCEPTOR_PAGE_SIZE);
  return {
    data: await disputeRows(db, locale, deals),
    current_page: q.page,
    total,
    last_page: lastPage(total, ACCEPTOR_PAGE_SIZE),
  };
}

/** One disputed deal (what the approvals page shows the second operator). */
export async function disputeDetail(db: Db, locale: string, dealId: number) {
  const [deal] = (await acceptorRepo.pageDisputed(db, { dealId }, 1, 1)).deals;
  if (!deal) throw new AppError('ACCEPTOR_DEAL_NOT_FOUND');
  const [row] = await disputeRows(db, locale, [deal]);
  return row!;
}

const ImageQuery = z.object({ id: z.coerce.number().int().positive(), name: z.string().max(64) });

/**
 * GET ACCEPTOR_DEAL_IMAGE_PATH?id=&name=: a dispute image, for the deal's user, its acceptor and
 * operators (with the `Authorization` header). Anyone else, or a name not attached to that deal: not found.
 */
export function disputeImageRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(ACCEPTOR_DEAL_IMAGE_PATH, { schema: { hide: true } }, async (req, reply) => {
    const session = req.session;
    if (!session) throw new AppError(req.hadToken ? 'AUTH_EXPIRED' : 'AUTH_REQUIRED');
    const q = ImageQuery.safeParse(req.query);
    if (!q.success) throw new AppError('NOT_FOUND', { path: 'upload' });
    const deal = await acceptorRepo.findDeal(ctx.db, q.data.id);
    const party = deal && (deal.user_id === session.userId || deal.acceptor_user_id === session.userId);
    if (!deal || (!party && !roleMay(session.role, 'read')))
      throw new AppError('NOT_FOUND', { path: 'upload' });
    const x = (await disputesOf(ctx.db, [deal.id])).get(deal.id);
    const names = x ? (JSON.parse(x.images_json) as unknown[]).map(String) : [];
    if (!names.includes(q.data.name)) throw new AppError('NOT_FOUND', { path: 'upload' });
    return sendPrivateUpload(ctx, reply, q.data.name);
  });
}
