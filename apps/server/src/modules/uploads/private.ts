/**
 * Private uploads: an image a module attaches to something only some users may see (a C2C payment
 * voucher or appeal image). Marking it private takes it off /uploads/<name> (findUpload skips it) and
 * out of reuse by `ownUploadUrl`; the owning module then serves it itself after its own access check
 * (`sendPrivateUpload`). Only the uploader's own, still public upload can be made private, once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { UPLOAD_URL_PREFIX } from '@oryx/contracts/kyc/calls';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { UPLOAD_NAME_PATTERN } from './service';
import { uploadsRepo } from './repo';

/**
 * The file name of an upload URL (`/uploads/x.png`, `https://host/uploads/x.png`, or a signed
 * `/uploads/x.png?exp=…&sig=…` as the upload call answers it), or null.
 */
export function uploadName(url: string): string | null {
  url = url.split(/[?#]/)[0] ?? '';
  const i = url.lastIndexOf(UPLOAD_URL_PREFIX);
  if (i < 0) return null;
  const name = url.slice(i + UPLOAD_URL_PREFIX.length);
  return UPLOAD_NAME_PATTERN.test(name) ? name : null;
}

/**
 * Marks `userId`'s upload at `url` private, in the caller's transaction. Returns its file name, or null
 * when the URL is not an upload of this user that is still public.
 */
export async function makeUploadPrivate(trx: Db, userId: number, url: string): Promise<string | null> {
  const name = uploadName(url);
  if (!name) return null;
  return (await uploadsRepo.makePrivate(trx, userId, name)) ? name : null;
}

/** Sends a private upload (the caller has checked who may see it); unknown or public: not found. */
export async function sendPrivateUpload(ctx: AppContext, reply: FastifyReply, name: string) {
  const row = UPLOAD_NAME_PATTERN.test(name) ? await uploadsRepo.privateFile(ctx.db, name) : undefined;
  const file = row ? path.join(ctx.env.UPLOAD_DIR, row.file_name) : '';
  if (!row || !fs.existsSync(file)) throw new AppError('NOT_FOUND', { path: 'upload' });
  return reply
    .header('content-type', row.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, no-store')
    .send(fs.createReadStream(file));
}
