import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { isLocale } from '@oryx/i18n';
import { ConfigurationError, productionProblems, type Env } from './env';
import { openDatabase, type DbHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { systemClock, type Clock } from './lib/clock';
import type { AppContext } from './lib/context';
import { installErrorHandling, installNotFoundHandling } from './plugins/errors';
import { registerWebApp } from './plugins/web-app';
import { readinessOf, registerProbes, type Readiness } from './plugins/probes';
import { corsOptions, corsOrigins, isCrossOriginImage } from './plugins/cors';
import type { SessionUser } from './lib/session';
import { SessionService, tokenFromHeader } from './modules/auth/session-service';
import { readSessionCookie } from './modules/auth/session-cookie';
import { createSocketServer } from './realtime/socket';
import { RecordingRealtime, type Realtime } from './realtime/realtime';
import { composeSeams } from './lib/seams';
import { addServices, type Services } from './lib/services';
import { seedReferenceData } from './db/seed';
import { serverModules } from './modules/index';
import type { Stop } from './modules/module';
import { namespaceOf } from './modules/cluster/bus';
import { mergeJobHandlers, startScheduler, type JobHandlers } from './modules/scheduler/scheduler';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
    /** Whether an Authorization header was presented (expired vs. missing session). */
    hadToken: boolean;
    /** The session the request's session cookie proves (read on demand: `withoutToken: 'cookie'` reads). */
    cookieSession: () => Promise<SessionUser | null>;
    locale: string;
  }
  interface FastifyInstance {
    ctx: AppContext;
    sessions: SessionService;
    /** Every module's scheduled-job handlers (runDueJobs takes them). */
    jobs: JobHandlers;
    /** What GET /readyz answers (plugins/probes.ts); server.ts waits for it before saying it is ready. */
    readiness: () => Promise<Readiness>;
  }
}

/** Strict-Transport-Security for HTTPS responses: a year, subdomains included (helmet's default value). */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface BuildOptions {
  env: Env;
  clock?: Clock;
  /** Attach socket.io (off for app.inject()-only tests, which record events instead). */
  sockets?: boolean;
  /** Seed reference data (and demo data in demo mode) after migrating. */
  seed?: boolean;
  /** Start background work (the scheduler loop, the modules' `background`: the market-making bot). */
  background?: boolean;
}

/** How a socket's `login` token and its handshake cookie resolve to a session (realtime/socket.ts). */
function socketSessions(sessions: SessionService) {
  const toSocket = (s: { userId: number; sessionId: number; expiresAt?: number | null } | null) =>
    s ? { userId: s.userId, sessionId: s.sessionId, expiresAt: s.expiresAt ?? 0 } : null;
  return {
    verifyToken: async (token: string) => toSocket(await sessions.verify(token)),
    verifyCookie: async (cookieHeader: string | undefined) =>
      toSocket(await sessions.verifyCookie(readSessionCookie(cookieHeader))),
  };
}

/**
 * The whole exchange as one Fastify instance. Order: outside libraries (security, bodies, docs), then our
 * context, then the modules (modules/index.ts) in list order: seeders, services, routes, background
 * work. `server.ts` only listens; tests call `app.inject()`.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = newFastify(env);

  // Our route helper validates merged input itself (see lib/route.ts); Fastify only serializes replies.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const origins = corsOrigins(env.CORS_ORIGINS);
  await registerPlugins(app, env, origins);

  // Context and services
  const clock = opts.clock ?? systemClock;
  // Expected (a restart, a failover, a dropped database): one line, not the pg client object.
  const handle: DbHandle = openDatabase(env.DATABASE_URL, (err) =>
    app.log.warn(`database: idle connection lost: ${err.message}`),
  );
  let sockets: Awaited<ReturnType<typeof createSocketServer>> | undefined;
  // What the modules started, in order; stopped in reverse when the app closes (or fails to start).
  const stops: Stop[] = [];
  const stopAll = async () => {
    while (stops.length) await stops.pop()!();
  };
  try {
    await prepareDatabase(handle, env, clock, opts.seed !== false);

    const sessions = new SessionService(handle.db, clock, env.SESSION_TTL_HOURS * 3600_000);
    let realtime: Realtime = new RecordingRealtime();
    if (opts.sockets !== false) {
      const s = await createSocketServer({
        httpServer: app.server,
        redisUrl: env.REDIS_URL,
        redisPrefix: `oryx:${namespaceOf(env.DATABASE_URL)}:`,
        transports: env.SOCKET_TRANSPORTS,
        log: app.log,
        corsOrigins: origins,
        ...socketSessions(sessions),
        now: () => clock.now(),
      });
      realtime = s.realtime;
      sockets = s;
    }
    // A session that ends (logout, password change, freeze) takes its sockets out of the user room.
    sessions.onEnded = (ended) => realtime.endSessions(ended);
    const ctx = installContext(app, { env, handle, clock, realtime, sessions });
    const io = sockets?.io;
    if (io) ctx.services.metrics.readers.socketClients = () => io.engine.clientsCount;
    await wireModules(app, ctx, stops, opts.background === true);
    // Sockets close before the HTTP server stops: an open websocket would otherwise hold server.close().
    app.addHook('preClose', async () => {
      await stopAll();
      await sockets?.close();
    });
    app.addHook('onClose', async () => {
      await handle.close();
    });
  } catch (err) {
    // A start that fails half-way (a module refusing to start, say) leaves nothing open behind it.
    await stopAll().catch(() => {});
    await sockets?.close().catch(() => {});
    await handle.close().catch(() => {});
    throw err;
  }
  return app;
}

/** The Fastify instance for `env`, after refusing a production configuration that lacks a secret. */
function newFastify(env: Env): FastifyInstance {
  const missing = productionProblems(env);
  if (missing.length > 0) throw new ConfigurationError(missing.join('\n  '));
  return Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.authorization'] },
    logController: new LogController({
      disableRequestLogging: !(env.LOG_REQUESTS ?? env.ORYX_MODE === 'production'),
    }),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    // Unknown query parameters (the clients' cache-busting `timestamp` / `_timespan`) are simply ignored.
    routerOptions: { ignoreTrailingSlash: true },
  });
}

