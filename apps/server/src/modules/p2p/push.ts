/**
 * After a committed state change of a deal, both parties' rooms get `c2c_deal` `{id, is_sure}` so an
 * open deal page reloads without polling. A push never undoes the change; a failed one is only logged.
 */
import type { AppContext } from '../../lib/context';
import type { P2pDeal } from './repo';

export function pushDeal(ctx: AppContext, deal: Pick<P2pDeal, 'id' | 'is_sure' | 'buyer_id' | 'seller_id'>) {
  try {
    for (const userId of [deal.buyer_id, deal.seller_id]) {
      ctx.realtime.toUser(userId, 'c2c_deal', { type: 'c2c_deal', id: deal.id, is_sure: deal.is_sure });
    }
  } catch (err) {
    ctx.log.error({ err }, 'p2p: push failed');
  }
}
