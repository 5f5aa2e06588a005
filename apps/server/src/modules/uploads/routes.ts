import { roleMay } from '@oryx/contracts/console/roles';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { UploadCall } from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { AppError } from '../../lib/app-error';
import { findUpload, saveUnclaimedUpload, saveUpload, validSignature } from './service';

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Uploads without a session, per client address: far stricter than the global limit.
  const anonymousLimit = app.createRateLimit({ max: ctx.env.UPLOADS_PER_ADDRESS_HOUR, timeWindow: '1 hour' });
  // Multipart field `file` arrives as a Buffer (app.ts: attachFieldsToBody 'keyValues', 5 MB limit).
  registerCall(app, UploadCall, async ({ session, req, ip, input }) => {
    const file = (req.body as Record<string, unknown> | undefined)?.file;
    const isPublic = input.visibility === 'public';
    if (isPublic && !roleMay(session?.role ?? 'user', 'act')) throw new AppError('FORBIDDEN');
    if (session) return saveUpload(ctx, session.userId, file, isPublic);
    // A token that no longer works is an expired session, not an anonymous upload.
    if (req.hadToken) throw new AppError('AUTH_EXPIRED');
    const limit = await anonymousLimit(req);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED');
    return saveUnclaimedUpload(ctx, ip, file);
  });

  // Only claimed uploads are served: an unclaimed one is unknown here (404) until a user claims it. A
  // private one (the default) only to its owner or an operator (the session's token in `Authorization`)
  // or with a valid signature (`?exp=&sig=`, signing.ts); to anyone else it is unknown too (404).
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    '/uploads/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const row = await findUpload(ctx, req.params.name);
      if (!row || !fs.existsSync(row.path)) throw new AppError('NOT_FOUND', { path: 'upload' });
      if (row.is_public !== 1) {
        const s = req.session;
        const viewer = s !== null && (s.userId === row.user_id || roleMay(s.role, 'read'));
        if (!viewer && !(await validSignature(ctx, row.file_name, req.query.exp, req.query.sig))) {
          throw new AppError('NOT_FOUND', { path: 'upload' });
        }
      }
      return reply
        .header('content-type', row.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', row.is_public === 1 ? 'public, max-age=86400' : 'private, max-age=600')
        .send(fs.createReadStream(row.path));
    },
  );
}
