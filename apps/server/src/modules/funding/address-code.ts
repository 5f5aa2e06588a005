/**
 * Binding a withdrawal address needs the session and a code sent to the user's own e-mail (else phone),
 * scene `safe` of the codes module (same limits, 10-minute single-use codes, sandbox outbox in the demo).
 * `wallet/address_code` and the wallet service's `SendVerificationcode` send it; `wallet/add_address`
 * and `BindDrawAddress` check and spend it.
 */
import { requireSecondFactor } from '../auth/two-factor';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { SessionUser } from '../../lib/session';
import type { Delivery } from '../codes/delivery';
import { ownDestinationKeys } from '../codes/destination';
import { sendCode, verifyCode } from '../codes/service';
import { bindAddress, checkAddress } from './address-book';
import { assertOpen, coinOf, networkOf } from './service';
import { usersRepo } from '../users/repo';

async function userOf(ctx: AppContext, userId: number) {
  const u = await usersRepo.byId(ctx.db, userId);
  if (!u) throw new AppError('AUTH_REQUIRED');
  return u;
}

/** `a***@example.com`, `+66 ****5601`. */
export function maskDestination(channel: 'email' | 'sms', value: string): string {
  if (channel === 'email') {
    const [name = '', host = ''] = value.split('@');
    return `${name.slice(0, 1)}***@${host}`;
  }
  return `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}

export async function sendAddressCode(
  ctx: AppContext,
  deliveries: Record<'sms' | 'email', Delivery>,
  r: { session: SessionUser; ip: string; locale: string; ticket?: string | undefined },
): Promise<{ message: string; destination: string }> {
  assertOpen(ctx);
  const u = await userOf(ctx, r.session.userId);
  const channel = u.email ? 'email' : 'sms';
  const value = u.email ?? u.phone ?? '';
  if (!value) throw new AppError('FORBIDDEN');
  const message = await sendCode(ctx, deliveries, {
    channel,
    input: {
      user_string: value,
      scene: 'safe',
      type: '',
      country_code: '',
      area_code: u.area_code,
      ...(r.ticket ? { sandbox_ticket: r.ticket } : {}),
    },
    session: r.session,
    ip: r.ip,
    locale: r.locale,
  });
  const shown = channel === 'email' ? value : `+${u.area_code} ${value}`;
  return { message, destination: maskDestination(channel, shown) };
}

/**
 * Checks the address, the second factor when the user has one, then checks and spends the code sent to
 * the user, then binds the address.
 */
export async function bindAddressWithCode(
  ctx: AppContext,
  userId: number,
  input: {
    currency: number;
    type?: string | number;
    address?: string;
    memo?: string;
    code?: unknown;
    totp_code?: string;
  },
) {
  assertOpen(ctx);
  // Bad input is refused before the code is spent.
  const coin = await coinOf(ctx.db, input.currency);
  checkAddress(ctx, coin, await networkOf(ctx.db, coin, input.type), input.address, input.memo);
  const code = input.code === undefined || input.code === null ? '' : String(input.code).trim();
  if (!code) throw new AppError('AUTH_CODE_REQUIRED');
  await requireSecondFactor(ctx, userId, input.totp_code);
  const u = await userOf(ctx, userId);
  await verifyCode(ctx, { destinations: ownDestinationKeys(u), scenes: ['safe'], code, consume: true });
  return bindAddress(ctx, userId, input, { secondFactorChecked: true });
}
