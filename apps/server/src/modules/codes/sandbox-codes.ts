/**
 * Demo mode's "sandbox: your code is …" notice on the sign-up and reset pages, so a newcomer needs no
 * console to read a code. The page makes up a random ticket and sends it with its code request; only in
 * demo mode, only when the sandbox delivered the message (no SMTP, no SMS provider), and only for a
 * sign-up, reset, transaction-password or withdrawal-address (`safe`) code, its hash is kept on the request's row. The ticket then reads back what the
 * sandbox delivered for that one request while the code is valid: the address the page itself typed,
 * never another. Outside demo mode nothing is kept and the reading call does not exist; a staff
 * account's reset code is never shown (the console stays the administrator's).
 */
import type { CodeScene, SandboxCode } from '@oryx/contracts/auth/calls';
import type { AppContext } from '../../lib/context';
import { sha256 } from '../../lib/random';
import type { Delivery } from './message';
import { usersRepo } from '../users/repo';
import { codesRepo } from './repo';

/**
 * Sign-up, reset, and the codes sent to the logged-in user's own address for the transaction password
 * and for binding a withdrawal address (`safe`).
 */
const SHOWN_SCENES: ReadonlySet<CodeScene> = new Set(['register', 'forget', 'trade_password', 'safe']);
const MIN_TICKET_LENGTH = 32;

/** After a code request was recorded (row `id`): keeps the page's ticket when the notice may show it. */
export async function keepSandboxTicket(
  ctx: AppContext,
  delivery: Delivery,
  r: { id: number; scene: CodeScene; ticket: string; ownerId: number | undefined },
): Promise<void> {
  if (ctx.env.ORYX_MODE !== 'demo' || !delivery.isSandbox || !SHOWN_SCENES.has(r.scene)) return;
  if (r.ticket.trim().length < MIN_TICKET_LENGTH) return;
  if (r.ownerId !== undefined) {
    const owner = await usersRepo.byId(ctx.db, r.ownerId);
    if (owner && owner.role !== 'user') return;
  }
  await codesRepo.setSandboxTicket(ctx.db, r.id, sha256(r.ticket.trim()));
}

/** What the sandbox delivered for the request that carried `ticket`, while its code is valid. */
export async function sandboxCode(ctx: AppContext, ticket: string): Promise<SandboxCode | null> {
  if (ctx.env.ORYX_MODE !== 'demo' || ticket.trim().length < MIN_TICKET_LENGTH) return null;
  const now = ctx.clock.now();
  const request = await codesRepo.requestOfTicket(ctx.db, sha256(ticket.trim()), now);
  if (!request) return null;
  const message = await codesRepo.firstCodeSince(
    ctx.db,
    request.destination,
    request.scene,
    request.created_at,
  );
  if (!message) return null;
  return { destination: request.destination, scene: request.scene, code: message.code };
}
