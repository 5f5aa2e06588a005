/**
 * The process's probes, for load balancers and orchestrators (docs/operations.md):
 *
 *   GET /livez   200 while the process answers at all (it checks nothing else: a restart cures nothing
 *                that a dependency's outage causes).
 *   GET /readyz  200 when this process can take traffic: the database answers, every migration is
 *                applied, and every area's `ready` check (modules/module.ts) passes: this process's spot
 *                markets are loaded (and, in demo mode, quoted by the market maker), and each market's
 *                mark has a book snapshot taken since. Else 503 with what is not ready.
 *   GET /healthz 200 when the database answers (kept for existing load-balancer settings).
 *
 * The answers are bare JSON (no envelope) and never rate limited.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { pendingMigrations } from '../db/migrate';
import { catalogRepo } from '../modules/catalog/repo';
import type { ServerModule } from '../modules/module';

/** A probe that takes longer than this counts as failed (a hung database must not hang the probe). */
const CHECK_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** Per check: `ok`, or what is missing. */
  checks: Record<string, string>;
}

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The readiness of this process: the database, the migrations, then each area's own check. */
export async function readinessOf(ctx: AppContext, modules: readonly ServerModule[]): Promise<Readiness> {
  const checks: Record<string, string> = {};
  try {
    await withTimeout(catalogRepo.probe(ctx.db), 'the database');
    checks.database = 'ok';
  } catch (err) {
    checks.database = `unreachable: ${messageOf(err)}`;
    return { ready: false, checks };
  }
  try {
    const pending = await withTimeout(pendingMigrations(ctx.db), 'the migrations table');
    checks.migrations = pending.length === 0 ? 'ok' : `not applied: ${pending.join(', ')}`;
  } catch (err) {
    checks.migrations = `unknown: ${messageOf(err)}`;
  }
  for (const m of modules) {
    if (!m.ready) continue;
    try {
      checks[m.name] = (await m.ready(ctx)) ?? 'ok';
    } catch (err) {
      checks[m.name] = `check failed: ${messageOf(err)}`;
    }
  }
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}

export function registerProbes(
  app: FastifyInstance,
  ctx: AppContext,
  readiness: () => Promise<Readiness>,
): void {
  const opts = { schema: { hide: true }, config: { rateLimit: false } };
  app.get('/livez', opts, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', opts, async (_req, reply) => {
    const r = await readiness();
    return reply
      .code(r.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: r.ready ? 'ready' : 'not_ready', checks: r.checks });
  });
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await catalogRepo.probe(ctx.db);
    return { status: 'ok' };
  });
}
