import type { ServerModule } from '../module';
import { startFunding } from './background';
import { ChainAdapters } from './chain/registry';
import { sandboxChain } from './chain/sandbox';
import { walletRowFunding } from './coin-info';
import { seedFundingConfig } from './config';
import type { PaymentProvider } from './pay/provider';
import { SandboxPayProvider } from './pay/sandbox-provider';
import { fundingRoutes } from './routes';
import { EVM_RECONCILE_JOB, EVM_SWEEP_JOB, evmReconcileJob, evmSweepJob, scheduleEvmJobs } from './evm-jobs';

declare module '../../lib/services' {
  interface Services {
    funding: {
      /** The rupiah channel's provider (pay/registry.ts): the sandbox unless a test puts another in. */
      payments: PaymentProvider;
      /** The adapter of each chain key (chain/registry.ts). */
      chains: ChainAdapters;
    };
  }
}

export const fundingModule: ServerModule = {
  name: 'funding',
  services: (ctx) => ({
    funding: {
      payments: new SandboxPayProvider(ctx.env.PAY_SANDBOX_SECRET),
      chains: new ChainAdapters(ctx),
    },
  }),
  // Deposit and withdrawal terms and networks of the demo coins (inserted when missing, never overwritten),
  // and the sandbox chain's genesis block.
  seed: async (db, clock) => {
    await seedFundingConfig(db);
    await sandboxChain.ensureGenesis(db, clock.now());
  },
  // wallet/list's network fields (wallet is listed before funding, so it reads them through a seam).
  provides: { walletRowFunding },
  routes: fundingRoutes,
  // The EVM deposit addresses' sweeps and the hot wallet's hourly reconciliation (evm-jobs.ts).
  jobs: { [EVM_SWEEP_JOB]: evmSweepJob, [EVM_RECONCILE_JOB]: evmReconcileJob },
  // The sandbox chain's blocks and the deposit scanner; the EVM jobs' first runs.
  background: async (ctx) => {
    await scheduleEvmJobs(ctx);
    return startFunding(ctx);
  },
};
