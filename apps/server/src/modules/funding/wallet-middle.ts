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
import { fundingConfig, type Network } from './config';
import { fundingConfigRepo } from './config-repo';
import { catalogRepo } from '../catalog/repo';

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

/**
 * The coin and network of `coin_name` and `contract_address`. `coin_name` is the currency's name
 * (`USDT`) or, as clients of this API family send it, the chosen network's name or type (`ERC20` for
 * USDT on ERC20); `contract_address` names the network (its asset on the chain, or its `type`) or, with
 * a network name, tells apart coins whose networks share it. Without it: the coin's only network.
 */
async function coinAndType(ctx: AppContext, coinName: string, contract: string) {
  const cur = await catalogRepo.currencyByNameAnyCase(ctx.db, coinName);
  if (!cur) return byNetworkName(ctx, coinName, contract);
  if (!contract) return { currency: cur.id, type: undefined };
  const n = (await fundingConfig.networks(ctx.db, cur.id)).find((x) => matchesContract(x, contract));
  if (!n) throw new AppError('FUNDING_NETWORK_UNKNOWN');
  return { currency: cur.id, type: n.type };
}

const matchesContract = (n: Network, contract: string) =>
  n.contract_address.toLowerCase() === contract.toLowerCase() || n.type === contract.toLowerCase();

/** `coin_name` naming a network: its coin when exactly one coin has such a network (after `contract`). */
async function byNetworkName(ctx: AppContext, name: string, contract: string) {
  const wanted = name.toLowerCase();
  if (!wanted) throw new AppError('FUNDING_CURRENCY_UNKNOWN');
  const rows = await fundingConfigRepo.enabledNetworksNamed(ctx.db, wanted);
  const found = rows.filter((n) => !contract || matchesContract(n, contract));
  if (found.length === 0) throw new AppError('FUNDING_CURRENCY_UNKNOWN');
  if (new Set(found.map((n) => n.currency_id)).size > 1) throw new AppError('FUNDING_NETWORK_UNKNOWN');
  const n = found[0]!;
  return { currency: n.currency_id, type: found.length === 1 ? n.type : undefined };
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
