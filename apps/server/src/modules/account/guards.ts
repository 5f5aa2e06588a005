/**
 * Checks other areas call before moving money or taking a deal (global reply types of the error
 * catalogue, packages/contracts errors). Call them before opening your own transaction: a wrong
 * transaction password is recorded (five in 15 minutes lock it) and that record must survive the refusal.
 *
 *   await requireTradePassword(ctx, userId, input.password);                  // 996 when none is set
 *   await requireTradePassword(ctx, userId, input.pay_password, { legacy: true }); // 'not' (wallet/out, spot)
 *   await requirePaymentDetails(ctx, userId);                                  // 997
 *   await requireIdentity(ctx, userId);                                        // 998
 *   const bank = await findUserBank(ctx, userId);                              // null when none is bound
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { checkPassword } from '../auth/throttle';
import { usersRepo } from '../users/repo';
import { paymentDetailsRepo } from './repo';

export interface TradePasswordOptions {
  /** Answer 'not' instead of '996' when none is set (the older spelling wallet/out and spot trade use). */
  legacy?: boolean;
  /** The client's address, kept with a failure record. */
  ip?: string;
}

/**
 * Throws TRADE_PASSWORD_MISSING (996) or TRADE_PASSWORD_MISSING_LEGACY ('not') when the user has none,
 * TRADE_PASSWORD_REQUIRED when `password` is empty, TRADE_PASSWORD_LOCKED after 5 wrong tries in 15
 * minutes (however many arrive at once: auth/throttle.ts), TRADE_PASSWORD_WRONG when it does not match.
 * Returns normally when it matches.
 */
export async function requireTradePassword(
  ctx: AppContext,
  userId: number,
  password: string | null | undefined,
  opts: TradePasswordOptions = {},
): Promise<void> {
  const user = await usersRepo.byId(ctx.db, userId);
  if (!user?.trade_password_hash) {
    throw new AppError(opts.legacy ? 'TRADE_PASSWORD_MISSING_LEGACY' : 'TRADE_PASSWORD_MISSING');
  }
  if (!password) throw new AppError('TRADE_PASSWORD_REQUIRED');
  const subject = { kind: 'trade' as const, userId, ip: opts.ip ?? '' };
  if (!(await checkPassword(ctx, subject, String(password), user.trade_password_hash))) {
    throw new AppError('TRADE_PASSWORD_WRONG');
  }
}

export async function hasTradePassword(ctx: AppContext, userId: number): Promise<boolean> {
  const u = await usersRepo.byId(ctx.db, userId);
  return !!u?.trade_password_hash;
}

/** Throws PAYMENT_DETAILS_MISSING (997) when the user has saved no payment details (cash_save). */
export async function requirePaymentDetails(ctx: AppContext, userId: number) {
  const row = await paymentDetailsRepo.cash(ctx.db, userId);
  if (!row) throw new AppError('PAYMENT_DETAILS_MISSING');
  return row;
}

/** Throws IDENTITY_REQUIRED (998) unless the user is certified (review_status 2). */
export async function requireIdentity(ctx: AppContext, userId: number): Promise<void> {
  const u = await usersRepo.byId(ctx.db, userId);
  if (u?.review_status !== 2) throw new AppError('IDENTITY_REQUIRED');
}

/** The user's bound bank account, or null. */
export async function findUserBank(ctx: AppContext, userId: number) {
  return (await paymentDetailsRepo.bank(ctx.db, userId)) ?? null;
}
