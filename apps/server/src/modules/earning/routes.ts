import type { FastifyInstance } from 'fastify';
import {
  DepositListCall,
  DepositSetupCall,
  RecordListsCall,
  RecordSubmitCall,
} from '@oryx/contracts/earning/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { depositBalances, listProducts, listRecords, submitDeposit } from './service';

export async function earningRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, DepositSetupCall, () => listProducts(ctx.db));
  registerCall(app, DepositListCall, async ({ session }) => ({
    deposit_wallet: { balance: await depositBalances(ctx.db, session.userId) },
  }));
  registerCall(app, RecordSubmitCall, async ({ session, input, locale }) => {
    await submitDeposit(ctx, session.userId, input);
    return translate(locale, 'earning.ok.deposited');
  });
  registerCall(app, RecordListsCall, ({ session, input, locale }) =>
    listRecords(ctx.db, session.userId, locale, input.page, input.limit),
  );
}
