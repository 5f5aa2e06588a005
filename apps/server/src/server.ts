import { buildApp } from './app';
import { ConfigurationError, loadEnv } from './env';
import { SpotOwnershipError } from './modules/spot/ownership';
import { DEMO_PASSWORD, DEMO_USERS } from '@oryx/db/seed/reference';

/** When this module began running (performance.now() counts from the process's start). */
const serverLoadedMs = performance.now();
const env = loadEnv();
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ env, sockets: true, seed: true, background: true });
} catch (err) {
  // A refusal to start that says what to do (another server owns this database) needs no stack trace.
  if (err instanceof SpotOwnershipError || err instanceof ConfigurationError) {
    console.error(`\n  Oryx did not start: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const listeningMs = performance.now();
// Ready when GET /readyz would answer 200 (plugins/probes.ts): say so only then.
let waitedFor = '';
for (;;) {
  const r = await app.readiness();
  if (r.ready) break;
  const missing = Object.entries(r.checks)
    .filter(([, v]) => v !== 'ok')
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  if (missing !== waitedFor) app.log.info(`not ready yet: ${missing}`);
  waitedFor = missing;
  if (closing) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const readyMs = performance.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const lines = [
  '',
  `  Oryx is ready: http://localhost:${port}`,
  `  Start-up: ${secs(readyMs)} from process start to ready (listening at ${secs(listeningMs)}; the`,
  `  server's own part, from its code loaded to ready: ${secs(readyMs - serverLoadedMs)})`,
  `  Probes: /livez /readyz   Metrics: /metrics (this machine only unless METRICS_TOKEN is set)`,
  `  API docs:        http://localhost:${port}/api/docs`,
  `  Mode: ${env.ORYX_MODE}   Database: ${env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL : 'postgres'}`,
];
if (env.ORYX_MODE === 'demo') {
  const invite = DEMO_USERS.find((u) => u.role === 'user')?.extension_code ?? '';
  lines.push(
    `  Operator console: http://localhost:${port}/#/console  (staff logins below)`,
    `  Sign up:         http://localhost:${port}/#/components/register  (invite code ${invite})`,
    '  Codes sent by e-mail or SMS go to the sandbox outbox (no mail leaves this demo): the',
    '  administrator reads it in the console, Outbox page; the sign-up and reset pages show their own.',
    `  Demo logins (password and transaction password ${DEMO_PASSWORD}):`,
  );
  for (const u of DEMO_USERS)
    lines.push(
      `    ${u.email}${u.role !== 'user' ? `  (${u.role === 'admin' ? 'administrator' : u.role})` : u.is_seller ? '  (seller)' : ''}`,
    );
  if (!(env.LOG_REQUESTS ?? false))
    lines.push('  Request logs are off in demo mode (LOG_REQUESTS=1 turns them on).');
}
if (!closing) console.log(lines.join('\n') + '\n');
