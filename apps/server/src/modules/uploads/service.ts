/**
 * Image uploads: identity documents and payment QR codes. The content decides the type,
 * never the name or the client's content type: only JPEG, PNG, GIF and WebP pass (no SVG, which can
 * carry script). Files are stored under UPLOAD_DIR (outside the web root) with a random 128-bit name and
 * served at /uploads/<name> with the stored type, `nosniff` and a sandboxing CSP. The URL is the
 * capability: nothing lists uploads, and names cannot be guessed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_URL_PREFIX } from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/random';

const EXT: Record<(typeof UPLOAD_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
/** 22 base64url characters (16 random bytes) and a known extension. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9_-]{22}\.(jpg|png|gif|webp)$/;
const HOUR_MS = 3600_000;

export async function saveUpload(ctx: AppContext, userId: number, file: unknown): Promise<string> {
  if (!Buffer.isBuffer(file) || file.length === 0) throw new AppError('UPLOAD_REQUIRED');
  if (file.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const type = await fileTypeFromBuffer(file);
  const mime = type?.mime as (typeof UPLOAD_IMAGE_TYPES)[number] | undefined;
  if (!mime || !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime))
    throw new AppError('UPLOAD_NOT_IMAGE');

  const now = ctx.clock.now();
  const recent = await ctx.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', now - HOUR_MS)
    .executeTakeFirst();
  if (Number(recent?.n ?? 0) >= ctx.env.UPLOADS_PER_USER_HOUR) throw new AppError('RATE_LIMITED');

  const name = `${randomToken(16)}.${EXT[mime]}`;
  await fs.mkdir(ctx.env.UPLOAD_DIR, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(ctx.env.UPLOAD_DIR, name), file, { mode: 0o600, flag: 'wx' });
  await ctx.db
    .insertInto('uploads')
    .values({ user_id: userId, file_name: name, mime, size_bytes: file.length, created_at: now })
    .execute();
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The stored file for a served name, or null (unknown names and anything not matching the pattern). */
export async function findUpload(ctx: AppContext, name: string) {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  const row = await ctx.db.selectFrom('uploads').selectAll().where('file_name', '=', name).executeTakeFirst();
  return row ? { ...row, path: path.join(ctx.env.UPLOAD_DIR, row.file_name) } : null;
}

/**
 * `url` as the client sends it back (`/uploads/x.png` or `https://host/uploads/x.png`), normalized to
 * `/uploads/<name>` when it is an upload of this user; null otherwise (someone else's file, a foreign URL).
 */
export async function ownUploadUrl(ctx: AppContext, userId: number, url: string): Promise<string | null> {
  const i = url.lastIndexOf(UPLOAD_URL_PREFIX);
  if (i < 0) return null;
  const name = url.slice(i + UPLOAD_URL_PREFIX.length);
  const row = await findUpload(ctx, name);
  return row && row.user_id === userId ? `${UPLOAD_URL_PREFIX}${name}` : null;
}
