/**
 * Identity verification. users.review_status: 0 none → 1 auditing (the user submits) →
 * 2 certified (an operator approves) or back to 0 (an operator rejects, with a reason the user sees).
 * Each submission is kept (status 1 waiting, 2 approved, 3 rejected) with who reviewed it and when.
 */
import { translate } from '@oryx/i18n';
import { KycForm } from '@oryx/contracts/auth/forms';
import { KYC_STATUS, REVIEW_STATUS, type KycSubmission } from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { parseForm } from '../../lib/form';
import { ownUploadUrl, signedUploadUrl } from '../uploads/service';
import { lastPage } from '../../lib/paging';

export async function submitIdentity(
  ctx: AppContext,
  userId: number,
  input: { name: string; card_id: string; front_pic: string; reverse_pic: string; hand_pic: string },
  locale: string,
): Promise<string> {
  const form = parseForm(KycForm, input);
  const user = await ctx.db
    .selectFrom('users')
    .select('review_status')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.review_status === REVIEW_STATUS.auditing) throw new AppError('KYC_ALREADY_SUBMITTED');
  if (user.review_status === REVIEW_STATUS.certified) throw new AppError('KYC_ALREADY_CERTIFIED');
  const pics: string[] = [];
  for (const url of [form.front_pic, form.reverse_pic, form.hand_pic]) {
    const own = await ownUploadUrl(ctx, userId, url);
    if (!own) throw new AppError('KYC_IMAGE_INVALID');
    pics.push(own);
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Only from "none": a second concurrent submission finds 1 and stops here.
    const moved = await trx
      .updateTable('users')
      .set({ review_status: REVIEW_STATUS.auditing, updated_at: now })
      .where('id', '=', userId)
      .where('review_status', '=', REVIEW_STATUS.none)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError('KYC_ALREADY_SUBMITTED');
    await trx
      .insertInto('kyc_submissions')
      .values({
        user_id: userId,
        name: form.name,
        card_id: form.card_id,
        front_pic: pics[0]!,
        reverse_pic: pics[1]!,
        hand_pic: pics[2]!,
        status: KYC_STATUS.pending,
        reason: '',
        created_at: now,
        reviewed_at: null,
        reviewed_by: null,
      })
      .execute();
  });
  return translate(locale, 'auth.auth.submitted');
}

export async function listSubmissions(
  ctx: AppContext,
  q: { status: number; page: number; limit: number },
): Promise<{ data: KycSubmission[]; current_page: number; last_page: number; total: number }> {
  const totalRow = await ctx.db
    .selectFrom('kyc_submissions')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('status', '=', q.status)
    .executeTakeFirst();
  const total = Number(totalRow?.n ?? 0);
  const rows = await ctx.db
    .selectFrom('kyc_submissions')
    .innerJoin('users', 'users.id', 'kyc_submissions.user_id')
    .selectAll('kyc_submissions')
    .select('users.account_number')
    .where('kyc_submissions.status', '=', q.status)
    .orderBy('kyc_submissions.id', q.status === KYC_STATUS.pending ? 'asc' : 'desc')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  // Identity images are private uploads: the operator's list carries short-lived signed URLs.
  const sign = (url: string) => signedUploadUrl(ctx, url);
  return {
    data: await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        user_id: r.user_id,
        account_number: r.account_number,
        name: r.name,
        card_id: r.card_id,
        front_pic: await sign(r.front_pic),
        reverse_pic: await sign(r.reverse_pic),
        hand_pic: await sign(r.hand_pic),
        status: r.status,
        reason: r.reason,
        created_at: r.created_at,
        reviewed_at: r.reviewed_at,
      })),
    ),
    current_page: q.page,
    last_page: lastPage(total, q.limit),
    total,
  };
}

async function review(
  ctx: AppContext,
  adminId: number,
  id: number,
  decision: { status: 2 | 3; reviewStatus: 0 | 2; reason: string },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const sub = await trx.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!sub) throw new AppError('NOT_FOUND', { path: `kyc ${id}` });
    const moved = await trx
      .updateTable('kyc_submissions')
      .set({ status: decision.status, reason: decision.reason, reviewed_at: now, reviewed_by: adminId })
      .where('id', '=', id)
      .where('status', '=', KYC_STATUS.pending)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError('KYC_NOT_PENDING');
    await trx
      .updateTable('users')
      .set({
        review_status: decision.reviewStatus,
        ...(decision.reviewStatus === REVIEW_STATUS.certified ? { real_name: sub.name } : {}),
        updated_at: now,
      })
      .where('id', '=', sub.user_id)
      .execute();
  });
}

export async function approveSubmission(ctx: AppContext, adminId: number, id: number, locale: string) {
  await review(ctx, adminId, id, {
    status: KYC_STATUS.approved,
    reviewStatus: REVIEW_STATUS.certified,
    reason: '',
  });
  return translate(locale, 'auth.common.saved');
}

export async function rejectSubmission(
  ctx: AppContext,
  adminId: number,
  id: number,
  reason: string,
  locale: string,
) {
  const r = reason.trim();
  if (!r) throw new AppError('KYC_REASON_REQUIRED');
  await review(ctx, adminId, id, {
    status: KYC_STATUS.rejected,
    reviewStatus: REVIEW_STATUS.none,
    reason: r,
  });
  return translate(locale, 'auth.common.saved');
}