/** The outside libraries: security headers, CORS, rate limit, compression, bodies, API docs. */
async function registerPlugins(app: FastifyInstance, env: Env, origins: string[]): Promise<void> {
  registerSecurityHeaders(app, origins);
  await app.register(cors, corsOptions(origins));
  await app.register(rateLimit, { max: env.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
  // API replies of 1 kB and more go out compressed to clients that accept it (candles, lists, the book).
  // Every other route keeps its bytes: the web app's files are precompressed at build time where that
  // helps and served as they are (plugins/web-app.ts). Request bodies are not decompressed.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['gzip', 'deflate'],
  });
  // Unknown routes (404/405) count against the same limit as every other request.
  installNotFoundHandling(app, app.rateLimit());
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 50 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Oryx Exchange API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** helmet's options: the headers every response carries (computed once, see securityHeaders). */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      scriptSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The same as the CSP's frame-ancestors 'none', for browsers that only read the older header.
  frameguard: { action: 'deny' },
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with HELMET_OPTIONS, as (lower-case name, value) pairs. They depend on no
 * request, so helmet runs once, on a response that only records them.
 */
export function securityHeaders(): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(HELMET_OPTIONS)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

/**
 * The security headers are the same for every response. @fastify/helmet builds a new helmet middleware
 * (re-parsing the CSP) on every request, and even registered for no route it ran two hooks per request;
 * so helmet itself runs once, at start (securityHeaders), and one hook sets its headers as they are.
 * HSTS is the one header that depends on the request: it is sent only over HTTPS (TLS here, or a
 * trusted proxy's X-Forwarded-Proto: https), where browsers honour it.
 */
function registerSecurityHeaders(app: FastifyInstance, origins: string[]): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    if (req.protocol === 'https') res.setHeader('strict-transport-security', HSTS);
    for (const [name, value] of headers) res.setHeader(name, value);
    if (isCrossOriginImage(origins, req.url)) res.setHeader('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}

/** Migrates the database, then seeds the reference data and every module's seed (and demo data in demo mode). */
export async function prepareDatabase(
  handle: DbHandle,
  env: Env,
  clock: Clock,
  seed: boolean,
): Promise<void> {
  await migrateToLatest(handle.db);
  if (seed) {
    await seedReferenceData(handle.db, clock.now());
    for (const m of serverModules) await m.seed?.(handle.db, clock, env);
    if (env.ORYX_MODE === 'demo') for (const m of serverModules) await m.demoSeed?.(handle.db, clock, env);
  }
}

interface ContextParts {
  env: Env;
  handle: DbHandle;
  clock: Clock;
  realtime: Realtime;
  sessions: SessionService;
}

/** The app context (with the modules' seams and services), the job handlers, and each request's session and locale. */
function installContext(
  app: FastifyInstance,
  { env, handle, clock, realtime, sessions }: ContextParts,
): AppContext {
  const seams = composeSeams(serverModules.flatMap((m) => (m.provides ? [m.provides] : [])));
  const ctx: AppContext = {
    env,
    db: handle.db,
    dialect: handle.dialect,
    clock,
    realtime,
    log: app.log,
    seams,
    services: {} as Services,
  };
  // Each area's services, built in list order on the finished context (they keep it for later calls).
  for (const m of serverModules) if (m.services) addServices(ctx.services, m.services(ctx), m.name);
  const jobs = mergeJobHandlers(serverModules.flatMap((m) => (m.jobs ? [m.jobs] : [])));
  app.decorate('ctx', ctx);
  app.decorate('sessions', sessions);
  app.decorate('jobs', jobs);

  app.decorateRequest('session', null);
  app.decorateRequest('hadToken', false);
  app.decorateRequest('cookieSession', null as unknown as () => Promise<SessionUser | null>);
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', async (req) => {
    const token = tokenFromHeader(req.headers.authorization);
    req.hadToken = token !== null;
    req.session = token ? await sessions.verify(token) : null;
    req.cookieSession = () => sessions.verifyCookie(readSessionCookie(req.headers.cookie));
    const header = req.headers['x-locale'];
    req.locale = isLocale(header) ? header : (req.session?.lang ?? 'en');
  });
  return ctx;
}

/**
 * The probes (/livez, /readyz, /healthz), then the modules in list order: services, routes, the web
 * app, and (when asked) the scheduler and the modules' background work. What each starts is pushed on
 * `stops`.
 */
async function wireModules(
  app: FastifyInstance,
  ctx: AppContext,
  stops: Stop[],
  background: boolean,
): Promise<void> {
  const readiness = () => readinessOf(ctx, serverModules);
  app.decorate('readiness', readiness);
  registerProbes(app, ctx, readiness);

  for (const m of serverModules) if (m.start) stops.push(await m.start(ctx));
  for (const m of serverModules) await m.routes?.(app, ctx);

  // The built web app (hash router: only index.html and assets are needed).
  await registerWebApp(app, ctx.env.WEB_DIST_DIR);

  if (background) {
    stops.push(await startScheduler(ctx, app.jobs));
    for (const m of serverModules) if (m.background) stops.push(await m.background(ctx));
  }
}
