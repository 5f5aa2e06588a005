import type { UserRole } from '@oryx/contracts/console/roles';

/** The logged-in user of a request, as the session service verified it (modules/auth/session-service.ts). */
export interface SessionUser {
  userId: number;
  sessionId: number;
  /** `user`, or a staff role (`admin` administrator, `operator`, `auditor`): @oryx/contracts/console/roles. */
  role: UserRole;
  lang: string;
  /** Whether the user has set a transaction (funds) password; spot orders need one (a `not` reply). */
  hasTradePassword: boolean;
  /** Activities an operator froze for this user (calls with that `guard` are refused). */
  restrictions: { trade: boolean; withdraw: boolean };
  /** When the session expires (clock milliseconds): sockets joined with it leave the user room then. */
  expiresAt?: number;
}
