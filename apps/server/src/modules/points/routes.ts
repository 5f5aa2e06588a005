import type { FastifyInstance } from 'fastify';
import {
  JcBindCall,
  JcBoundCall,
  JcExchangeCall,
  JcInfoCall,
  JcRecordsCall,
} from '@oryx/contracts/points/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { clientKeyOf } from '../../lib/idempotency';
import { registerCall } from '../../lib/route';
import { pointsProviderOf } from './provider';
import { bindAccount, boundAccount, exchangePoints, exchangeRecords, jcInfo } from './service';

export async function pointsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = pointsProviderOf(ctx.env);
  registerCall(app, JcInfoCall, ({ session }) => jcInfo(ctx, session.userId));
  registerCall(app, JcExchangeCall, async ({ session, input, locale, req }) => {
    await exchangePoints(
      ctx,
      session.userId,
      input,
      clientKeyOf(req.headers as Record<string, unknown>, input),
    );
    return translate(locale, 'points.ok.exchanged');
  });
  registerCall(app, JcRecordsCall, ({ session, input }) =>
    exchangeRecords(ctx.db, session.userId, input.page),
  );
  registerCall(app, JcBoundCall, ({ session }) => boundAccount(ctx.db, session.userId, provider));
  registerCall(app, JcBindCall, async ({ session, input, locale }) => {
    await bindAccount(ctx, session.userId, provider, input);
    return translate(locale, 'points.ok.bound');
  });
}
