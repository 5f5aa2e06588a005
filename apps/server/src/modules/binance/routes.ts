/**
 * `/api/v3/*`, Binance's REST API (transport: request weight, API-key signatures, Binance's error
 * bodies). Registered in a scope of its own: its error handler answers `{code, msg}` with Binance's HTTP
 * statuses instead of the envelope of the rest of the API (these routes are not `registerCall` calls, so
 * nothing wraps their replies either), and its body parser keeps the raw form body the signature covers.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { keyForRequest } from '../apikeys/service';
import { API_KEY_FORMAT } from '../apikeys/secrets';
import { userAccessRepo } from '../users/access-repo';
import { BinanceError, binanceErrors } from './errors';
import type { ApiUser, BinanceService, Params } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** `/api/v3` only: the request body as sent (the signature covers it). */
    binanceRawBody: string;
  }
}

const RECV_WINDOW_DEFAULT_MS = 5_000;
const RECV_WINDOW_MAX_MS = 60_000;
/** A request stamped this far ahead of the server's clock is refused (Binance: 1 s). */
const AHEAD_MAX_MS = 1_000;

type Access = 'public' | 'read' | 'trade';
type Weight = number | ((p: Params) => number);

/** Query parameters and form or JSON body fields, as strings (the body wins on a clash). */
function paramsOf(req: FastifyRequest): Params {
  const out: Params = {};
  const add = (o: unknown) => {
    if (!o || typeof o !== 'object' || Array.isArray(o)) return;
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
      else if (Array.isArray(v)) out[k] = JSON.stringify(v);
    }
  };
  add(req.query);
  add(req.body);
  return out;
}

/** A query string or form body without its `signature` parameter, as the signature was made over it. */
const withoutSignature = (raw: string) =>
  raw === ''
    ? ''
    : raw
        .split('&')
        .filter((part) => !part.startsWith('signature='))
        .join('&');

/** The weight of a call that reads one market (`symbol`) or all of them. */
const bySymbol = (one: number, all: number) => (p: Params) => (p.symbol ? one : p.symbols ? one * 2 : all);
const depthWeight = (p: Params) => {
  const limit = Number(p.limit ?? 100);
  return limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
};

