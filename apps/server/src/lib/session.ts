/** The logged-in user of a request, as the session service verified it (modules/auth/session-service.ts). */
export interface SessionUser {
  userId: number;
  sessionId: number;
  role: 'user' | 'admin';
  lang: string;
  /** Whether the user has set a transaction (funds) password; spot orders need one (a `not` reply). */
  hasTradePassword: boolean;
  /** When the session expires (clock milliseconds): sockets joined with it leave the user room then. */
  expiresAt?: number;
}
