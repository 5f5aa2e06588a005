/** The team views (README.md): one level of the invite tree, the direct invitees, the commission history. */
import { formatMinor } from '@oryx/contracts/money';
import type { TreeNode } from '@oryx/contracts/team/calls';
import { TEAM_CHILDREN_MAX } from '@oryx/contracts/team/calls';
import { formatExchangeTime } from '@oryx/contracts/time';
import { translate } from '@oryx/i18n';
import { AppError } from '../../lib/app-error';
import { lastPage } from '../../lib/paging';
import type { Db } from '../../db/connection';
import { COMMISSION_FEE_REASONS, COMMISSION_INTERVAL_MS } from './config';
import { isInTeam, teamSize } from './tree';

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

export async function myTeam(db: Db, userId: number, page: number, limit: number) {
  const [rows, zt, size] = await Promise.all([
    children(db, userId, limit, (page - 1) * limit),
    countChildren(db, userId),
    teamSize(db, userId),
  ]);
  const data = [];
  for (const r of rows) {
    data.push({
      id: r.id,
      account: r.nickname,
      created_time: formatExchangeTime(r.created_at),
      active_users: (await teamSize(db, r.id)).members,
      is_verified: r.review_status === 2 ? 1 : 0,
    });
  }
  return {
    team: { data, current_page: page, total: zt, last_page: lastPage(zt, limit) },
    team_count: size.members,
    zt_count: zt,
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
