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
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../auth/session-service';
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

/** The route contract already refused calls without a session; this only narrows the type. */
const userOf = (session: SessionUser | null): number => {
  if (!session) throw new AppError('AUTH_REQUIRED');
  return session.userId;
};

export async function marketRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, QuotationNewCall, ({ session }) => quotationGroups(ctx, session?.userId));
  registerCall(app, CoinQuotationNewCall, () => coinList(ctx));
  registerCall(app, CoinQuotationCall, () => coinList(ctx));
  registerCall(app, CurrencyListCall, () => currencyList(ctx));
  registerCall(app, CurrencyDetailCall, ({ input }) => currencyDetail(ctx, input.id));
  registerCall(app, FavouriteListCall, ({ session }) => favouriteList(ctx, userOf(session)));
  registerCall(app, FavouriteAddCall, ({ input, session, locale }) =>
    addFavourite(ctx, userOf(session), input.id, locale),
  );
  registerCall(app, FavouriteDelCall, ({ input, session, locale }) =>
    removeFavourite(ctx, userOf(session), input.id, locale),
  );
  registerCall(app, AdminReferencePriceCall, ({ input }) => setReferencePrice(ctx, input.id, input.price));
}
