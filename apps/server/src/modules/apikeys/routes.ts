import type { FastifyInstance } from 'fastify';
import {
  ApiKeyCreateCall,
  ApiKeyDeleteCall,
  ApiKeyDisableCall,
  ApiKeyListCall,
} from '@oryx/contracts/apikeys/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { createKey, deleteKey, listKeys, setKeyEnabled } from './service';

/** The caller's own API keys (transport only; the rules are in service.ts). */
export async function apiKeysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerCall(app, ApiKeyCreateCall, ({ session, input, ip }) => createKey(ctx, session.userId, input, ip));
  registerCall(app, ApiKeyListCall, async ({ session }) => ({ list: await listKeys(ctx, session.userId) }));
  registerCall(app, ApiKeyDeleteCall, async ({ session, input }) => {
    await deleteKey(ctx, session.userId, input.id);
    return { id: input.id };
  });
  registerCall(app, ApiKeyDisableCall, ({ session, input }) =>
    setKeyEnabled(ctx, session.userId, input.id, input.is_enabled === 1),
  );
}
