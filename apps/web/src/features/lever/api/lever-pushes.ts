import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { LEVER_STATUS, LeverOrderRow } from '@oryx/contracts/lever/calls';
import type { LeverClosedEvent, LeverTradeEvent, MarketDepthEvent } from '@oryx/contracts/socket';
import { useSocketEvent, useSocketJoined, useSocketQueryUpdate } from '@/shared/socket/use-socket-event';
import type { LeverDeal } from './get-lever-deal';
import type { MyTradesPage } from './get-my-trades';
import type { PositionsPage } from './get-positions';
import { leverKeys } from './keys';

type Row = LeverOrderRow;

/** The rows of a push field: an array, or a JSON string of one (older servers); bad rows are skipped. */
export function parseRows(field: unknown): Row[] {
  let value = field;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const row = LeverOrderRow.safeParse(item);
    return row.success ? [row.data] : [];
  });
}

const sameOrder = (a: Row, b: Row) => a.id === b.id && a.legal === b.legal && a.currency === b.currency;

/** Replaces the listed rows that a push carries (matched by legal, currency and id); others stay. */
export function replaceRows(rows: Row[], fresh: Row[]): Row[] {
  if (fresh.length === 0) return rows;
  let changed = false;
  const next = rows.map((row) => {
    const update = fresh.find((f) => sameOrder(f, row));
    if (!update) return row;
    changed = true;
    return update;
  });
  return changed ? next : rows;
}

/** Drops the rows whose id was closed (or revoked). */
export function removeRows(rows: Row[], ids: number[]): Row[] {
  const next = rows.filter((row) => !ids.includes(row.id));
  return next.length === rows.length ? rows : next;
}

type Pages<P> = InfiniteData<P> | undefined;

function mapPages<P>(data: Pages<P>, map: (page: P) => P): Pages<P> {
  if (!data) return data;
  const pages = data.pages.map(map);
  return pages.every((p, i) => p === data.pages[i]) ? data : { ...data, pages };
}

const mapTrades = (data: Pages<MyTradesPage>, map: (rows: Row[]) => Row[]) =>
  mapPages(data, (page) => {
    const rows = map(page.message.data);
    return rows === page.message.data ? page : { message: { ...page.message, data: rows } };
  });

const mapPositions = (data: Pages<PositionsPage>, map: (rows: Row[]) => Row[]) =>
  mapPages(data, (page) => {
    const rows = map(page.order.data);
    return rows === page.order.data ? page : { ...page, order: { ...page.order, data: rows } };
  });

/** A `lever_trade` push on the positions of one quote currency: fresh rows and the risk summary. */
export function applyTradeToPositions(
  data: Pages<PositionsPage>,
  legalId: number,
  e: LeverTradeEvent,
): Pages<PositionsPage> {
  if (!data || (legalId !== 0 && e.legal_id !== legalId)) return data;
  const fresh = parseRows(e.trades_all);
  const withRows = mapPositions(data, (rows) => replaceRows(rows, fresh));
  return mapPages(withRows, (page) =>
    page.hazard_rate === e.hazard_rate && page.profits_total === e.profits_all
      ? page
      : { ...page, hazard_rate: e.hazard_rate, profits_total: e.profits_all },
  );
}

/** The deal page's brief rows take the pushed open price, P/L and stops. */
export function applyTradeToDeal(deal: LeverDeal | undefined, e: LeverTradeEvent): LeverDeal | undefined {
  if (!deal || e.legal_id !== deal.legal_id) return deal;
  const fresh = [...parseRows(e.trades_all), ...parseRows(e.trades_entrust)].filter(
    (r) => r.legal_id === deal.legal_id && r.currency_id === deal.currency_id,
  );
  if (fresh.length === 0) return deal;
  let changed = false;
  const my_transaction = deal.my_transaction.map((row) => {
    const f = fresh.find((r) => r.id === row.id);
    if (!f) return row;
    changed = true;
    return {
      ...row,
      price: f.price,
      profits: f.profits,
      status: f.status,
      stop_loss_price: f.stop_loss_price,
      target_profit_price: f.target_profit_price,
    };
  });
  return changed ? { ...deal, my_transaction } : deal;
}

