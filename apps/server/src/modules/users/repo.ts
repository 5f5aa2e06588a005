/**
 * SQL of the `users` table: the one place a user row is written in full, and the reads and single-field
 * updates that registration, login, the account settings and the language switch share.
 */
import type { Selectable } from 'kysely';
import type { UsersTable } from '@oryx/db/schema';
import { nicknameKey, normalizeNickname, randomAlias } from '@oryx/contracts/account/nickname';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/transaction';
import { AppError } from '../../lib/app-error';

export type UserRow = Selectable<UsersTable>;

/** What a new user must have; everything else starts as a plain, unverified, non-demo user. */
export interface NewUser {
  accountNumber: string;
  passwordHash: string;
  extensionCode: string;
  now: number;
  email?: string | null;
  phone?: string | null;
  areaCode?: string;
  areaCodeId?: number;
  nationality?: string;
  tradePasswordHash?: string | null;
  parentId?: number | null;
  isSeller?: number;
  type?: string;
  role?: UserRow['role'];
  lang?: string;
  isDemo?: number;
  /** The public nickname; a fresh generated alias when absent. */
  nickname?: string;
}

/** The columns a user may change about themself, one call each (`updated_at` moves with them). */
type UserSettings = Partial<
  Pick<UserRow, 'password_hash' | 'trade_password_hash' | 'email' | 'nickname' | 'lang'>
>;

/** Whether another user holds this nickname (compared as `nicknameKey`). */
async function nicknameHeld(db: Db, nickname: string, exceptUserId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('nickname_key', '=', nicknameKey(nickname))
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A generated alias nobody holds yet (a collision, users in 32^6 likely, draws again). */
async function freeAlias(db: Db): Promise<string> {
  for (;;) {
    const alias = randomAlias();
    if (!(await nicknameHeld(db, alias))) return alias;
  }
}

export const usersRepo = {
  /**
   * Inserts one user and returns its id; unique columns (email, phone, extension code, nickname) may
   * throw. Without a nickname the user gets a free generated alias (looked up first, so a concurrent
   * insertion is the only way two could collide: the unique index refuses the second).
   */
  async insertUser(db: Db, u: NewUser): Promise<number> {
    const nickname = u.nickname !== undefined ? normalizeNickname(u.nickname) : await freeAlias(db);
    const row = await db
      .insertInto('users')
      .values({
        nickname,
        nickname_key: nicknameKey(nickname),
        email: u.email ?? null,
        phone: u.phone ?? null,
        area_code: u.areaCode ?? '',
        area_code_id: u.areaCodeId ?? 0,
        nationality: u.nationality ?? '',
        password_hash: u.passwordHash,
        trade_password_hash: u.tradePasswordHash ?? null,
        extension_code: u.extensionCode,
        parent_id: u.parentId ?? null,
        is_seller: u.isSeller ?? 0,
        type: u.type ?? '1',
        role: u.role ?? 'user',
        review_status: 0,
        account_number: u.accountNumber,
        lang: u.lang ?? 'en',
        is_demo: u.isDemo ?? 0,
        created_at: u.now,
        updated_at: u.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  byId(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  byIdOrThrow(db: Db, id: number): Promise<UserRow> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  },

  async idByEmail(db: Db, email: string): Promise<number | undefined> {
    return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
  },

  /** Invitation codes are stored upper case; the caller normalises. */
  async idByExtensionCode(db: Db, code: string): Promise<number | undefined> {
    return (await db.selectFrom('users').select('id').where('extension_code', '=', code).executeTakeFirst())
      ?.id;
  },

  /**
   * A nickname change moves `nickname_key` with it; a nickname another user holds (regardless of case)
   * is refused with ACCOUNT_NICKNAME_TAKEN, also when two users race for it (the unique index).
   * The caller has checked the nickname's rules (`nicknameIssue`).
   */
  async update(db: Db, id: number, settings: UserSettings, now: number): Promise<void> {
    const nickname = settings.nickname === undefined ? undefined : normalizeNickname(settings.nickname);
    if (nickname !== undefined && (await nicknameHeld(db, nickname, id))) {
      throw new AppError('ACCOUNT_NICKNAME_TAKEN');
    }
    const set =
      nickname === undefined ? settings : { ...settings, nickname, nickname_key: nicknameKey(nickname) };
    try {
      await db
        .updateTable('users')
        .set({ ...set, updated_at: now })
        .where('id', '=', id)
        .execute();
    } catch (err) {
      if (nickname !== undefined && settings.email === undefined && isUniqueViolation(err)) {
        throw new AppError('ACCOUNT_NICKNAME_TAKEN');
      }
      throw err;
    }
  },

  /** The public nicknames of these users, by id (one query; at most one page of a list is asked). */
  async nicknames(db: Db, ids: number[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Map();
    const rows = await db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  },

  /** Sets the authorization code only if the user has none yet (two first requests keep one code). */
  async setAuthorizationCodeOnce(db: Db, id: number, code: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ authorization_code: code })
      .where('id', '=', id)
      .where('authorization_code', 'is', null)
      .execute();
  },

  /** Whether an operator froze this user's login (modules/console sets it). */
  async loginFrozen(db: Db, id: number): Promise<boolean> {
    const row = await db
      .selectFrom('user_restrictions')
      .select('login')
      .where('user_id', '=', id)
      .executeTakeFirst();
    return row?.login === 1;
  },
};

// ---------------------------------------------------------------------------------------------------
// Reads and locks of the `users` table that the peer-to-peer areas (modules/p2p, modules/acceptor)
// need; kept together at the end of the file so each area's additions stay in one block.
// ---------------------------------------------------------------------------------------------------

/** Locks a user's row until the transaction ends (PostgreSQL; the caller checks the dialect). */
export async function lockUserForUpdate(trx: Db, id: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

/** Account numbers of these users, by id (one query). */
export async function accountNumbersOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'account_number'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.account_number]));
}

