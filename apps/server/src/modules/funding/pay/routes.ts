/**
 * The rupiah channel's routes: the three calls, the providers' notification endpoint
 * (`POST /api/pay/notify/<provider>`, form or JSON; answers `success` when taken, replays included, and
 * `fail` with HTTP 400 when the signature does not check out) and the sandbox provider's page.
 */
import type { FastifyInstance } from 'fastify';
import {
  AdminPayoutDecideCall,
  AdminPayoutsCall,
  PayDepositCall,
  PayLogCall,
  PayQuoteCall,
  PayWithdrawCall,
  PAY_CHANNELS,
  PAY_MAX_IDR,
  PAY_MIN_IDR,
} from '@oryx/contracts/funding/pay-calls';
import { formatMinor } from '@oryx/contracts/money';
import type { AppContext } from '../../../lib/context';
import { registerCall } from '../../../lib/route';
import { receiveNotice, requestPayDeposit } from './deposits';
import { payLog } from './pay-log';
import { adminPayouts, decidePayout, requestPayWithdrawal } from './payouts';
import { paymentProvider } from './registry';
import { sandboxPayRoutes } from './sandbox-page';
import { payTerms, RATE_SCALE } from './terms';
import { payRepo } from './repo';

export function payRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, PayDepositCall, ({ session, input, locale }) =>
    requestPayDeposit(ctx, session.userId, input, locale),
  );
  registerCall(app, PayWithdrawCall, ({ session, input, ip }) =>
    requestPayWithdrawal(ctx, session.userId, input, ip),
  );
  registerCall(app, PayLogCall, ({ session, input }) => payLog(ctx, session.userId, input));
  registerCall(app, PayQuoteCall, async ({ session, input }) => {
    const { coin, rate, provider } = await payTerms(ctx, input.currency);
    const bank = await payRepo.bankCard(ctx.db, session.userId);
    return {
      currency_name: coin.name,
      idr_rate: formatMinor(rate, RATE_SCALE),
      min_idr: PAY_MIN_IDR,
      max_idr: PAY_MAX_IDR,
      out_fee_percent: String(ctx.env.PAY_OUT_FEE_PERCENT),
      channels: [...PAY_CHANNELS],
      is_sandbox: provider.isSandbox,
      bank:
        bank && bank.receive_account
          ? {
              bank_code: bank.bank_code,
              bank_name: bank.bank_name,
              receive_name: bank.receive_name,
              receive_account: bank.receive_account,
            }
          : null,
    };
  });

  registerCall(app, AdminPayoutsCall, ({ input }) => adminPayouts(ctx, input.status));
  registerCall(app, AdminPayoutDecideCall, async ({ input, session, audit }) => {
    const r = await decidePayout(ctx, input.id, input.approve === 1, session.userId);
    audit({
      subject: 'payout',
      subjectId: input.id,
      before: { status: 0 },
      after: { status: r.status, four_eyes_pending: r.four_eyes_pending },
    });
    return r;
  });

  app.post<{ Params: { provider: string } }>('/api/pay/notify/:provider', async (req, reply) => {
    const provider = paymentProvider(ctx);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    if (req.params.provider !== provider.name) return reply.code(404).type('text/plain').send('fail');
    const outcome = await receiveNotice(ctx, provider.name, body, (b) => provider.verifyNotice(b));
    if (outcome === 'forged') {
      ctx.log.warn({ provider: provider.name }, 'funding: payment notification with a bad signature');
      return reply.code(400).type('text/plain').send('fail');
    }
    return reply.type('text/plain').send('success');
  });

  sandboxPayRoutes(app, ctx);
}
