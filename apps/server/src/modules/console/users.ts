/**
 * The console's view of users: search, one user's profile, restrictions, balances, sessions and ledger
 * history; and the operator actions on a user (restrictions, sessions, staff role). Balances are read
 * from the ledger; nothing here moves money.
 */
import { formatMinor } from '@oryx/contracts/money';
import type { ConsoleUserRow } from '@oryx/contracts/console/calls';
import type { UserRole } from '@oryx/contracts/console/roles';
import type { Db } from '../../db/connection';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { StaffChange } from '../../lib/seams';
import type { SessionService } from '../auth/session-service';
import { ledger } from '../ledger/service';
import { signedUploadUrl } from '../uploads/service';
import { catalogRepo } from '../catalog/repo';
import { userAdminRepo } from '../users/admin-repo';
import { consoleRepo } from './repo';

export const USERS_PAGE = 20;

type Row = {
  id: number;
  email: string | null;
  phone: string | null;
  account_number: string;
  role: UserRole;
  is_seller: number;
  review_status: number;
  created_at: number;
  login: number | null;
  trade: number | null;
  withdraw: number | null;
};

const toRow = (r: Row): ConsoleUserRow => ({
  id: r.id,
  email: r.email ?? '',
  phone: r.phone ?? '',
  account_number: r.account_number,
  role: r.role,
  is_seller: r.is_seller,
  review_status: r.review_status,
  created_at: r.created_at,
  frozen: { login: r.login === 1, trade: r.trade === 1, withdraw: r.withdraw === 1 },
});

export async function searchUsers(db: Db, q: string, page: number) {
  const { rows, total } = await userAdminRepo.search(db, q, { page, limit: USERS_PAGE });
  return { data: rows.map(toRow), total, page };
}

async function currencyNames(db: Db): Promise<Map<number, { name: string; scale: number }>> {
  const rows = await catalogRepo.currencies(db);
  return new Map(rows.map((r) => [r.id, { name: r.name, scale: r.scale }]));
}

export async function userDetail(db: Db, id: number) {
  const row = await userAdminRepo.detail(db, id);
  if (!row) throw new AppError('CONSOLE_USER_NOT_FOUND');
  const [names, balances, sessions, invitees] = await Promise.all([
    currencyNames(db),
    ledger.balances(db, id),
    consoleRepo.sessions(db, id),
    userAdminRepo.inviteeCount(db, id),
  ]);
  return {
    user: toRow(row),
    nickname: row.nickname,
    real_name: row.real_name,
    parent_id: row.parent_id,
    invitees,
    restriction_reason: row.reason ?? '',
    balances: balances.map((b) => {
      const c = names.get(b.currencyId) ?? { name: `#${b.currencyId}`, scale: 8 };
      return {
        wallet: b.wallet,
        currency: c.name,
        available: formatMinor(b.availableMinor, c.scale),
        frozen: formatMinor(b.frozenMinor, c.scale),
      };
    }),
    sessions,
  };
}

export async function userLedger(db: Db, id: number, page: number) {
  const [names, history] = await Promise.all([
    currencyNames(db),
    ledger.history(db, { userId: id, page, limit: USERS_PAGE }),
  ]);
  return {
    page,
    total: history.total,
    data: history.legs.map((l) => {
      const c = names.get(l.currencyId) ?? { name: `#${l.currencyId}`, scale: 8 };
      return {
        entry_id: l.entryId,
        at: l.at,
        wallet: l.wallet,
        bucket: l.bucket,
        currency: c.name,
        value: formatMinor(l.valueMinor, c.scale),
        reason: l.reason,
        ref: `${l.ref.type}:${l.ref.id}`,
        counterpart:
          l.counterpart.userId === 0
            ? `system/${l.counterpart.wallet}`
            : `user ${l.counterpart.userId}/${l.counterpart.wallet}`,
      };
    }),
  };
}

async function userExists(db: Db, id: number): Promise<{ role: UserRole }> {
  const u = await userAdminRepo.role(db, id);
  if (!u) throw new AppError('CONSOLE_USER_NOT_FOUND');
  return u;
}

export interface RestrictionInput {
  id: number;
  login: number;
  trade: number;
  withdraw: number;
  reason: string;
}

/** Sets the three switches and the reason; a login freeze ends every session of the user at once. */
export async function restrictUser(
  ctx: AppContext,
  sessions: SessionService,
  actorId: number,
  input: RestrictionInput,
): Promise<StaffChange> {
  await userExists(ctx.db, input.id);
  const before = await consoleRepo.restriction(ctx.db, input.id);
  const values = {
    login: input.login,
    trade: input.trade,
    withdraw: input.withdraw,
    reason: input.reason,
    updated_by: actorId,
    updated_at: ctx.clock.now(),
  };
  await consoleRepo.setRestriction(ctx.db, input.id, values);
  if (input.login === 1) await sessions.revokeAllForUser(input.id);
  else sessions.forgetUser(input.id);
  return {
    subject: 'user',
    subjectId: input.id,
    before: before ?? { login: 0, trade: 0, withdraw: 0, reason: '' },
    after: { login: input.login, trade: input.trade, withdraw: input.withdraw, reason: input.reason },
  };
}

export async function revokeSessions(
  ctx: AppContext,
  sessions: SessionService,
  userId: number,
  sessionId?: number,
): Promise<StaffChange> {
  await userExists(ctx.db, userId);
  // Through the session service: the sockets joined with an ended session leave the user's room too.
  if (sessionId === undefined) await sessions.revokeAllForUser(userId);
  else await sessions.revokeOne(userId, sessionId);
  return { subject: 'user', subjectId: userId, after: { revoked: sessionId ?? 'all' } };
}

export async function setStaffRole(
  ctx: AppContext,
  sessions: SessionService,
  actorId: number,
  userId: number,
  role: UserRole,
): Promise<StaffChange> {
  if (userId === actorId) throw new AppError('CONSOLE_SELF_ROLE');
  const before = await userExists(ctx.db, userId);
  await userAdminRepo.setRole(ctx.db, userId, role, ctx.clock.now());
  sessions.forgetUser(userId);
  return { subject: 'user', subjectId: userId, before: { role: before.role }, after: { role } };
}

/** A user's payment details (bank account, C2C collection accounts); QR images as signed URLs. */
export async function userPayments(ctx: AppContext, id: number) {
  if (!(await userAdminRepo.exists(ctx.db, id))) throw new AppError('CONSOLE_USER_NOT_FOUND');
  const [bank, cash] = await Promise.all([consoleRepo.bank(ctx.db, id), consoleRepo.cashInfo(ctx.db, id)]);
  return {
    bank: bank ?? null,
    cash: cash
      ? {
          real_name: cash.real_name,
          bank_name: cash.bank_name,
          bank_account: cash.bank_account,
          alipay_account: cash.alipay_account,
          alipay_collect: await signedUploadUrl(ctx, cash.alipay_collect),
          wechat_nickname: cash.wechat_nickname,
          wechat_account: cash.wechat_account,
          wechat_collect: await signedUploadUrl(ctx, cash.wechat_collect),
          updated_at: cash.updated_at,
        }
      : null,
  };
}
