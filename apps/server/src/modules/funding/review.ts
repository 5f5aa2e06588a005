/**
 * Withdrawal review, by value, for coin withdrawals and rupiah payouts alike: a withdrawal waits for an
 * operator when what the user withdrew in the last 24 hours (coin withdrawals and rupiah payouts not
 * failed or rejected), this one included, is worth more than FUNDING_REVIEW_USDT at the wallets' USDT
 * prices, so several withdrawals under the amount add up. A coin with no price is always reviewed, and a
 * coin's own `approval_above_minor` can only lower the amount. Approving a reviewed withdrawal is then a
 * four-eyes action (console/four-eyes.ts) whose beneficiary is the user: the owner never approves.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { USDT_SCALE, worthInUsdt } from '../console/four-eyes';
import { userAdminRepo } from '../users/admin-repo';
import { withdrawalsRepo } from './withdrawals-repo';

export const REVIEW_WINDOW_MS = 24 * 3_600_000;
/** Statuses that still take money out (waiting, sending, paid): failed and rejected ones do not count. */
const LIVE_STATUSES = [0, 1, 2];

/** The user's withdrawals (coin and rupiah) in the window, as amount per currency. */
async function recentWithdrawn(db: Db, userId: number, since: number): Promise<Map<number, bigint>> {
  const rows = await withdrawalsRepo.withdrawnSince(db, userId, since, LIVE_STATUSES);
  const byCurrency = new Map<number, bigint>();
  for (const r of rows) {
    byCurrency.set(r.currency_id, (byCurrency.get(r.currency_id) ?? 0n) + r.total_minor);
  }
  return byCurrency;
}

/**
 * Whether a withdrawal of `amountMinor` of `currencyId` by `userId` waits for an operator (see the file
 * comment). `coinLimitMinor` is the coin's own `approval_above_minor`, when it has one.
 */
export async function withdrawalNeedsReview(
  ctx: AppContext,
  db: Db,
  w: { userId: number; currencyId: number; amountMinor: bigint; coinLimitMinor?: bigint },
): Promise<boolean> {
  if (w.coinLimitMinor !== undefined && w.amountMinor > w.coinLimitMinor) return true;
  // Two withdrawals of one user at once are weighed one after the other (SQLite writes one at a time).
  if (ctx.dialect === 'postgres') {
    await userAdminRepo.lockInOrder(db, [w.userId]);
  }
  const limit = parseDecimal(ctx.env.FUNDING_REVIEW_USDT, USDT_SCALE, { allowZero: true });
  const worth = await worthInUsdt(ctx, db, w.currencyId, w.amountMinor);
  if (worth === null || worth > limit) return true;
  let total = worth;
  const recent = await recentWithdrawn(db, w.userId, ctx.clock.now() - REVIEW_WINDOW_MS);
  for (const [currencyId, amountMinor] of recent) {
    const v = await worthInUsdt(ctx, db, currencyId, amountMinor);
    if (v === null) return true;
    total += v;
    if (total > limit) return true;
  }
  return false;
}
