import type { ServerModule } from '../module';
import { BinanceLimits } from './limits';
import { BinanceMarketData } from './market-data';
import { BinanceOrders } from './orders';
import { binanceRoutes } from './routes';
import { BinanceUserStream } from './user-stream';

declare module '../../lib/services' {
  interface Services {
    binance: {
      /** The public `/api/v3` calls from spot's committed state. */
      market: BinanceMarketData;
      /** The account and order calls over the spot service and the ledger. */
      orders: BinanceOrders;
      /** Request weight and order counts of the current windows (in memory, this process). */
      limits: BinanceLimits;
      /** `userDataStream`: listen keys of the user-data stream (`binance-stream` holds them). */
      userStream: BinanceUserStream;
    };
  }
}

export const binanceModule: ServerModule = {
  name: 'binance',
  services: (ctx) => {
    const market = new BinanceMarketData(ctx);
    return {
      binance: {
        market,
        orders: new BinanceOrders(ctx, market),
        limits: new BinanceLimits(),
        userStream: new BinanceUserStream(ctx),
      },
    };
  },
  routes: binanceRoutes,
};
