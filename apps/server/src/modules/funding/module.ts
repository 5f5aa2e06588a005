import type { ServerModule } from '../module';
import { seedFundingConfig } from './config';

export const fundingModule: ServerModule = {
  name: 'funding',
  // Deposit and withdrawal terms and networks of the demo coins (inserted when missing, never overwritten).
  seed: seedFundingConfig,
};