/** A user's public nickname, phone and names with the payment details (`user_cash_info`), if any. */
export function userWithCashInfo(db: Db, id: number) {
  return db
    .selectFrom('users')
    .leftJoin('user_cash_info', 'user_cash_info.user_id', 'users.id')
    .select(['users.nickname', 'users.account_number', 'users.phone', 'users.real_name'])
    .select(['bank_name', 'bank_account', 'alipay_account', 'wechat_account'])
    .select(['alipay_collect', 'wechat_collect'])
    .select('user_cash_info.real_name as cash_real_name')
    .where('users.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Whether a user exists. */
export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A user by account number, e-mail or phone (what an operator types), or undefined. */
export async function userIdByLogin(db: Db, login: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb('account_number', '=', login), eb('email', '=', login), eb('phone', '=', login)]),
    )
    .executeTakeFirst();
  return row?.id;
}

/** Whether the user is a merchant-shop seller (`is_seller`). */
export async function isSeller(db: Db, id: number): Promise<boolean> {
  const u = await db.selectFrom('users').select('is_seller').where('id', '=', id).executeTakeFirst();
  return u?.is_seller === 1;
}

/** Makes the user a merchant-shop seller. */
export async function markSeller(trx: Db, id: number, at?: number): Promise<void> {
  const set = at === undefined ? { is_seller: 1 } : { is_seller: 1, updated_at: at };
  await trx.updateTable('users').set(set).where('id', '=', id).execute();
}

/** The checks a shop's public page shows of its owner: identity review, phone, e-mail. */
export function sellerChecks(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['review_status', 'phone', 'email'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Demo data: marks the user's identity as reviewed. */
export async function markIdentityReviewed(trx: Db, id: number): Promise<void> {
  await trx.updateTable('users').set({ review_status: 2 }).where('id', '=', id).execute();
}

/** A page of the users registered in a region (city, and district unless ''), newest first. */
export async function regionUsersPage(
  db: Db,
  place: { city: string; district: string },
  page: number,
  size: number,
) {
  let q = db
    .selectFrom('user_regions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.city_name', '=', place.city);
  if (place.district) q = q.where('r.district_name', '=', place.district);
  const count = await q.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirst();
  const rows = await q
    .select(['r.city_name', 'r.district_name', 'u.nickname', 'u.created_at'])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}
