/**
 * The team views (README.md): one level of the invite tree, the direct invitees with the commission
 * earned through each, a member's deposit record, the commission history.
 */
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
import { teamRepo } from './repo';
import { catalogRepo } from '../catalog/repo';
import { usersRepo } from '../users/repo';
import { userTreeRepo } from '../users/tree-repo';

const USDT_ID = 1;
const USDT_SCALE = 8;

/** USDT (scale 8) per unit of each currency now: USDT at face value, else its spot last price, else its reference price. */
async function usdtPrices(ctx: AppContext): Promise<Map<number, { price: bigint; scale: number }>> {
  const live = await ctx.seams.usdtPrices(ctx.db);
  const rows = await catalogRepo.currencies(ctx.db);
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

/**
 * The commission `callerId` has been paid through `memberId`, per currency: on the member's own fees
 * (`own`) and on the fees of the member's whole branch (`branch`, the member included). A source deeper
 * than the commission levels never paid the caller, so the branch is walked that deep only.
 */
async function commissionThrough(db: Db, callerId: number, memberId: number, levels: number) {
  const branch = await userTreeRepo.branchIds(db, memberId, levels);
  return teamRepo.commissionSums(db, callerId, memberId, branch);
}

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
  for (const c of await userTreeRepo.children(db, node, TEAM_CHILDREN_MAX)) {
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
  const [{ rows, total: zt }, size, prices, deepest] = await Promise.all([
    userTreeRepo.childrenPage(db, userId, { page, limit }),
    teamSize(db, userId),
    usdtPrices(ctx),
    teamRepo.deepestLevel(db),
  ]);
  const depth = Math.max(1, Number(deepest ?? 1));
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
  const currencies = new Map((await catalogRepo.currencies(db)).map((c) => [c.id, c]));
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
  const { rows, total, lastPage } = await teamRepo.commissionsPage(db, userId, { page, limit });
  const [currencies, nicknames] = await Promise.all([
    catalogRepo.currencies(db).then((cs) => new Map(cs.map((c) => [c.id, c]))),
    usersRepo.nicknames(
      db,
      rows.map((r) => r.source_user_id),
    ),
  ]);
  return {
    data: rows.map((r) => {
      const c = currencies.get(r.currency_id);
      const scale = c?.scale ?? 8;
      return {
        id: r.id,
        created_time: formatExchangeTime(r.created_at),
        info: translate(locale, 'team.profitInfo', {
          level: r.level,
          account: nicknames.get(r.source_user_id) ?? '',
          fee: formatMinor(r.fee_minor, scale),
          currency: c?.name ?? '',
        }),
        value: formatMinor(r.amount_minor, scale),
        currency_name: c?.name ?? '',
        level: r.level,
      };
    }),
    current_page: page,
    total,
    last_page: lastPage,
  };
}

export async function commissionRule(db: Db) {
  const levels = await teamRepo.levels(db);
  return {
    levels: levels.map((l) => ({
      level: l.level,
      share: `${Math.trunc(l.share_bps / 100)}.${String(l.share_bps % 100).padStart(2, '0')}`,
    })),
    reasons: [...COMMISSION_FEE_REASONS],
    interval_minutes: COMMISSION_INTERVAL_MS / 60_000,
  };
}
