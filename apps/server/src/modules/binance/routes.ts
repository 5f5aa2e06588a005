/**
 * `/api/v3/*`, Binance's REST API (transport: request weight, API-key signatures, Binance's error
 * bodies). Registered in a scope of its own: its error handler answers `{code, msg}` with Binance's HTTP
 * statuses instead of the envelope of the rest of the API (these routes are not `registerCall` calls, so
 * nothing wraps their replies either), and its body parsers keep the raw body the signature covers.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { apiKeyUser, signedUser } from './auth';
import { BinanceError, binanceErrors } from './errors';
import type { BinanceMarketData } from './market-data';
import type { BinanceOrders } from './orders';
import type { ApiUser, Params } from './params';
import type { BinanceUserStream } from './user-stream';

declare module 'fastify' {
  interface FastifyRequest {
    /** `/api/v3` only: the request body as sent (the signature covers it). */
    binanceRawBody: string;
  }
}

/** `userStream`: the API key only, no signature (Binance's USER_STREAM). */
type Access = 'public' | 'read' | 'trade' | 'userStream';
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

/** The weight of a call that reads one market (`symbol`) or all of them. */
const bySymbol = (one: number, all: number) => (p: Params) => (p.symbol ? one : p.symbols ? one * 2 : all);
const depthWeight = (p: Params) => {
  const limit = Number(p.limit ?? 100);
  return limit <= 100 ? 5 : limit <= 500 ? 25 : limit <= 1000 ? 50 : 250;
};

/** Adds the request's weight to its address's minute; -1003 past the limit. */
function countWeight(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, weight: number) {
  const limit = ctx.env.BINANCE_WEIGHT_PER_MINUTE;
  const w = ctx.services.binance.limits.weight.take(req.ip, weight, limit, ctx.clock.now());
  reply.header('x-mbx-used-weight', String(w.used)).header('x-mbx-used-weight-1m', String(w.used));
  if (w.isOver) throw binanceErrors.tooMuchWeight(limit, w.retryAfterS);
}

/** Counts a new order against its key's 10 seconds and day; -1015 past either limit. */
function countOrder(ctx: AppContext, reply: FastifyReply, keyId: number) {
  const { env, services } = ctx;
  const now = ctx.clock.now();
  const who = `key:${keyId}`;
  const s = services.binance.limits.orders10s.take(who, 1, env.BINANCE_ORDERS_PER_10S, now);
  if (s.isOver) throw binanceErrors.tooManyOrders(env.BINANCE_ORDERS_PER_10S, '10 SECOND', s.retryAfterS);
  const d = services.binance.limits.ordersDay.take(who, 1, env.BINANCE_ORDERS_PER_DAY, now);
  if (d.isOver) throw binanceErrors.tooManyOrders(env.BINANCE_ORDERS_PER_DAY, '1 DAY', d.retryAfterS);
  reply.header('x-mbx-order-count-10s', String(s.used)).header('x-mbx-order-count-1d', String(d.used));
}

/** Body parsers that keep the raw body (form or JSON) for the signature. */
function keepRawBodies(scope: FastifyInstance): void {
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
}

/** Every failure of the scope as Binance's `{code, msg}` with its HTTP status (and Retry-After on 429). */
function binanceErrorOf(ctx: AppContext, thrown: FastifyError | Error, req: FastifyRequest): BinanceError {
  if (thrown instanceof BinanceError) return thrown;
  const status = (thrown as FastifyError).statusCode;
  if (status === 429) return binanceErrors.tooMuchWeight(ctx.env.RATE_LIMIT_PER_MINUTE, 60);
  if (thrown instanceof AppError && thrown.spec.status < 500)
    return binanceErrors.badParam(`${thrown.code}: ${thrown.message}`.slice(0, 200));
  if (status !== undefined && status < 500) return binanceErrors.badParam(thrown.message.slice(0, 200));
  req.log.error({ err: thrown }, 'binance API: unhandled error');
  return binanceErrors.unknown();
}

