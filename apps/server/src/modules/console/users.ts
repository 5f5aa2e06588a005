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

export const USERS_PAGE = 20;

const userColumns = [
  'u.id',
  'u.email',
  'u.phone',
  'u.account_number',
  'u.role',
  'u.is_seller',
  'u.review_status',
  'u.created_at',
  'r.login',
  'r.trade',
  'r.withdraw',
  'r.reason',
] as const;

function usersWithRestrictions(db: Db) {
  return db.selectFrom('users as u').leftJoin('user_restrictions as r', 'r.user_id', 'u.id');
}

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
  let base = usersWithRestrictions(db);
  if (q) {
    const like = `%${q.replace(/[%_\\]/g, '')}%`;
    const asId = /^\d{1,9}$/.test(q) ? Number(q) : -1;
    base = base.where((eb) =>
      eb.or([
        eb('u.id', '=', asId),
        eb('u.email', 'like', like),
        eb('u.phone', 'like', like),
        eb('u.account_number', 'like', like),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(userColumns)
      .orderBy('u.id', 'desc')
      .limit(USERS_PAGE)
      .offset((page - 1) * USERS_PAGE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toRow), total: Number(count.n), page };
}

async function currencyNames(db: Db): Promise<Map<number, { name: string; scale: number }>> {
  const rows = await db.selectFrom('currencies').select(['id', 'name', 'scale']).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, scale: r.scale }]));
}

export async function userDetail(db: Db, id: number) {
  const row = await usersWithRestrictions(db)
    .select([...userColumns, 'u.nickname', 'u.real_name', 'u.parent_id'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('CONSOLE_USER_NOT_FOUND');
  const [names, balances, sessions, invitees] = await Promise.all([
    currencyNames(db),
    ledger.balances(db, id),
    db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at', 'revoked_at', 'ip', 'user_agent'])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    user: toRow(row),
    nickname: row.nickname,
    real_name: row.real_name,
    parent_id: row.parent_id,
    invitees: Number(invitees.n),
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
  const u = await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
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
  const before = await ctx.db
    .selectFrom('user_restrictions')
    .select(['login', 'trade', 'withdraw', 'reason'])
    .where('user_id', '=', input.id)
    .executeTakeFirst();
  const values = {
    login: input.login,
    trade: input.trade,
    withdraw: input.withdraw,
    reason: input.reason,
    updated_by: actorId,
    updated_at: ctx.clock.now(),
  };
  await ctx.db
    .insertInto('user_restrictions')
    .values({ user_id: input.id, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
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
  await ctx.db
    .updateTable('users')
    .set({ role, updated_at: ctx.clock.now() })
    .where('id', '=', userId)
    .execute();
  sessions.forgetUser(userId);
  return { subject: 'user', subjectId: userId, before: { role: before.role }, after: { role } };
}

/** A user's payment details (bank account, C2C collection accounts); QR images as signed URLs. */
export async function userPayments(ctx: AppContext, id: number) {
  const exists = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw new AppError('CONSOLE_USER_NOT_FOUND');
  const [bank, cash] = await Promise.all([
    ctx.db
      .selectFrom('user_banks')
      .select(['receive_name', 'receive_account', 'bank_code', 'bank_name', 'updated_at'])
      .where('user_id', '=', id)
      .executeTakeFirst(),
    ctx.db.selectFrom('user_cash_info').selectAll().where('user_id', '=', id).executeTakeFirst(),
  ]);
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
