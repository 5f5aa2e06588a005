/**
 * The referral commission rule (README.md): a share of each trading fee an invitee pays goes to the
 * members above them, by depth, credited by the `team.commission` job every hour. Seeded when missing
 * (operators edit `team_commission_levels`).
 */
import { CLAIM_REASON } from '../funding/claims';
import { DEPOSIT_REASON } from '../funding/deposits';
import type { Seeder } from '../module';
import { teamRepo } from './repo';

export const COMMISSION_JOB = 'team.commission';
export const COMMISSION_INTERVAL_MS = 3_600_000;
/** The trading fees the rule covers: fees that are never returned (a lever fee is, when an order is revoked). */
export const COMMISSION_FEE_REASONS = ['spot.fee', 'micro.fee'] as const;
/**
 * The movements `user/log` (type `wallet_in`) shows as a member's deposit record: coin deposits credited
 * on chain, deposit requests an operator confirmed, rupiah deposits.
 */
export const MEMBER_DEPOSIT_REASONS = [DEPOSIT_REASON, CLAIM_REASON, 'funding.pay_deposit'] as const;
/** Depth of the tree walked for anything (ancestors, team sizes). */
export const TREE_DEPTH_MAX = 30;

export const SEED_LEVELS = [
  { level: 1, share_bps: 2000 },
  { level: 2, share_bps: 1000 },
];

export const seedTeam: Seeder = async (db) => {
  for (const l of SEED_LEVELS) await teamRepo.seedLevel(db, l);
};
