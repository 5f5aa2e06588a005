/** The user's open sessions and login history, read from `sessions` (each login makes one row). */
import type { LoginRow, SessionRow } from '@oryx/contracts/security/calls';
import type { AppContext } from '../../lib/context';
import { deviceOf } from '../../lib/device';
import { securityRepo } from './repo';

const HISTORY_SIZE = 20;

export { deviceOf };

export async function openSessions(
  ctx: AppContext,
  userId: number,
  currentId: number,
): Promise<SessionRow[]> {
  const rows = await securityRepo.liveSessions(ctx.db, userId, ctx.clock.now(), 100);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    ip: r.ip,
    device: deviceOf(r.user_agent),
    current: r.id === currentId,
  }));
}

export async function loginHistory(ctx: AppContext, userId: number): Promise<LoginRow[]> {
  const now = ctx.clock.now();
  const rows = await securityRepo.sessionHistory(ctx.db, userId, HISTORY_SIZE);
  return rows.map((r) => ({
    created_at: r.created_at,
    ip: r.ip,
    device: deviceOf(r.user_agent),
    state: r.revoked_at !== null ? 'ended' : r.expires_at <= now ? 'expired' : 'open',
  }));
}
