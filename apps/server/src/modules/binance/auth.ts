/**
 * A signed `/api/v3` request, checked as Binance checks it: the key's format (-2014), the key (-2015), the
 * timestamp within `recvWindow` (default 5,000 ms, at most 60,000: -1131; outside: -1021), the signature
 * over the query string followed by the body (-1022: HMAC-SHA256 hex or Ed25519 base64), then the key's
 * state, address whitelist and permission, and the user's login freeze (-2015).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { keyForRequest } from '../apikeys/service';
import { API_KEY_FORMAT } from '../apikeys/secrets';
import { userAccessRepo } from '../users/access-repo';
import { binanceErrors } from './errors';
import type { ApiUser, Params } from './params';

const RECV_WINDOW_DEFAULT_MS = 5_000;
const RECV_WINDOW_MAX_MS = 60_000;
/** A request stamped this far ahead of the server's clock is refused (Binance: 1 s). */
const AHEAD_MAX_MS = 1_000;

/** A query string or form body without its `signature` parameter, as the signature was made over it. */
const withoutSignature = (raw: string) =>
  raw === ''
    ? ''
    : raw
        .split('&')
        .filter((part) => !part.startsWith('signature='))
        .join('&');

/** An IPv4 address as a dual-stack socket reports it (`::ffff:10.0.0.1`) compared as written. */
const plainIp = (ip: string) => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);

export async function signedUser(
  ctx: AppContext,
  req: FastifyRequest,
  p: Params,
  access: 'read' | 'trade',
): Promise<{ user: ApiUser; keyId: number }> {
  const header = req.headers['x-mbx-apikey'];
  if (typeof header !== 'string' || !API_KEY_FORMAT.test(header)) throw binanceErrors.keyFormat();
  const key = await keyForRequest(ctx, header);
  if (!key) throw binanceErrors.keyRejected();
  checkTime(ctx, p);
  if (!p.signature) throw binanceErrors.mandatory('signature');
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  const payload = withoutSignature(query) + withoutSignature(req.binanceRawBody);
  if (!key.verifies(payload, p.signature)) throw binanceErrors.signature();
  if (!key.isEnabled) throw binanceErrors.keyRejected();
  if (key.ips.length > 0 && !key.ips.includes(plainIp(req.ip))) throw binanceErrors.keyRejected();
  if (!key.permissions.includes(access)) throw binanceErrors.keyRejected();
  const u = await userAccessRepo.userWithRestrictions(ctx.db, key.userId);
  if (!u || u.frozen_login === 1) throw binanceErrors.keyRejected();
  const user: ApiUser = {
    userId: key.userId,
    hasTradePassword: u.trade_password_hash !== null,
    isTradeFrozen: u.frozen_trade === 1,
  };
  return { user, keyId: key.id };
}

function checkTime(ctx: AppContext, p: Params): void {
  const ts = p.timestamp;
  if (ts === undefined || !/^\d{1,16}$/.test(ts)) throw binanceErrors.mandatory('timestamp');
  let recvWindow = RECV_WINDOW_DEFAULT_MS;
  if (p.recvWindow !== undefined) {
    if (!/^\d{1,16}$/.test(p.recvWindow)) throw binanceErrors.illegalChars('recvWindow');
    recvWindow = Number(p.recvWindow);
    if (recvWindow > RECV_WINDOW_MAX_MS) throw binanceErrors.recvWindow();
  }
  const now = ctx.clock.now();
  const timestamp = Number(ts);
  if (timestamp < now - recvWindow || timestamp > now + AHEAD_MAX_MS) throw binanceErrors.timestamp();
}

/**
 * A USER_STREAM request (`userDataStream`), as Binance's: the API key only, no timestamp or signature.
 * The key's format (-2014), the key, its state, its address whitelist and the user's login freeze (-2015).
 */
export async function apiKeyUser(ctx: AppContext, req: FastifyRequest): Promise<{ userId: number }> {
  const header = req.headers['x-mbx-apikey'];
  if (typeof header !== 'string' || !API_KEY_FORMAT.test(header)) throw binanceErrors.keyFormat();
  const key = await keyForRequest(ctx, header);
  if (!key || !key.isEnabled) throw binanceErrors.keyRejected();
  if (key.ips.length > 0 && !key.ips.includes(plainIp(req.ip))) throw binanceErrors.keyRejected();
  const u = await userAccessRepo.userWithRestrictions(ctx.db, key.userId);
  if (!u || u.frozen_login === 1) throw binanceErrors.keyRejected();
  return { userId: key.userId };
}