export function applyClosedToDeal(deal: LeverDeal | undefined, ids: number[]): LeverDeal | undefined {
  if (!deal) return deal;
  const my_transaction = deal.my_transaction.filter((r) => !ids.includes(r.id));
  return my_transaction.length === deal.my_transaction.length ? deal : { ...deal, my_transaction };
}

/**
 * `lever_trade` and `lever_closed` into the cached lever lists: rows of tabs 0 (pending) and 1 (in
 * trade), the positions with their risk rate and the deal page's own list are replaced or removed.
 * On joining the user's room (each connect) the lever pages are read again: pushes sent before it never
 * arrived.
 */
export function useLeverPushes() {
  const queryClient = useQueryClient();
  useSocketJoined(() => void queryClient.invalidateQueries({ queryKey: leverKeys.all }));
  useSocketEvent('lever_trade', (e) => {
    queryClient.setQueryData<InfiniteData<MyTradesPage>>(leverKeys.trades(LEVER_STATUS.open), (old) =>
      mapTrades(old, (rows) => replaceRows(rows, parseRows(e.trades_all))),
    );
    queryClient.setQueryData<InfiniteData<MyTradesPage>>(leverKeys.trades(LEVER_STATUS.pending), (old) =>
      mapTrades(old, (rows) => replaceRows(rows, parseRows(e.trades_entrust))),
    );
    for (const [key] of queryClient.getQueriesData({ queryKey: ['lever', 'positions'] })) {
      const legalId = Number(key[2]);
      queryClient.setQueryData<InfiniteData<PositionsPage>>(key, (old) =>
        applyTradeToPositions(old, legalId, e),
      );
    }
    queryClient.setQueriesData<LeverDeal>({ queryKey: ['lever', 'deal'] }, (old) => applyTradeToDeal(old, e));
  });
  useSocketEvent('lever_closed', (e: LeverClosedEvent) => {
    const ids = Array.isArray(e.id) ? e.id : [e.id];
    for (const status of [LEVER_STATUS.pending, LEVER_STATUS.open]) {
      queryClient.setQueryData<InfiniteData<MyTradesPage>>(leverKeys.trades(status), (old) =>
        mapTrades(old, (rows) => removeRows(rows, ids)),
      );
    }
    queryClient.setQueriesData<InfiniteData<PositionsPage>>({ queryKey: ['lever', 'positions'] }, (old) =>
      mapPositions(old, (rows) => removeRows(rows, ids)),
    );
    queryClient.setQueriesData<LeverDeal>({ queryKey: ['lever', 'deal'] }, (old) =>
      applyClosedToDeal(old, ids),
    );
    // The closed orders now belong to the closed and revoked tabs.
    void queryClient.invalidateQueries({ queryKey: leverKeys.trades(LEVER_STATUS.closed) });
    void queryClient.invalidateQueries({ queryKey: leverKeys.trades(LEVER_STATUS.revoked) });
  });
}

/**
 * A `market_depth` push of the deal page's market: the book is replaced whole (bids are `in`, asks
 * `out`, highest first as the deal call sends them) and the mark follows the pushed last price.
 */
export function applyDepthToDeal(deal: LeverDeal | undefined, e: MarketDepthEvent): LeverDeal | undefined {
  if (!deal || e.legal_id !== deal.legal_id || e.currency_id !== deal.currency_id) return deal;
  const levels = (side: [string, string][] | string) =>
    (typeof side === 'string' ? (JSON.parse(side) as [string, string][]) : side).map(([price, number]) => ({
      price,
      number,
    }));
  return {
    ...deal,
    lever_transaction: { in: levels(e.bids), out: levels(e.asks) },
    last_price: e.last_price || deal.last_price,
  };
}

/** `market_depth` pushes into the deal page's book, between the 3 s refreshes. */
export function useLeverDepth(legalId: number, currencyId: number) {
  useSocketQueryUpdate<'market_depth', LeverDeal>(
    'market_depth',
    leverKeys.deal(legalId, currencyId),
    applyDepthToDeal,
  );
}