export async function binanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (scope) => {
      keepRawBodies(scope);
      scope.setErrorHandler((thrown: FastifyError | Error, req, reply) => {
        const e = binanceErrorOf(ctx, thrown, req);
        if (e.retryAfterS !== undefined) reply.header('retry-after', String(e.retryAfterS));
        return reply
          .status(e.httpStatus)
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({ code: e.code, msg: e.msg });
      });
      /** One `/api/v3` route: its weight, then (signed calls) the key, then the call. */
      const route: RouteFn = (method, url, weight, access, handler, opts = {}) =>
        scope.route({
          method,
          url,
          // Listed in the OpenAPI document (/api/docs) under its own tag; Binance's documentation has the shapes.
          schema: {
            tags: ['binance'],
            summary: `Binance-compatible: ${access === 'public' ? 'public' : access === 'userStream' ? 'API key (X-MBX-APIKEY), not signed' : `signed (X-MBX-APIKEY, ${access} permission)`}, weight ${typeof weight === 'number' ? weight : 'by parameters'}`,
          },
          handler: async (req, reply) => {
            const p = paramsOf(req);
            countWeight(ctx, req, reply, typeof weight === 'number' ? weight : weight(p));
            if (access === 'public') return handler(p, null as unknown as ApiUser);
            if (access === 'userStream') {
              const { userId } = await apiKeyUser(ctx, req);
              return handler(p, { userId, hasTradePassword: false, isTradeFrozen: false });
            }
            const { user, keyId } = await signedUser(ctx, req, p, access);
            if (opts.isNewOrder) countOrder(ctx, reply, keyId);
            return handler(p, user);
          },
        });
      registerBinanceCalls(route, ctx.services.binance.market, ctx.services.binance.orders);
      registerUserStreamCalls(route, ctx.services.binance.userStream);
    },
    { prefix: '/api/v3' },
  );
}

type RouteFn = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  weight: Weight,
  access: Access,
  handler: (p: Params, user: ApiUser) => unknown,
  opts?: { isNewOrder?: boolean },
) => void;

/** The calls, with Binance's weights. */
function registerBinanceCalls(route: RouteFn, market: BinanceMarketData, orders: BinanceOrders): void {
  route('GET', '/ping', 1, 'public', () => ({}));
  route('GET', '/time', 1, 'public', () => market.time());
  route('GET', '/exchangeInfo', 20, 'public', (p) => market.exchangeInfo(p));
  route('GET', '/depth', depthWeight, 'public', (p) => market.depth(p));
  route('GET', '/trades', 25, 'public', (p) => market.trades(p));
  route('GET', '/aggTrades', 4, 'public', (p) => market.aggTrades(p));
  route('GET', '/klines', 2, 'public', (p) => market.klines(p));
  route('GET', '/ticker/24hr', bySymbol(2, 80), 'public', (p) => market.ticker24hr(p));
  route('GET', '/ticker/price', bySymbol(2, 4), 'public', (p) => market.tickerPrice(p));
  route('GET', '/ticker/bookTicker', bySymbol(2, 4), 'public', (p) => market.bookTicker(p));
  route('GET', '/account', 20, 'read', (_p, user) => orders.account(user));
  route('POST', '/order', 1, 'trade', (p, user) => orders.newOrder(user, p), { isNewOrder: true });
  route('POST', '/order/test', 1, 'trade', (p, user) => orders.testOrder(user, p));
  route('GET', '/order', 4, 'read', (p, user) => orders.getOrder(user, p));
  route('DELETE', '/order', 1, 'trade', (p, user) => orders.cancelOrder(user, p));
  route('GET', '/openOrders', bySymbol(6, 80), 'read', (p, user) => orders.openOrders(user, p));
  route('DELETE', '/openOrders', 1, 'trade', (p, user) => orders.cancelOpenOrders(user, p));
  route('GET', '/allOrders', 20, 'read', (p, user) => orders.allOrders(user, p));
  route('GET', '/myTrades', 20, 'read', (p, user) => orders.myTrades(user, p));
}

/** The user-data stream's listen keys (weight 2 each, as Binance's). */
function registerUserStreamCalls(route: RouteFn, userStream: BinanceUserStream): void {
  route('POST', '/userDataStream', 2, 'userStream', (_p, user) => userStream.create(user.userId));
  route('PUT', '/userDataStream', 2, 'userStream', (p, user) => userStream.keepalive(user.userId, p));
  route('DELETE', '/userDataStream', 2, 'userStream', (p, user) => userStream.remove(user.userId, p));
}
