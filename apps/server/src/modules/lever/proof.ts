/**
 * The settlement record of a closed position (LeverProofCall): read only. The marks come from the mark
 * area's recorded inputs, so anyone can re-run the rule; the owner's details are given to the owner only.
 */
import type { LeverProof } from '@oryx/contracts/lever/proof';
import { AppError, invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { markById } from '../mark/service';
import { leverTerms, type LeverTerms } from './config';
import { leverRepo } from './repo';
import { plain } from './rows';

async function markProof(ctx: AppContext, t: LeverTerms, id: number | null) {
  if (id === null) return null;
  const m = await markById(ctx.db, id);
  if (!m) return null;
  return {
    id: m.id,
    at_ms: m.at_ms,
    price: plain(m.price_minor, t.quoteScale),
    method: m.method,
    inputs: JSON.parse(m.inputs) as Record<string, unknown>,
    minor_scale: t.quoteScale,
  };
}

export async function leverProofOf(
  ctx: AppContext,
  id: number,
  viewerId: number | null,
): Promise<LeverProof> {
  const o = id > 0 ? await leverRepo.byId(ctx.db, id) : undefined;
  // A position that never opened or is still open has no settlement to show.
  if (!o || o.status !== 3 || o.opened_at === null || o.closed_at === null || o.close_price_minor === null) {
    throw new AppError('LEVER_ORDER_NOT_FOUND');
  }
  const [t] = await leverTerms(ctx.db, o.market_id);
  invariant(t, `lever order ${o.id}: market ${o.market_id} has no terms`);
  const isOwner = viewerId === o.user_id;
  const own = <T>(v: T): T | null => (isOwner ? v : null);
  const q = (v: bigint) => plain(v, t.quoteScale);
  return {
    id: o.id,
    match_id: o.market_id,
    symbol: t.symbol,
    is_owner: isOwner,
    close_reason: o.close_reason ?? '',
    opened_at: o.opened_at,
    closed_at: o.closed_at,
    open_price: q(o.price_minor),
    close_price: q(o.close_price_minor),
    multiple: o.multiple,
    liquidation_rate: plain(BigInt(o.liquidation_rate_bps), 2),
    open_mark: await markProof(ctx, t, o.open_mark_id),
    close_mark: await markProof(ctx, t, o.close_mark_id),
    type: own(o.type),
    number: own(plain(o.number_minor, t.baseScale)),
    margin: own(q(o.origin_margin_minor)),
    fee: own(q(o.fee_minor)),
    overnight: own(q(o.overnight_minor)),
    profits: own(q(o.profits_minor ?? 0n)),
    currency: own(t.legalName),
    rule:
      'close_price is the mark price at closed_at (close_mark, docs/mark-price.md) for a liquidation, a ' +
      'take-profit, a stop-loss or a batch close, less the spread for a long and plus it for a short where ' +
      'the market charges one; open_price is the mark (or the limit price) at opened_at plus or minus the ' +
      'spread. A liquidation happens when the risk rate (equity / margin) reaches liquidation_rate %. ' +
      'profits = (close - open) x number for a long, (open - close) x number for a short.',
  };
}
