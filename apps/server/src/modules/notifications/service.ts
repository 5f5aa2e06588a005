/**
 * Notifications: what another area calls when something happened that a user must hear of, and the
 * user's reads. `notify` writes rows in the caller's transaction, like the scheduler's `schedule`:
 * the notification exists if and only if what it announces committed. The dispatcher (dispatch.ts)
 * then pushes each on the socket and e-mails the security ones.
 *
 *   await notify(trx, [{ userId: deal.seller_id, kind: 'deal.paid', params: { id: String(deal.id) } }], at);
 */
import type { Notification, NotificationKind, NotificationParams } from '@oryx/contracts/notifications/calls';
import { formatMinor } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { notificationsRepo, type NotificationRow } from './repo';
import { catalogRepo } from '../catalog/repo';

export interface Notice {
  userId: number;
  kind: NotificationKind;
  params?: Record<string, string | number>;
  /** An amount to show: written as `amount` (a decimal at the currency's scale) and `coin`. */
  money?: { currencyId: number; minor: bigint };
  /** A market to name: written as `symbol` (`BTC/USDT`). */
  marketId?: number;
}

/** Parameter values are kept short: they are shown, never parsed. */
const PARAM_MAX = 120;

const coinsOf = (db: Db, ids: number[]) => catalogRepo.currencyNames(db, ids);

const symbolsOf = (db: Db, ids: number[]) => catalogRepo.marketSymbols(db, ids);

const distinct = (ids: (number | undefined)[]) => [
  ...new Set(ids.filter((i): i is number => i !== undefined)),
];

/** Stores notices for their users (in the caller's transaction when `db` is one). */
export async function notify(db: Db, notices: readonly Notice[], at: number): Promise<void> {
  if (notices.length === 0) return;
  const coins = await coinsOf(db, distinct(notices.map((n) => n.money?.currencyId)));
  const symbols = await symbolsOf(db, distinct(notices.map((n) => n.marketId)));
  await notificationsRepo.insertMany(
    db,
    notices.map((n) => {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(n.params ?? {})) params[k] = String(v).slice(0, PARAM_MAX);
      const coin = n.money && coins.get(n.money.currencyId);
      if (n.money && coin) {
        params.amount = formatMinor(n.money.minor, coin.scale);
        params.coin = coin.name;
      }
      if (n.marketId !== undefined) params.symbol = symbols.get(n.marketId) ?? '';
      return { user_id: n.userId, kind: n.kind, params: JSON.stringify(params), created_at: at };
    }),
  );
}

/**
 * `notify` after the fact, outside any transaction (for areas that learn of the change once committed,
 * like the spot engine's publisher): a failure is logged, never thrown at the caller.
 */
export function notifyLater(ctx: AppContext, notices: readonly Notice[]): void {
  if (notices.length === 0) return;
  notify(ctx.db, notices, ctx.clock.now()).catch((err: unknown) =>
    ctx.log.error({ err }, 'notifications: could not store'),
  );
}

function paramsOf(json: string): NotificationParams {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as NotificationParams) : {};
  } catch {
    return {};
  }
}

export const toWire = (r: NotificationRow): Notification => ({
  id: r.id,
  kind: r.kind,
  params: paramsOf(r.params),
  created_at: r.created_at,
  read_at: r.read_at,
});

export async function listNotifications(
  ctx: AppContext,
  userId: number,
  q: { page: number; limit: number; unread: number },
) {
  const page = q.page;
  const [{ rows, total }, unread] = await Promise.all([
    notificationsRepo.page(ctx.db, userId, {
      offset: (page - 1) * q.limit,
      limit: q.limit,
      unreadOnly: q.unread === 1,
    }),
    notificationsRepo.unreadCount(ctx.db, userId),
  ]);
  return { list: rows.map(toWire), page, limit: q.limit, total, unread };
}

/** Marks one of the user's notifications (or all) read; the unread count left. */
export async function markRead(ctx: AppContext, userId: number, input: { id: number; all: number }) {
  if (input.all === 1) await notificationsRepo.markRead(ctx.db, userId, 'all', ctx.clock.now());
  else if (input.id > 0) await notificationsRepo.markRead(ctx.db, userId, input.id, ctx.clock.now());
  return { unread: await notificationsRepo.unreadCount(ctx.db, userId) };
}
