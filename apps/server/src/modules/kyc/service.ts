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
import { usersRepo } from '../users/repo';
import { userAccessRepo } from '../users/access-repo';
import { userAdminRepo } from '../users/admin-repo';
import { kycRepo } from './repo';

export async function submitIdentity(
  ctx: AppContext,
  userId: number,
  input: { name: string; card_id: string; front_pic: string; reverse_pic: string; hand_pic: string },
  locale: string,
): Promise<string> {
  const form = parseForm(KycForm, input);
  const user = await usersRepo.byIdOrThrow(ctx.db, userId);
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
    const isMoved = await userAccessRepo.moveReviewStatus(
      trx,
      userId,
      REVIEW_STATUS.none,
      REVIEW_STATUS.auditing,
      now,
    );
    if (!isMoved) throw new AppError('KYC_ALREADY_SUBMITTED');
    await kycRepo.insert(trx, {
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
    });
  });
  return translate(locale, 'auth.auth.submitted');
}

export async function listSubmissions(
  ctx: AppContext,
  q: { status: number; page: number; limit: number },
): Promise<{ data: KycSubmission[]; current_page: number; last_page: number; total: number }> {
  const page = await kycRepo.page(ctx.db, q.status, q.status === KYC_STATUS.pending, q);
  const { total } = page;
  const logins = await userAdminRepo.logins(
    ctx.db,
    page.rows.map((r) => r.user_id),
  );
  const rows = page.rows.flatMap((r) => {
    const u = logins.get(r.user_id);
    return u ? [{ ...r, account_number: u.account_number }] : [];
  });
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
    last_page: page.lastPage,
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
    const sub = await kycRepo.byId(trx, id);
    if (!sub) throw new AppError('NOT_FOUND', { path: `kyc ${id}` });
    const d = { status: decision.status, reason: decision.reason, reviewed_at: now, reviewed_by: adminId };
    if (!(await kycRepo.decide(trx, id, KYC_STATUS.pending, d))) throw new AppError('KYC_NOT_PENDING');
    const realName = decision.reviewStatus === REVIEW_STATUS.certified ? sub.name : undefined;
    await userAccessRepo.setReviewStatus(trx, sub.user_id, decision.reviewStatus, realName, now);
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
