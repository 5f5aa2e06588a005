/**
 * Other areas following the committed books (the Binance-compatible streams, `modules/binance-stream`):
 * told after the publisher, synchronously, while the books hold exactly the committed state (no batch
 * runs meanwhile). A follower that throws is logged; the others and the engine carry on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MarketChange } from './orders';

export interface SpotFollower {
  /** One committed batch's changes, per market (its trades and every order whose state changed). */
  onCommit(changes: MarketChange[]): void;
  /** The books were (re)built from the database: at start, after a failed batch, when matching resumes. */
  onReload(): void;
}

export class SpotFollowers {
  private readonly list: SpotFollower[] = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Adds a follower; it reads the books as they are now on its own. Returns its removal. */
  add(follower: SpotFollower): () => void {
    this.list.push(follower);
    return () => {
      const i = this.list.indexOf(follower);
      if (i >= 0) this.list.splice(i, 1);
    };
  }

  tell(fn: (f: SpotFollower) => void): void {
    for (const f of this.list) {
      try {
        fn(f);
      } catch (err) {
        this.log.error({ err }, 'spot follower failed');
      }
    }
  }
}
