import type { FastifyInstance } from 'fastify';
import {
  AdminClaimDecideCall,
  AdminClaimsCall,
  AdminEvmReconciliationCall,
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
import {
  AddressCodeCall,
  AdminCoinSaveCall,
  AdminCoinsCall,
  AdminNetworkSaveCall,
  AdminWithdrawalsCall,
  CoinInfoCall,
} from '@oryx/contracts/funding/coin-calls';
import {
  WalletMiddleBindCall,
  WalletMiddleGetAddressCall,
  WalletMiddleSendCodeCall,
} from '@oryx/contracts/funding/wallet-middle';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { AppError } from '../../lib/app-error';
import { withdrawalsRepo } from './withdrawals-repo';
import { chainAdapter, companyChain } from './chain/registry';
import { decideClaim, depositLog, listClaims, submitClaim } from './claims';
import { assertOpen, depositAddresses, sandboxFaucet } from './service';
import { adminWithdrawals, withdrawLog } from './withdraw-log';
import { deleteAddress, listAddresses } from './address-book';
import { bindAddressWithCode, sendAddressCode } from './address-code';
import { coinInfo } from './coin-info';
import { middleBind, middleGetAddress, middleReply } from './wallet-middle';
import { createDeliveries } from '../codes/delivery';
import { calculateFee, decideWithdrawal, requestWithdrawal } from './withdrawals';
import { translate } from '@oryx/i18n';
import { payRoutes } from './pay/routes';
import { listCoins, saveCoin, saveNetwork } from './admin-config';
import { evmConsoleView } from './evm-reconcile';

export async function fundingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, DepositAddressCall, ({ session, input }) =>
    depositAddresses(ctx, session.userId, input.currency),
  );
  registerCall(app, CompanyAddressCall, () => {
    assertOpen(ctx);
    // Index 0 of the configured chain: the exchange's own collection address (never the sandbox's in
    // production unless it was chosen).
    return { company_eth_address: chainAdapter(ctx, companyChain(ctx)).deriveAddress(0) };
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
  registerCall(app, WithdrawAddressAddCall, ({ session, input }) =>
    bindAddressWithCode(ctx, session.userId, { ...input, code: input.code ?? input.verificationcode }),
  );
  registerCall(app, CoinInfoCall, ({ session, input }) => coinInfo(ctx, session.userId, input.currency));
  const deliveries = createDeliveries(ctx);
  registerCall(app, AddressCodeCall, ({ session, ip, locale, input }) =>
    sendAddressCode(ctx, deliveries, { session, ip, locale, ticket: input.sandbox_ticket }),
  );
  walletMiddleRoutes(app, ctx, deliveries);
  registerCall(app, WithdrawAddressDeleteCall, ({ session, input }) =>
    deleteAddress(ctx, session.userId, input.address_id),
  );

  adminRoutes(app, ctx);
  // The third-party rupiah channel (pay/).
  payRoutes(app, ctx);
}

/** The operator's calls: withdrawals, deposit claims, coins and networks. */
function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, AdminWithdrawalDecideCall, async ({ input, session, audit }) => {
    const { pending } = await decideWithdrawal(ctx, input.id, input.approve === 1, session.userId);
    const w = await withdrawalsRepo.byId(ctx.db, input.id);
    if (!w) throw new AppError('FUNDING_NOT_FOUND');
    audit({
      subject: 'withdrawal',
      subjectId: input.id,
      before: { status: 0 },
      after: { status: w.status, four_eyes_pending: pending },
    });
    return { ...w, four_eyes_pending: pending };
  });
  registerCall(app, AdminWithdrawalsCall, ({ input }) => adminWithdrawals(ctx, input.status));
  registerCall(app, AdminCoinsCall, () => listCoins(ctx));
  registerCall(app, AdminCoinSaveCall, async ({ input, locale, audit }) => {
    audit(await saveCoin(ctx, input));
    return translate(locale, 'console.saved');
  });
  registerCall(app, AdminNetworkSaveCall, async ({ input, locale, audit }) => {
    audit(await saveNetwork(ctx, input));
    return translate(locale, 'console.saved');
  });
  registerCall(app, AdminClaimsCall, () => listClaims(ctx));
  registerCall(app, AdminEvmReconciliationCall, () => evmConsoleView(ctx));
  registerCall(app, AdminClaimDecideCall, async ({ input, session, audit }) => {
    const claim = await decideClaim(ctx, input.id, input.approve === 1, session.userId, input);
    audit({
      subject: 'deposit_claim',
      subjectId: input.id,
      before: { status: 0 },
      after: {
        status: claim.status,
        chain: claim.chain,
        tx_hash: claim.tx_hash,
        amount: claim.amount,
        four_eyes_pending: claim.four_eyes_pending,
      },
    });
    return claim;
  });
}

/** The wallet service's `{code, msg, data}` calls (wallet-middle.ts). */
function walletMiddleRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deliveries: ReturnType<typeof createDeliveries>,
): void {
  registerCall(app, WalletMiddleSendCodeCall, ({ session, ip, locale }) =>
    middleReply(session, locale, async (s) => {
      const r = await sendAddressCode(ctx, deliveries, { session: s, ip, locale });
      return { msg: r.message, data: null };
    }),
  );
  registerCall(app, WalletMiddleGetAddressCall, ({ session, input, locale }) =>
    middleReply(session, locale, async (s) => ({
      msg: 'ok',
      data: await middleGetAddress(ctx, s.userId, input),
    })),
  );
  registerCall(app, WalletMiddleBindCall, ({ session, input, locale }) =>
    middleReply(session, locale, async (s) => ({
      msg: translate(locale, 'funding.addressBound'),
      data: await middleBind(ctx, s.userId, input),
    })),
  );
}
