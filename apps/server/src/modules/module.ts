import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import type { Env } from '../env';
import type { Clock } from '../lib/clock';
import type { AppContext } from '../lib/context';
import type { Seams } from '../lib/seams';
import type { Services } from '../lib/services';
import type { JobHandlers } from './scheduler/scheduler';

/** Ends what a start began (awaited when the app closes). */
export type Stop = () => Promise<void>;

/** Writes rows that are missing and never overwrites one, so it runs at every start. */
export type Seeder = (db: Db, clock: Clock, env: Env) => Promise<void>;

/**
 * What one area (modules/<name>) adds to the server: its `module.ts` exports one of these, and
 * modules/index.ts lists them all. buildApp (app.ts) reads nothing else: it walks the list once per
 * field, so the list's order is the order of seeding, starting and registering; stopping runs in reverse.
 * An area leaves out what it does not have.
 */
export interface ServerModule {
  /** The folder's name under modules/. */
  name: string;
  /** Reference data every mode needs; runs after the catalogue and news (db/seed.ts). */
  seed?: Seeder;
  /** Demo data: only in demo mode, after every module's `seed`. */
  demoSeed?: Seeder;
  /** The scheduler's handlers for this area's job kinds (`<area>.<name>`); a kind has one module. */
  jobs?: JobHandlers;
  /** What this area provides to others on `ctx.seams` (lib/seams.ts); each seam has one provider. */
  provides?: Partial<Seams>;
  /**
   * Builds this area's field of `ctx.services`: its engines, indexes and adapters for one app (never a
   * module variable or a map keyed by the context). The field's type is declared beside this descriptor,
   * in a `declare module '../../lib/services'` block that adds it to the `Services` interface: lib/
   * names no area, yet every area reads its own and earlier areas' services with their types. Called
   * once per app, in list order, before any `start`; a builder only constructs (it reads no other
   * service: those may not be there yet). Tests replace a part by assigning it.
   */
  services?: (ctx: AppContext) => Partial<Services>;
  /** A service that runs whenever the app does (the spot engine); started before any route exists. */
  start?: (ctx: AppContext) => Promise<Stop>;
  /** The area's calls (transport only: registerCall, lib/route.ts). */
  routes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** Optional work in the background (the demo market maker): only with buildApp({ background: true }). */
  background?: (ctx: AppContext) => Promise<Stop>;
  /**
   * What this area still lacks before this process can take traffic (GET /readyz, lib/readiness.ts):
   * null when it has it, else one short sentence saying what is missing. Cheap: it is asked on every probe.
   */
  ready?: (ctx: AppContext) => Promise<string | null> | string | null;
}
