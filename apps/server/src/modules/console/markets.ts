/**
 * Markets as the operator sees them: the switches of every area and the spot fees. Changing spot's
 * switches or fees takes effect at once (the spot engine reloads them; resting orders stay on the book).
 * Seconds and leverage have their own operator calls (admin/micro/market, admin/lever/market).
 */
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import type { StaffChange } from '../../lib/seams';

export async function listMarkets(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('markets as m')
    .innerJoin('currencies as c', 'c.id', 'm.currency_id')
    .innerJoin('currencies as l', 'l.id', 'm.legal_id')
    .select([
      'm.id',
      'c.name as base',
      'l.name as quote',
      'm.is_display',
      'm.open_coin_trade',
      'm.open_microtrade',
      'm.open_lever',
      'm.maker_fee_bps',
      'm.taker_fee_bps',
    ])
    .orderBy('l.sort')
    .orderBy('m.sort')
    .execute();
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
  const fields = ['is_display', 'open_coin_trade', 'maker_fee_bps', 'taker_fee_bps'] as const;
  const before = await ctx.db
    .selectFrom('markets')
    .select(fields)
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!before) throw new AppError('CONSOLE_MARKET_NOT_FOUND');
  const set: Partial<Record<(typeof fields)[number], number>> = {};
  for (const f of fields) if (input[f] !== undefined) set[f] = input[f];
  if (Object.keys(set).length > 0) {
    await ctx.db.updateTable('markets').set(set).where('id', '=', input.id).execute();
    await ctx.services.spot.engine.reloadMarkets();
  }
  return { subject: 'market', subjectId: input.id, before, after: { ...before, ...set } };
}
