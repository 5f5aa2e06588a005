import type { ServerModule } from '../module';
import { BinanceLimits } from './limits';
import { binanceRoutes } from './routes';
import { BinanceService } from './service';

declare module '../../lib/services' {
  interface Services {
    binance: {
      /** The `/api/v3` calls over the spot service and the ledger. */
      api: BinanceService;
      /** Request weight and order counts of the current windows (in memory, this process). */
      limits: BinanceLimits;
    };
  }
}

export const binanceModule: ServerModule = {
  name: 'binance',
  services: (ctx) => ({ binance: { api: new BinanceService(ctx), limits: new BinanceLimits() } }),
  routes: binanceRoutes,
};
