/**
 * The team views (README.md): one level of the invite tree, the direct invitees with the commission
 * earned through each, a member's deposit record, the commission history.
 */
import { sql } from 'kysely';
import { formatMinor } from '@oryx/contracts/money';
import type { TreeNode } from '@oryx/contracts/team/calls';
import { TEAM_CHILDREN_MAX } from '@oryx/contracts/team/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { translate } from '@oryx/i18n';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import type { Db } from '../../db/connection';
import { ledger } from '../ledger/service';
import { reasonText } from '../wallet/service';
import { COMMISSION_FEE_REASONS, COMMISSION_INTERVAL_MS, MEMBER_DEPOSIT_REASONS } from './config';
import { isInTeam, teamSize } from './tree';

const USDT_ID = 1;
const USDT_SCALE = 8;

/** USDT (scale 8) per unit of each currency now: USDT at face value, else its spot last price, else its reference price. */
async function usdtPrices(ctx: AppContext): Promise<Map<number, { price: bigint; scale: number }>> {
  const live = await ctx.seams.usdtPrices(ctx.db);
  const rows = await ctx.db
    .selectFrom('currencies')
    .select(['id', 'scale', 'reference_usdt_price_minor'])
    .execute();
  return new Map(
    rows.map((c) => [
      c.id,
      {
        price:
          c.id === USDT_ID ? 10n ** BigInt(USDT_SCALE) : (live.get(c.id) ?? c.reference_usdt_price_minor),
        scale: c.scale,
      },
    ]),
  );
}

const bigOf = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(String(v)));

/**
 * The commission `callerId` has been paid through `memberId`, per currency: on the member's own fees
 * (`own`) and on the fees of the member's whole branch (`branch`, the member included). A source deeper
 * than the commission levels never paid the caller, so the branch is walked that deep only.
 */
async function commissionThrough(db: Db, callerId: number, memberId: number, levels: number) {
  const r = await sql<{ currency_id: number; own_sum: unknown; branch_sum: unknown }>`
    WITH RECURSIVE branch(id, depth) AS (
      SELECT id, 1 FROM users WHERE id = ${memberId}
      UNION ALL
      SELECT u.id, b.depth + 1 FROM users u JOIN branch b ON u.parent_id = b.id WHERE b.depth < ${levels}
    )
    SELECT tc.currency_id AS currency_id,
      SUM(CASE WHEN tc.source_user_id = ${memberId} THEN tc.amount_minor ELSE 0 END) AS own_sum,
      SUM(tc.amount_minor) AS branch_sum
    FROM team_commissions tc JOIN branch b ON b.id = tc.source_user_id
    WHERE tc.user_id = ${callerId}
    GROUP BY tc.currency_id`.execute(db);
  return r.rows.map((row) => ({
    currencyId: Number(row.currency_id),
    own: bigOf(row.own_sum),
    branch: bigOf(row.branch_sum),
  }));
}

