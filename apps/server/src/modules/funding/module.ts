import type { ServerModule } from '../module';
import { startFunding } from './background';
import { sandboxChain } from './chain/sandbox';
import { walletRowFunding } from './coin-info';
import { seedFundingConfig } from './config';
import { fundingRoutes } from './routes';

export const fundingModule: ServerModule = {
  name: 'funding',
  // Deposit and withdrawal terms and networks of the demo coins (inserted when missing, never overwritten),
  // and the sandbox chain's genesis block.
  seed: async (db, clock) => {
    await seedFundingConfig(db);
    await sandboxChain.ensureGenesis(db, clock.now());
  },
  // wallet/list's network fields (wallet is listed before funding, so it reads them through a seam).
  provides: { walletRowFunding },
  routes: fundingRoutes,
  // The sandbox chain's blocks and the deposit scanner.
  background: startFunding,
};
