/**
 * The second server process of the socket fan-out bench's two-process run (socket-fanout-bench.ts forks
 * it): the real app (buildApp, sockets on, no background work) on the database and Redis named by the
 * environment the parent passes (`DATABASE_URL`, `REDIS_URL`, `SPOT_OWNER=none`: it owns no market, so
 * every market event its sockets receive crossed Redis from the owner). The database is already migrated
 * and seeded by the owner, so it seeds nothing.
 *
 * IPC with the parent:
 *   → { type: 'ready', port }             listening on a free port of 127.0.0.1
 *   ← { type: 'cpu' } → { type: 'cpu', cpuMs }   this process's CPU time so far (user + system, ms); the
 *                                        first and second ask bound the profile (socket-fanout-profile.ts)
 *   ← { type: 'stop' }                    closes the app and exits (a `--cpu-prof` profile is written then)
 */
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { startProfile } from './socket-fanout-profile';

const app = await buildApp({ env: loadEnv(), sockets: true, seed: false, background: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();

/** The measured window: from the parent's first CPU reading to its second (FANOUT_PROFILE_DIR). */
let profile: Promise<() => Promise<void>> | null = null;
let profileWritten: Promise<void> = Promise.resolve();
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'cpu') {
    const cpu = process.cpuUsage();
    process.send!({ type: 'cpu', cpuMs: (cpu.user + cpu.system) / 1000 });
    if (profile === null) profile = startProfile('socket-process');
    else profileWritten = profile.then((stop) => stop());
  } else if (msg.type === 'stop') {
    void profileWritten.then(() => app.close()).finally(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: typeof addr === 'object' && addr ? addr.port : 0 });
