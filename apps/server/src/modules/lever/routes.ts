import type { FastifyInstance } from 'fastify';
import { AdminLeverConfigCall, AdminLeverMarketSaveCall } from '@oryx/contracts/lever/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { adminLeverConfig, saveLeverMarket } from './config';

export async function leverRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, AdminLeverConfigCall, () => adminLeverConfig(ctx.db));
  registerCall(app, AdminLeverMarketSaveCall, (r) => saveLeverMarket(ctx.db, r.input, ctx.clock.now()));
}
