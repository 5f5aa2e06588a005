/**
 * Pushes to the owner's room after a commit: `lever_trade` with the user's open positions
 * (`trades_all`, a JSON string as clients parse it), pending orders (`trades_entrust`), the risk rate and
 * P/L of the quote currency; `lever_closed` with the ids of orders that closed or were revoked. A failed
 * push is logged and never undoes the committed change.
 */
import type { AppContext } from '../../lib/context';
import { pushBody } from './reads';

export async function pushChanges(ctx: AppContext, userId: number, legalId: number, closedIds: number[]) {
  if (closedIds.length > 0)
    ctx.realtime.toUser(userId, 'lever_closed', { type: 'lever_closed', id: closedIds });
  try {
    ctx.realtime.toUser(userId, 'lever_trade', await pushBody(ctx, userId, legalId));
  } catch (err) {
    ctx.log.error({ err }, 'lever: push failed');
  }
}
