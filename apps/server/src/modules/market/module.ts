import type { ServerModule } from '../module';
import { marketRoutes } from './routes';
import { newTickerRegistry, type TickerRegistry } from './tickers';

declare module '../../lib/services' {
  interface Services {
    market: {
      /** Every market's 24 h ticker (tickers.ts): what the quotation calls and `daymarket` show. */
      tickers: TickerRegistry;
    };
  }
}

export const marketModule: ServerModule = {
  name: 'market',
  services: () => ({ market: { tickers: newTickerRegistry() } }),
  routes: marketRoutes,
};
