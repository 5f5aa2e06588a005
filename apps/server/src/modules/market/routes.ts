import type { FastifyInstance } from 'fastify';
import {
  AdminReferencePriceCall,
  CoinQuotationCall,
  CoinQuotationNewCall,
  CurrencyDetailCall,
  CurrencyListCall,
  FavouriteAddCall,
  FavouriteDelCall,
  FavouriteListCall,
  QuotationNewCall,
} from '@oryx/contracts/market/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import {
  addFavourite,
  coinList,
  currencyDetail,
  currencyList,
  favouriteList,
  quotationGroups,
  removeFavourite,
  setReferencePrice,
} from './service';

export async function marketRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, QuotationNewCall, ({ session }) => quotationGroups(ctx, session?.userId));
  registerCall(app, CoinQuotationNewCall, () => coinList(ctx));
  registerCall(app, CoinQuotationCall, () => coinList(ctx));
  registerCall(app, CurrencyListCall, () => currencyList(ctx));
  registerCall(app, CurrencyDetailCall, ({ input }) => currencyDetail(ctx, input.id));
  registerCall(app, FavouriteListCall, ({ session }) => favouriteList(ctx, session.userId));
  registerCall(app, FavouriteAddCall, ({ input, session, locale }) =>
    addFavourite(ctx, session.userId, input.id, locale),
  );
  registerCall(app, FavouriteDelCall, ({ input, session, locale }) =>
    removeFavourite(ctx, session.userId, input.id, locale),
  );
  registerCall(app, AdminReferencePriceCall, ({ input }) => setReferencePrice(ctx, input.id, input.price));
}
