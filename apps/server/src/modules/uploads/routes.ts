import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { UploadCall } from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { registerCall } from '../../lib/route';
import { AppError } from '../../lib/app-error';
import { findUpload, saveUpload } from './service';

export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Multipart field `file` arrives as a Buffer (app.ts: attachFieldsToBody 'keyValues', 5 MB limit).
  registerCall(app, UploadCall, ({ session, req }) =>
    saveUpload(ctx, session.userId, (req.body as Record<string, unknown> | undefined)?.file),
  );

  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    const row = await findUpload(ctx, req.params.name);
    if (!row || !fs.existsSync(row.path)) throw new AppError('NOT_FOUND', { path: 'upload' });
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400')
      .send(fs.createReadStream(row.path));
  });
}
