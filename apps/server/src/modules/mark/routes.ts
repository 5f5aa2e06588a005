import type { FastifyInstance } from 'fastify';
import { AdminMarkConfigCall, AdminMarkConfigSaveCall } from '@oryx/contracts/mark/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { adminMarkConfig, saveAdminMarkConfig } from './config';

/** The operator's mark settings (transport only; the rules are in config.ts and rule.ts). */
export async function markRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, AdminMarkConfigCall, () => adminMarkConfig(ctx.db));
  registerCall(app, AdminMarkConfigSaveCall, ({ input }) =>
    saveAdminMarkConfig(ctx.db, input, ctx.clock.now()),
  );
}
