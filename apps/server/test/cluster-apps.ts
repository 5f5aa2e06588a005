/**
 * Two server processes of one cluster in a test process: two apps on one fresh PostgreSQL database and
 * the test Redis, sharing a clock, returned once the markets have settled between them (each holds its
 * share: a process that takes a market later would reload what follows it mid-test).
 */
import { ManualClock } from '../src/lib/clock';
import { TEST_START_MS } from './db-template';
import { persistentDb, startTestApp, type TestApp } from './harness';

export async function startClusterApps(
  redisUrl: string,
): Promise<{ a: TestApp; b: TestApp; drop: () => Promise<void> }> {
  const db = await persistentDb('postgres');
  const clock = new ManualClock(TEST_START_MS);
  const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl };
  const a = await startTestApp('postgres', { env, clock });
  const b = await startTestApp('postgres', { env, clock });
  const engines = [a, b].map((t) => t.app.ctx.services.spot.engine);
  const total = engines[0]!.allMarkets().length;
  const settled = () => {
    const held = engines.map((e) => e.cluster!.held().length);
    return held.every((n) => n <= Math.ceil(total / 2)) && held[0]! + held[1]! === total;
  };
  for (const until = Date.now() + 30_000; !settled();) {
    if (Date.now() > until) throw new Error('the markets did not settle between the two apps in 30 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { a, b, drop: db.drop };
}