export async function binanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = ctx.services.binance.api;
  const limits = ctx.services.binance.limits;
  const env = ctx.env;

  /** Checks an API-key request: key, time window, signature, then the key's state, address and permission. */
  async function signedUser(req: FastifyRequest, p: Params, access: Exclude<Access, 'public'>) {
    const header = req.headers['x-mbx-apikey'];
    if (typeof header !== 'string' || !API_KEY_FORMAT.test(header)) throw binanceErrors.keyFormat();
    const key = await keyForRequest(ctx, header);
    if (!key) throw binanceErrors.keyRejected();
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
    if (!p.signature) throw binanceErrors.mandatory('signature');
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const payload = withoutSignature(query) + withoutSignature(req.binanceRawBody);
    if (!key.verifies(payload, p.signature)) throw binanceErrors.signature();
    if (!key.isEnabled) throw binanceErrors.keyRejected();
    if (key.ips.length > 0 && !key.ips.includes(req.ip)) throw binanceErrors.keyRejected();
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

  function countWeight(req: FastifyRequest, reply: FastifyReply, weight: number) {
    const w = limits.weight.take(req.ip, weight, env.BINANCE_WEIGHT_PER_MINUTE, ctx.clock.now());
    reply.header('x-mbx-used-weight', String(w.used)).header('x-mbx-used-weight-1m', String(w.used));
    if (w.isOver) throw binanceErrors.tooMuchWeight(env.BINANCE_WEIGHT_PER_MINUTE, w.retryAfterS);
  }

  function countOrder(reply: FastifyReply, keyId: number) {
    const now = ctx.clock.now();
    const who = `key:${keyId}`;
    const s = limits.orders10s.take(who, 1, env.BINANCE_ORDERS_PER_10S, now);
    if (s.isOver) throw binanceErrors.tooManyOrders(env.BINANCE_ORDERS_PER_10S, '10 SECOND', s.retryAfterS);
    const d = limits.ordersDay.take(who, 1, env.BINANCE_ORDERS_PER_DAY, now);
    if (d.isOver) throw binanceErrors.tooManyOrders(env.BINANCE_ORDERS_PER_DAY, '1 DAY', d.retryAfterS);
    reply.header('x-mbx-order-count-10s', String(s.used)).header('x-mbx-order-count-1d', String(d.used));
  }

  await app.register(
    async (scope) => {
      scope.decorateRequest('binanceRawBody', '');
      scope.removeContentTypeParser(['application/x-www-form-urlencoded', 'application/json']);
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (req, body, done) => {
          req.binanceRawBody = body as string;
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
        req.binanceRawBody = body as string;
        try {
          done(null, body === '' ? {} : JSON.parse(body as string));
        } catch {
          done(binanceErrors.badParam('The request body is not valid JSON.'), undefined);
        }
      });
      scope.setErrorHandler((thrown: FastifyError | Error, req, reply) => {
        let e: BinanceError;
        if (thrown instanceof BinanceError) e = thrown;
        else if ((thrown as FastifyError).statusCode === 429)
          e = binanceErrors.tooMuchWeight(env.RATE_LIMIT_PER_MINUTE, 60);
        else if (thrown instanceof AppError && thrown.spec.status < 500)
          e = binanceErrors.badParam(`${thrown.code}: ${thrown.message}`.slice(0, 200));
        else if (
          (thrown as FastifyError).statusCode !== undefined &&
          (thrown as FastifyError).statusCode! < 500
        )
          e = binanceErrors.badParam(thrown.message.slice(0, 200));
        else {
          req.log.error({ err: thrown }, 'binance API: unhandled error');
          e = binanceErrors.unknown();
        }
        if (e.retryAfterS !== undefined) reply.header('retry-after', String(e.retryAfterS));
        return reply
          .status(e.httpStatus)
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({ code: e.code, msg: e.msg });
      });

      /** One `/api/v3` route: its weight, then (signed calls) the key, then the call. */
      const route = (
        method: 'GET' | 'POST' | 'DELETE',
        url: string,
        weight: Weight,
        access: Access,
        handler: (p: Params, user: ApiUser) => unknown,
        opts: { isNewOrder?: boolean } = {},
      ) =>
        scope.route({
          method,
          url,
          schema: { hide: true },
          handler: async (req, reply) => {
            const p = paramsOf(req);
            countWeight(req, reply, typeof weight === 'number' ? weight : weight(p));
            if (access === 'public') return handler(p, null as unknown as ApiUser);
            const { user, keyId } = await signedUser(req, p, access);
            if (opts.isNewOrder) countOrder(reply, keyId);
            return handler(p, user);
          },
        });

      registerBinanceCalls(route, api);
    },
    { prefix: '/api/v3' },
  );
}

type RouteFn = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  weight: Weight,
  access: Access,
  handler: (p: Params, user: ApiUser) => unknown,
  opts?: { isNewOrder?: boolean },
) => void;

/** The calls, with Binance's weights. */
function registerBinanceCalls(route: RouteFn, api: BinanceService): void {
  route('GET', '/ping', 1, 'public', () => ({}));
  route('GET', '/time', 1, 'public', () => api.time());
  route('GET', '/exchangeInfo', 20, 'public', (p) => api.exchangeInfo(p));
  route('GET', '/depth', depthWeight, 'public', (p) => api.depth(p));
  route('GET', '/trades', 25, 'public', (p) => api.trades(p));
  route('GET', '/aggTrades', 4, 'public', (p) => api.aggTrades(p));
  route('GET', '/klines', 2, 'public', (p) => api.klines(p));
  route('GET', '/ticker/24hr', bySymbol(2, 80), 'public', (p) => api.ticker24hr(p));
  route('GET', '/ticker/price', bySymbol(2, 4), 'public', (p) => api.tickerPrice(p));
  route('GET', '/ticker/bookTicker', bySymbol(2, 4), 'public', (p) => api.bookTicker(p));
  route('GET', '/account', 20, 'read', (_p, user) => api.account(user));
  route('POST', '/order', 1, 'trade', (p, user) => api.newOrder(user, p), { isNewOrder: true });
  route('POST', '/order/test', 1, 'trade', (p, user) => api.testOrder(user, p));
  route('GET', '/order', 4, 'read', (p, user) => api.getOrder(user, p));
  route('DELETE', '/order', 1, 'trade', (p, user) => api.cancelOrder(user, p));
  route('GET', '/openOrders', bySymbol(6, 80), 'read', (p, user) => api.openOrders(user, p));
  route('DELETE', '/openOrders', 1, 'trade', (p, user) => api.cancelOpenOrders(user, p));
  route('GET', '/allOrders', 20, 'read', (p, user) => api.allOrders(user, p));
  route('GET', '/myTrades', 20, 'read', (p, user) => api.myTrades(user, p));
}
