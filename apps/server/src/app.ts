import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { isLocale } from '@oryx/i18n';
import type { Env } from './env';
import { openDatabase, type DbHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { systemClock, type Clock } from './lib/clock';
import type { AppContext } from './lib/context';
import { installErrorHandling } from './plugins/errors';
import { corsOptions, corsOrigins, imageResourcePolicy } from './plugins/cors';
import { SessionService, tokenFromHeader, type SessionUser } from './modules/auth/session-service';
import { createSocketServer } from './realtime/socket';
import { RecordingRealtime, type Realtime } from './realtime/realtime';
import { registerModules, startModules } from './modules/index';
import { seedDatabase } from './db/seed';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
    /** Whether an Authorization header was presented (expired vs. missing session). */
    hadToken: boolean;
    locale: string;
  }
  interface FastifyInstance {
    ctx: AppContext;
    sessions: SessionService;
  }
}

export interface BuildOptions {
  env: Env;
  clock?: Clock;
  /** Attach socket.io (off for app.inject()-only tests, which record events instead). */
  sockets?: boolean;
  /** Seed reference data (and demo data in demo mode) after migrating. */
  seed?: boolean;
  /** Start background work (schedulers, market-making bot). */
  background?: boolean;
}

/**
 * The whole exchange as one Fastify instance. Order: outside libraries (security, bodies, docs), then our
 * context and services, then routes. `server.ts` only listens; tests call `app.inject()`.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    // Unknown query parameters (the clients' cache-busting `timestamp` / `_timespan`) are simply ignored.
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Our route helper validates merged input itself (see lib/route.ts); Fastify only serializes replies.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  // The security headers are the same for every response, but @fastify/helmet builds a new helmet
  // middleware (re-parsing the CSP) on every request: about 7 % of the CPU of a busy order API (issue 5).
  // So helmet is registered for no route; its headers are taken once, from the first request, and set
  // as they are from then on.
  await app.register(helmet, {
    global: false,
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
  });
  let securityHeaders: [string, string | number | string[]][] | null = null;
  const origins = corsOrigins(env.CORS_ORIGINS);
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    if (securityHeaders === null) {
      const before = new Set(res.getHeaderNames());
      void reply.helmet();
      const all = res.getHeaders();
      securityHeaders = Object.keys(all)
        .filter((name) => !before.has(name))
        .map((name) => [name, all[name]!]);
    } else {
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
    }
    const corp = imageResourcePolicy(origins, req.url);
    if (corp) res.setHeader('cross-origin-resource-policy', corp);
    done();
  });
  await app.register(cors, corsOptions(origins));
  await app.register(rateLimit, { max: env.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
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

  // Context and services
  const clock = opts.clock ?? systemClock;
  const handle: DbHandle = openDatabase(env.DATABASE_URL, (err) =>
    app.log.warn({ err }, 'database: idle connection lost'),
  );
  let closeSockets: (() => Promise<void>) | undefined;
  try {
    await migrateToLatest(handle.db);
    if (opts.seed !== false) await seedDatabase(handle.db, { demo: env.ORYX_MODE === 'demo', clock });

    const sessions = new SessionService(handle.db, clock, env.SESSION_TTL_HOURS * 3600_000);
    let realtime: Realtime = new RecordingRealtime();
    if (opts.sockets !== false) {
      const s = await createSocketServer({
        httpServer: app.server,
        redisUrl: env.REDIS_URL,
        log: app.log,
        corsOrigins: origins,
        verifyToken: async (token) => (await sessions.verify(token))?.userId ?? null,
      });
      realtime = s.realtime;
      closeSockets = s.close;
    }
    const ctx: AppContext = { env, db: handle.db, dialect: handle.dialect, clock, realtime, log: app.log };
    app.decorate('ctx', ctx);
    app.decorate('sessions', sessions);

    app.decorateRequest('session', null);
    app.decorateRequest('hadToken', false);
    app.decorateRequest('locale', 'en');
    app.addHook('onRequest', async (req) => {
      const token = tokenFromHeader(req.headers.authorization);
      req.hadToken = token !== null;
      req.session = token ? await sessions.verify(token) : null;
      const header = req.headers['x-locale'];
      req.locale = isLocale(header) ? header : (req.session?.lang ?? 'en');
    });

    app.get('/healthz', { schema: { hide: true } }, async () => {
      await ctx.db.selectFrom('currencies').select('id').limit(1).execute();
      return { status: 'ok' };
    });

    await registerModules(app, ctx);

    // The built web app (hash router: only index.html and assets are needed).
    if (fs.existsSync(path.join(env.WEB_DIST_DIR, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: env.WEB_DIST_DIR,
        prefix: '/',
        wildcard: false,
        index: 'index.html',
      });
    }

    const stopModules = opts.background ? await startModules(ctx) : async () => {};
    // Sockets close before the HTTP server stops: an open websocket would otherwise hold server.close().
    app.addHook('preClose', async () => {
      await stopModules();
      await closeSockets?.();
    });
    app.addHook('onClose', async () => {
      await handle.close();
    });
  } catch (err) {
    // A start that fails half-way (a module refusing to start, say) leaves nothing open behind it.
    await closeSockets?.().catch(() => {});
    await handle.close().catch(() => {});
    throw err;
  }
  return app;
}
