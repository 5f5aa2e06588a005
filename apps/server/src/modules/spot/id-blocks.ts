/**
 * Order and trade ids when several processes match (cluster.ts): each owner hands out ids from blocks
 * it took from `spot_id_blocks` (one statement per block, so no two owners share an id). It takes fresh
 * blocks whenever it takes a market, so that market's new ids come after every id another owner gave
 * (time priority survives a rebuild), and before a batch when a block runs low.
 */
import type { AppContext } from '../../lib/context';
import type { SpotBooks } from './market-book';
import { spotRepo } from './repo';

/** Ids taken at a time. */
const ORDER_ID_BLOCK = 10_000;
const TRADE_ID_BLOCK = 50_000;
/** A new block is taken before a batch when fewer ids than these are left (a batch is at most 1,000 commands). */
const ORDER_IDS_LOW = 2_000;
const TRADE_IDS_LOW = 20_000;

export class IdBlocks {
  constructor(
    private readonly ctx: AppContext,
    private readonly books: SpotBooks,
  ) {}

  /** Fresh blocks of both kinds (a market was taken). */
  takeFresh(): Promise<void> {
    return this.take(true, true);
  }

  /** Before a batch: a new block of the kind that runs low. */
  async topUp(): Promise<void> {
    const left = this.books.idsLeft();
    if (left.orders < ORDER_IDS_LOW || left.trades < TRADE_IDS_LOW)
      await this.take(left.orders < ORDER_IDS_LOW, left.trades < TRADE_IDS_LOW);
  }

  private async take(orders: boolean, trades: boolean): Promise<void> {
    const db = this.ctx.db;
    const [o, t] = await Promise.all([
      orders ? spotRepo.takeIdBlock(db, 'order', ORDER_ID_BLOCK) : null,
      trades ? spotRepo.takeIdBlock(db, 'trade', TRADE_ID_BLOCK) : null,
    ]);
    this.books.useBlocks(o, t);
  }
}
