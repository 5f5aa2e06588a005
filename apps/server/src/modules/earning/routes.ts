import type { FastifyInstance } from 'fastify';
import {
  AdminEarningConfigCall,
  AdminEarningProductCall,
  DepositListCall,
  DepositSetupCall,
  RecordListsCall,
  RecordSubmitCall,
} from '@oryx/contracts/earning/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { clientKeyOf } from '../../lib/idempotency';
import { registerCall } from '../../lib/route';
import { earningConfig, saveProduct } from './admin';
import { depositBalances, listProducts, listRecords, submitDeposit } from './service';

export async function earningRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, DepositSetupCall, () => listProducts(ctx.db));
  registerCall(app, DepositListCall, async ({ session }) => ({
    deposit_wallet: { balance: await depositBalances(ctx.db, session.userId) },
  }));
  registerCall(app, RecordSubmitCall, async ({ session, input, locale, req }) => {
    const key = clientKeyOf(req.headers as Record<string, unknown>, input);
    await submitDeposit(ctx, session.userId, input, key);
    return translate(locale, 'earning.ok.deposited');
  });
  registerCall(app, RecordListsCall, ({ session, input, locale }) =>
    listRecords(ctx.db, session.userId, locale, input.page, input.limit),
  );
  registerCall(app, AdminEarningConfigCall, () => earningConfig(ctx));
  registerCall(app, AdminEarningProductCall, async ({ input, locale, audit }) => {
    audit(await saveProduct(ctx, input));
    return translate(locale, 'console.saved');
  });
}
