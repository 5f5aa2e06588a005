/**
 * The wallet service's calls (`/walletMiddle/...`, contracts in `@oryx/contracts/funding/wallet-middle`):
 * the same rules as `wallet/address_code`, `wallet/get_address` and `wallet/add_address`, answered as
 * `{code, msg, data}` (code 0 success; 999 no session; 1 any other refusal, `msg` its text). The caller is
 * always the session's user and binding needs the code sent to them; a `sign` proves nothing and is ignored.
 */
import { translate } from '@oryx/i18n';
import type { WalletMiddleReply } from '@oryx/contracts/funding/wallet-middle';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { SessionUser } from '../../lib/session';
import { listAddresses } from './address-book';
import { bindAddressWithCode } from './address-code';
import { fundingConfig } from './config';

const AUTH_ERRORS = new Set(['AUTH_REQUIRED', 'AUTH_EXPIRED']);

/** Runs `work` for a signed-in caller; every refusal becomes `{code, msg}`. */
export async function middleReply(
  session: SessionUser | null,
  locale: string,
  work: (s: SessionUser) => Promise<{ msg: string; data: WalletMiddleReply['data'] }>,
): Promise<WalletMiddleReply> {
  try {
    if (!session) throw new AppError('AUTH_REQUIRED');
    return { code: 0, ...(await work(session)) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const code = AUTH_ERRORS.has(err.code) ? 999 : 1;
    return { code, msg: translate(locale, `errors.${err.code}`, err.params), data: null };
  }
}

const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/** The currency named `coin_name` and its network with `contract_address` (the only one when none). */
async function coinAndType(ctx: AppContext, coinName: string, contract: string) {
  const cur = await ctx.db
    .selectFrom('currencies')
    .select('id')
    .where((eb) => eb(eb.fn('upper', ['name']), '=', coinName.toUpperCase()))
    .executeTakeFirst();
  if (!cur) throw new AppError('FUNDING_CURRENCY_UNKNOWN');
  if (!contract) return { currency: cur.id, type: undefined };
  const n = (await fundingConfig.networks(ctx.db, cur.id)).find(
    (x) => x.contract_address.toLowerCase() === contract.toLowerCase() || x.type === contract.toLowerCase(),
  );
  if (!n) throw new AppError('FUNDING_NETWORK_UNKNOWN');
  return { currency: cur.id, type: n.type };
}

/** `GetDrawAddress`: the newest bound address of the coin (and network), '' when none. */
export async function middleGetAddress(
  ctx: AppContext,
  userId: number,
  input: { coin_name?: unknown; contract_address?: unknown },
) {
  const { currency, type } = await coinAndType(ctx, text(input.coin_name), text(input.contract_address));
  const rows = (await listAddresses(ctx, userId, currency)).filter((a) => !type || a.type === type);
  const last = rows.at(-1);
  return { address: last?.address ?? '', memo: last?.memo ?? '' };
}

/** The binding's fields: flat, or in `data` as JSON text (or an object). */
export function bindFields(input: Record<string, unknown>): Record<string, unknown> {
  let inner: unknown = input.data;
  if (typeof inner === 'string') {
    try {
      inner = JSON.parse(inner);
    } catch {
      throw new AppError('VALIDATION', { detail: 'data must be JSON' });
    }
  }
  const fromData = inner && typeof inner === 'object' && !Array.isArray(inner) ? inner : {};
  return { ...input, ...(fromData as Record<string, unknown>) };
}

/** `BindDrawAddress`. */
export async function middleBind(ctx: AppContext, userId: number, input: Record<string, unknown>) {
  const f = bindFields(input);
  const { currency, type } = await coinAndType(ctx, text(f.coin_name), text(f.contract_address));
  const row = await bindAddressWithCode(ctx, userId, {
    currency,
    type,
    address: text(f.address),
    memo: text(f.memo),
    code: text(f.verificationcode),
  });
  return { address: row.address, memo: row.memo };
}