const children = (db: Db, parentId: number, limit: number, offset = 0) =>
  db
    .selectFrom('users')
    .select(['id', 'nickname', 'created_at', 'review_status'])
    .where('parent_id', '=', parentId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

const countChildren = async (db: Db, parentId: number) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', parentId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * One level of the tree under `nodeId` (default: the caller). Only the caller's own team is answered:
 * a node outside it is refused, and without a session the tree is empty.
 */
export async function treeLevel(db: Db, callerId: number | null, nodeId: number | undefined) {
  if (callerId === null) return { results: [], show_message: { top_upnumber: 0, real_teamnumber: 0 } };
  const node = nodeId ?? callerId;
  if (!(await isInTeam(db, callerId, node))) throw new AppError('TEAM_NODE_FORBIDDEN');
  const size = await teamSize(db, node);
  const results: TreeNode[] = [];
  for (const c of await children(db, node, TEAM_CHILDREN_MAX)) {
    const under = await teamSize(db, c.id);
    results.push({
      id: c.id,
      name: c.nickname,
      team_count: under.members,
      has_children: under.members > 0,
      children: [],
      created_time: formatExchangeTime(c.created_at),
    });
  }
  return { results, show_message: { top_upnumber: size.members, real_teamnumber: size.verified } };
}

export async function myTeam(ctx: AppContext, userId: number, page: number, limit: number) {
  const db = ctx.db;
  const [rows, zt, size, prices, levels] = await Promise.all([
    children(db, userId, limit, (page - 1) * limit),
    countChildren(db, userId),
    teamSize(db, userId),
    usdtPrices(ctx),
    db
      .selectFrom('team_commission_levels')
      .select((eb) => eb.fn.max('level').as('n'))
      .executeTakeFirst(),
  ]);
  const depth = Math.max(1, Number(levels?.n ?? 1));
  const usdt = (currencyId: number, minor: bigint): bigint => {
    const p = prices.get(currencyId);
    return p ? (minor * p.price) / 10n ** BigInt(p.scale) : 0n;
  };
  const data = [];
  for (const r of rows) {
    let own = 0n;
    let branch = 0n;
    for (const c of await commissionThrough(db, userId, r.id, depth)) {
      own += usdt(c.currencyId, c.own);
      branch += usdt(c.currencyId, c.branch);
    }
    data.push({
      id: r.id,
      account: r.nickname,
      created_time: formatExchangeTime(r.created_at),
      active_users: (await teamSize(db, r.id)).members,
      is_verified: r.review_status === 2 ? 1 : 0,
      return_commission: formatMinor(own, USDT_SCALE),
      profit_balance: formatMinor(branch, USDT_SCALE),
    });
  }
  return {
    team: { data, current_page: page, total: zt, last_page: lastPage(zt, limit) },
    team_count: size.members,
    zt_count: zt,
  };
}

/**
 * A member's deposit record (`user/log`, type `wallet_in`) for someone above them in the tree (or the
 * member themself). Anyone else is refused before anything of the member is read: the same refusal
 * whether the id is someone else's or nobody's.
 */
export async function memberLog(
  db: Db,
  callerId: number,
  q: { user_id?: number; type: 'wallet_in'; page: number; limit: number },
  locale: string,
) {
  const memberId = q.user_id ?? callerId;
  if (!(await isInTeam(db, callerId, memberId))) throw new AppError('TEAM_NODE_FORBIDDEN');
  const { legs, total } = await ledger.history(db, {
    userId: memberId,
    reasons: [...MEMBER_DEPOSIT_REASONS],
    page: q.page,
    limit: q.limit,
  });
  const currencies = new Map(
    (await db.selectFrom('currencies').select(['id', 'name', 'scale']).execute()).map((c) => [c.id, c]),
  );
  return {
    data: legs.map((l) => {
      const c = currencies.get(l.currencyId);
      return {
        id: l.entryId,
        created_time: formatExchangeTime(l.at),
        info: reasonText(locale, l.reason, {}),
        value: formatMinor(l.valueMinor, c?.scale ?? 8),
        currency_name: c?.name ?? '',
        balance_type_name: translate(locale, `wallet.walletName.${l.wallet}`),
      };
    }),
    current_page: q.page,
    total,
    last_page: lastPage(total, q.limit),
  };
}

export async function profits(db: Db, userId: number, locale: string, page: number, limit: number) {
  const base = db.selectFrom('team_commissions').where('user_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('currencies as c', 'c.id', 'team_commissions.currency_id')
      .innerJoin('users as u', 'u.id', 'team_commissions.source_user_id')
      .select([
        'team_commissions.id',
        'team_commissions.level',
        'team_commissions.amount_minor',
        'team_commissions.fee_minor',
        'team_commissions.created_at',
        'c.name as currency_name',
        'c.scale',
        'u.nickname',
      ])
      .orderBy('team_commissions.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const n = Number(total.n);
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_time: formatExchangeTime(r.created_at),
      info: translate(locale, 'team.profitInfo', {
        level: r.level,
        account: r.nickname,
        fee: formatMinor(r.fee_minor, r.scale),
        currency: r.currency_name,
      }),
      value: formatMinor(r.amount_minor, r.scale),
      currency_name: r.currency_name,
      level: r.level,
    })),
    current_page: page,
    total: n,
    last_page: lastPage(n, limit),
  };
}

export async function commissionRule(db: Db) {
  const levels = await db.selectFrom('team_commission_levels').selectAll().orderBy('level').execute();
  return {
    levels: levels.map((l) => ({
      level: l.level,
      share: `${Math.trunc(l.share_bps / 100)}.${String(l.share_bps % 100).padStart(2, '0')}`,
    })),
    reasons: [...COMMISSION_FEE_REASONS],
    interval_minutes: COMMISSION_INTERVAL_MS / 60_000,
  };
}
