/**
 * The one list of server modules. Each area adds its routes (and, if it has background work such as a
 * scheduler or the demo market maker, a starter) here.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context';
import { spotRoutes } from './spot/routes';
import { startSpotBot } from './spot/bot';
import { systemRoutes } from './system/routes';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './account/routes';
import { codesRoutes } from './codes/routes';
import { uploadRoutes } from './uploads/routes';
import { kycRoutes } from './kyc/routes';
import { newsRoutes } from './news/routes';
import { marketRoutes } from './market/routes';
import { walletRoutes } from './wallet/routes';
import { microRoutes } from './micro/routes';
import { startScheduler } from './scheduler/scheduler';
import { startMarkSampler } from './mark/sampler';
import { markRoutes } from './mark/routes';

type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;
/** Starts background work; returns its stop function. */
type Starter = (ctx: AppContext) => Promise<() => Promise<void>>;

const routeModules: RouteModule[] = [
  systemRoutes,
  authRoutes,
  accountRoutes,
  newsRoutes,
  marketRoutes,
  walletRoutes,
];
// Accounts (issue 4): codes and the outbox, uploads, identity verification.
routeModules.push(codesRoutes, uploadRoutes, kycRoutes);
const starters: Starter[] = [];
// Seconds options (issue 7), and the persisted scheduler that settles them (and serves other areas' jobs).
routeModules.push(microRoutes);
starters.push(startScheduler);

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const m of routeModules) await m(app, ctx);
}

export async function startModules(ctx: AppContext): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  for (const s of starters) stops.push(await s(ctx));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

// Spot trading (issue 5): orders, books, candles; the demo market-making bot (demo mode only).
routeModules.push(spotRoutes);
starters.push(startSpotBot);
// The mark price's book sampler (modules/mark): snapshots of every committed book at fixed intervals.
starters.push(startMarkSampler);
routeModules.push(markRoutes);
