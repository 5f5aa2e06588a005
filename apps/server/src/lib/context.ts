import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import type { Db, Dialect } from '../db/connection';
import type { Clock } from './clock';
import type { Realtime } from '../realtime/realtime';
import type { Seams } from './seams';
import type { Services } from './services';

/** What every service receives: no Fastify types, so services run the same in tests, jobs and CLIs. */
export interface AppContext {
  env: Env;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** What areas provide to one another (lib/seams.ts); tests may replace one for a while. */
  seams: Seams;
  /** Each area's engines, indexes and adapters for this app (lib/services.ts); built before any start. */
  services: Services;
}
