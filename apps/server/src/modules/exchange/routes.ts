import type { FastifyInstance } from 'fastify';
import { ExchangeCall, ExchangeListCall } from '@oryx/contracts/exchange/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { clientKeyOf } from '../../lib/idempotency';
import { registerCall } from '../../lib/route';
import { exchangeCoin, listCoins } from './service';

export async function exchangeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, ExchangeListCall, ({ session }) => listCoins(ctx, session.userId));
  registerCall(app, ExchangeCall, async ({ session, input, locale, req }) => {
    await exchangeCoin(
      ctx,
      session.userId,
      input,
      clientKeyOf(req.headers as Record<string, unknown>, input),
    );
    return translate(locale, 'exchange.ok.exchanged');
  });
}
