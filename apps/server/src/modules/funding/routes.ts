import type { FastifyInstance } from 'fastify';
import {
  AdminClaimDecideCall,
  AdminClaimsCall,
  CompanyAddressCall,
  DepositAddressCall,
  DepositClaimCall,
  DepositLogCall,
  SandboxFaucetCall,
  AdminWithdrawalDecideCall,
  WithdrawCall,
  WithdrawFeeCall,
  WithdrawLogCall,
  WithdrawAddressAddCall,
  WithdrawAddressDeleteCall,
  WithdrawAddressesCall,
} from '@oryx/contracts/funding/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { chainAdapter } from './chain/registry';
import { SANDBOX_CHAIN } from './chain/sandbox';
import { decideClaim, depositLog, listClaims, submitClaim } from './claims';
import { assertOpen, depositAddresses, sandboxFaucet } from './service';
import { withdrawLog } from './withdraw-log';
import { bindAddress, deleteAddress, listAddresses } from './address-book';
import { calculateFee, decideWithdrawal, requestWithdrawal } from './withdrawals';
import { translate } from '@oryx/i18n';
import { payRoutes } from './pay/routes';

export async function fundingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, DepositAddressCall, ({ session, input }) =>
    depositAddresses(ctx, session.userId, input.currency),
  );
  registerCall(app, CompanyAddressCall, () => {
    assertOpen(ctx);
    // Index 0 of the default chain: the exchange's own collection address.
    return { company_eth_address: chainAdapter(ctx, SANDBOX_CHAIN).deriveAddress(0) };
  });
  registerCall(app, DepositClaimCall, ({ session, input, locale }) =>
    submitClaim(ctx, session.userId, locale, input),
  );
  registerCall(app, DepositLogCall, ({ session, input }) => depositLog(ctx, session.userId, input));
  registerCall(app, SandboxFaucetCall, ({ session, input }) => sandboxFaucet(ctx, session.userId, input));

  registerCall(app, WithdrawFeeCall, ({ input }) => calculateFee(ctx, input));
  registerCall(app, WithdrawCall, async ({ session, input, locale, ip }) => {
    await requestWithdrawal(ctx, session.userId, input, ip);
    return translate(locale, 'funding.withdrawSubmitted');
  });
  registerCall(app, WithdrawLogCall, ({ session, input }) => withdrawLog(ctx, session.userId, input));

  registerCall(app, WithdrawAddressesCall, ({ session, input }) =>
    listAddresses(ctx, session.userId, input.currency),
  );
  registerCall(app, WithdrawAddressAddCall, ({ session, input }) => bindAddress(ctx, session.userId, input));
  registerCall(app, WithdrawAddressDeleteCall, ({ session, input }) =>
    deleteAddress(ctx, session.userId, input.address_id),
  );

  registerCall(app, AdminWithdrawalDecideCall, async ({ input }) => {
    await decideWithdrawal(ctx, input.id, input.approve === 1);
    const w = await ctx.db
      .selectFrom('funding_withdrawals')
      .select(['id', 'status'])
      .where('id', '=', input.id)
      .executeTakeFirstOrThrow();
    return w;
  });
  registerCall(app, AdminClaimsCall, () => listClaims(ctx));
  registerCall(app, AdminClaimDecideCall, ({ input }) => decideClaim(ctx, input.id, input.approve === 1));
  // The third-party rupiah channel (pay/).
  payRoutes(app, ctx);
}
