/**
 * Markets as the operator sees them: the switches of every area and the spot fees. Changing spot's
 * switches or fees takes effect at once (the spot engine reloads them; resting orders stay on the book).
 * Seconds and leverage have their own operator calls (admin/micro/market, admin/lever/market).
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import type { StaffChange } from '../../lib/seams';
import { catalogRepo, MARKET_SWITCHES } from '../catalog/repo';

export async function listMarkets(ctx: AppContext) {
  const rows = await catalogRepo.consoleMarkets(ctx.db);
  return rows.map(({ base, quote, ...r }) => ({ ...r, symbol: `${base}/${quote}` }));
}

export interface MarketChange {
  id: number;
  is_display?: number;
  open_coin_trade?: number;
  maker_fee_bps?: number;
  taker_fee_bps?: number;
}

export async function changeMarket(ctx: AppContext, input: MarketChange): Promise<StaffChange> {
  const fields = MARKET_SWITCHES;
  const before = await catalogRepo.marketSwitches(ctx.db, input.id);
  if (!before) throw new AppError('CONSOLE_MARKET_NOT_FOUND');
  const set: Partial<Record<(typeof fields)[number], number>> = {};
  for (const f of fields) if (input[f] !== undefined) set[f] = input[f];
  if (Object.keys(set).length > 0) {
    await catalogRepo.setMarketSwitches(ctx.db, input.id, set);
    await ctx.services.spot.engine.reloadMarkets();
  }
  return { subject: 'market', subjectId: input.id, before, after: { ...before, ...set } };
}
