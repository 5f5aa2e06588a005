/**
 * `userDataStream`: the listen keys of the user-data stream (`POST` makes one, `PUT` keeps it alive
 * for another 60 minutes, `DELETE` ends it and closes its connections). The keys and the stream itself
 * are `binance-stream`'s (`listen-keys.ts`, `hub.ts`); a key answers only to its own user's API keys.
 */
import type { AppContext } from '../../lib/context';
import { binanceErrors } from './errors';
import { required, type Params } from './params';

export class BinanceUserStream {
  constructor(private readonly ctx: AppContext) {}

  private get keys() {
    return this.ctx.services.binanceStream.listenKeys;
  }

  create(userId: number): { listenKey: string } {
    return { listenKey: this.keys.create(userId) };
  }

  keepalive(userId: number, p: Params): Record<string, never> {
    if (!this.keys.keepalive(required(p.listenKey || undefined, 'listenKey'), userId))
      throw binanceErrors.badListenKey();
    return {};
  }

  remove(userId: number, p: Params): Record<string, never> {
    if (!this.keys.remove(required(p.listenKey || undefined, 'listenKey'), userId))
      throw binanceErrors.badListenKey();
    return {};
  }
}
