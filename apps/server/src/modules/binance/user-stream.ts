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

  async create(userId: number): Promise<{ listenKey: string }> {
    return { listenKey: await this.keys.create(userId) };
  }

  async keepalive(userId: number, p: Params): Promise<Record<string, never>> {
    if (!(await this.keys.keepalive(required(p.listenKey || undefined, 'listenKey'), userId)))
      throw binanceErrors.badListenKey();
    return {};
  }

  async remove(userId: number, p: Params): Promise<Record<string, never>> {
    if (!(await this.keys.remove(required(p.listenKey || undefined, 'listenKey'), userId)))
      throw binanceErrors.badListenKey();
    return {};
  }
}
