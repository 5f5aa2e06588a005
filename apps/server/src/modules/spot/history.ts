/**
 * A user's orders and trades and a market's candles, read from the database (the coin list, the entrust
 * page, klines): the spot calls that need no book. `ctx.services.spot.history` (module.ts).
 */
import { ENTRUST_PAGE_SIZE, type SpotOrderWire } from '@oryx/contracts/spot/calls';
import type { AppContext } from '../../lib/context';
import { barStart, parsePeriod } from './candles';
import { spotRepo } from './repo';
import type { SpotService } from './service';
import { candleWire, entrustOpenRow, entrustPage, entrustTradeRow, orderRowWire } from './wire';

/** Bars one candle call may return. */
export const KLINE_MAX_BARS = 2_000;
/** Bars answered when the client sends no range. */
const KLINE_DEFAULT_BARS = 300;
/** Orders in one `coin/list` answer. */
export const COIN_LIST_MAX = 100;
const COIN_LIST_DONE_DEFAULT = 50;

export class SpotHistory {
  constructor(
    private readonly ctx: AppContext,
    private readonly spot: SpotService,
  ) {}

  async coinList(
    userId: number,
    q: {
      status?: number;
      type?: number;
      match_id?: number;
      legal_id?: number;
      currency_id?: number;
      currency?: number;
      page?: number;
      limit?: number;
    },
  ): Promise<SpotOrderWire[]> {
    q = { ...q, currency_id: q.currency_id ?? q.currency };
    const limit = Math.min(q.limit ?? COIN_LIST_DONE_DEFAULT, COIN_LIST_MAX);
    const offset = ((q.page ?? 1) - 1) * limit;
    const side = q.type === 1 || q.type === 2 ? q.type : undefined;
    let marketIds: number[] | undefined;
    if (q.match_id !== undefined) marketIds = [q.match_id];
    else if (q.legal_id !== undefined && q.currency_id !== undefined) {
      marketIds = this.spot
        .allMarkets()
        .filter((m) => m.legalId === q.legal_id && m.currencyId === q.currency_id)
        .map((m) => m.id);
    } else if (q.currency_id !== undefined) {
      marketIds = this.spot
        .allMarkets()
        .filter((m) => m.currencyId === q.currency_id)
        .map((m) => m.id);
    }
    const db = this.ctx.db;
    const rows =
      q.status === 1 || q.status === 2
        ? await spotRepo.userOrders(db, {
            userId,
            status: q.status === 1 ? 'open' : 'done',
            side,
            marketIds,
            offset,
            limit,
          })
        : [
            ...(await spotRepo.userOrders(db, {
              userId,
              status: 'open',
              side,
              marketIds,
              offset: 0,
              limit: COIN_LIST_MAX,
            })),
            ...(await spotRepo.userOrders(db, { userId, status: 'done', side, marketIds, offset, limit })),
          ];
    return rows.flatMap((r) => {
      const m = this.spot.market(r.market_id);
      return m ? [orderRowWire(m, r)] : [];
    });
  }

  async klines(q: { from?: number | string; to?: number | string; symbol?: string; period?: string }) {
    const period = parsePeriod(q.period);
    const m = this.spot.marketBySymbol(q.symbol);
    if (!period || !m)
      return { code: -1, data: [], message: !period ? 'SPOT_PERIOD_INVALID' : 'SPOT_MARKET_UNKNOWN' };
    const from = q.from === undefined ? undefined : Number(q.from);
    const to = q.to === undefined ? undefined : Number(q.to);
    if ((from !== undefined && !Number.isFinite(from)) || (to !== undefined && !Number.isFinite(to)))
      return { code: -1, data: [], message: 'SPOT_RANGE_INVALID' };
    const now = this.ctx.clock.now();
    const toMs = to !== undefined ? Math.floor(to * 1000) : now;
    const fromMs = from !== undefined ? Math.floor(from * 1000) : 0;
    // A bar belongs to the range when it overlaps it: start from the bar that contains `from`.
    const fromBar = fromMs > 0 ? barStart(period, fromMs) : 0;
    const limit = from === undefined ? KLINE_DEFAULT_BARS : KLINE_MAX_BARS;
    const bars = await spotRepo.bars(this.ctx.db, m.id, period, fromBar, toMs, limit);
    return { code: bars.length > 0 ? 1 : -1, data: bars.map((b) => candleWire(m, b)) };
  }

  // ---- entrust page ----

  async entrustOpen(userId: number, side: 'buy' | 'sell', page = 1) {
    const db = this.ctx.db;
    const sideCode = side === 'buy' ? 1 : 2;
    const total = await spotRepo.countUserOrders(db, { userId, status: 'open', side: sideCode });
    const rows = await spotRepo.userOrders(db, {
      userId,
      status: 'open',
      side: sideCode,
      offset: (page - 1) * ENTRUST_PAGE_SIZE,
      limit: ENTRUST_PAGE_SIZE,
    });
    const account = await spotRepo.accountNumber(db, userId);
    const list = rows.flatMap((r) => {
      const m = this.spot.market(r.market_id);
      return m ? [entrustOpenRow(m, r, side, account)] : [];
    });
    return entrustPage(list, page, total);
  }

  /** `transaction/entrust`: one tab of the entrust page as a paginated `data[]`. */
  async entrustList(userId: number, tab: 'in' | 'out' | 'complete', page = 1) {
    const p =
      tab === 'complete'
        ? await this.entrustCompleted(userId, page)
        : await this.entrustOpen(userId, tab === 'in' ? 'buy' : 'sell', page);
    return {
      data: p.list,
      current_page: p.current_page,
      last_page: p.last_page,
      per_page: ENTRUST_PAGE_SIZE,
      total: p.total,
    };
  }

  async entrustCompleted(userId: number, page = 1) {
    const db = this.ctx.db;
    const total = await spotRepo.countUserTrades(db, userId);
    const rows = await spotRepo.userTrades(db, userId, (page - 1) * ENTRUST_PAGE_SIZE, ENTRUST_PAGE_SIZE);
    const account = await spotRepo.accountNumber(db, userId);
    const list = rows.flatMap((t) => {
      const m = this.spot.market(t.market_id);
      return m ? [entrustTradeRow(m, t, userId, account)] : [];
    });
    return entrustPage(list, page, total);
  }
}
