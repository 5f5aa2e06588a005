/**
 * Re-exports under the engine's earlier names, for the modules that still import them from here. The
 * code lives in orders.ts (commands, orders, trades), market-book.ts (the books) and committer.ts (the
 * one group committer for all markets); import from those.
 */
export type { GroupCommitter as SpotSequencer } from './committer';
export type { MarketBook } from './market-book';
export type { MarketChange, PlaceCommand, TradeRecord } from './orders';
