import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../lib/context';
import { routeLabel } from './metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may scrape: with METRICS_TOKEN set, whoever sends it as a bearer token; without it, only a
 * request from this machine's loopback address that no proxy relayed (a reverse proxy on the same
 * machine would otherwise make every visitor look local).
 */
export function mayScrape(req: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) {
    const sent = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    const want = Buffer.from(token);
    return sent.length === want.length && timingSafeEqual(sent, want);
  }
  const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

export async function metricsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const metrics = ctx.services.metrics;
  // One observation per request: its route pattern, method and status class, and its time.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpRequests.observe(
      {
        method: req.method,
        route: routeLabel(req.routeOptions.url),
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    if (!mayScrape(req, ctx.env.METRICS_TOKEN)) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send(
          ctx.env.METRICS_TOKEN === undefined
            ? 'metrics are served to this machine only (set METRICS_TOKEN to scrape from elsewhere)\n'
            : 'metrics need Authorization: Bearer <METRICS_TOKEN>\n',
        );
    }
    const text = await metrics.text();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
