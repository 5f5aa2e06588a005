/**
 * Image uploads: identity documents and payment QR codes. The content decides the type,
 * never the name or the client's content type: only JPEG, PNG, GIF and WebP pass (no SVG, which can
 * carry script). Files are stored under UPLOAD_DIR (outside the web root) with a random 128-bit name and
 * served at /uploads/<name> with the stored type, `nosniff` and a sandboxing CSP. The URL is the
 * capability: nothing lists uploads, and names cannot be guessed.
 *
 * Clients of this API family upload without a session. Such an upload is checked the same way, limited
 * per client address (routes.ts), and kept in `unclaimed_uploads`: never served, until the first
 * authenticated identity or payment-details submission naming it claims it (moves it to `uploads` for
 * that user, once: a claimed file is nobody else's), or until it expires after UNCLAIMED_TTL_MS (a
 * scheduler job removes the row and the file).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_URL_PREFIX } from '@oryx/contracts/kyc/calls';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/random';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import { signedUploadUrl, uploadNameOf } from './signing';
import { uploadsRepo } from './repo';

export { SIGNED_URL_TTL_MS, signedUploadUrl, validSignature } from './signing';

const EXT: Record<(typeof UPLOAD_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
/** 22 base64url characters (16 random bytes) and a known extension. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9_-]{22}\.(jpg|png|gif|webp)$/;
const HOUR_MS = 3600_000;
/** How long an upload sent without a session waits for its claim. */
export const UNCLAIMED_TTL_MS = 24 * HOUR_MS;
export const EXPIRE_JOB = 'uploads.expire_unclaimed';

/** The file's image type from its content; refuses anything else (and empty or oversized files). */
async function checkedImage(
  file: unknown,
): Promise<{ file: Buffer; mime: (typeof UPLOAD_IMAGE_TYPES)[number] }> {
  if (!Buffer.isBuffer(file) || file.length === 0) throw new AppError('UPLOAD_REQUIRED');
  if (file.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const type = await fileTypeFromBuffer(file);
  const mime = type?.mime as (typeof UPLOAD_IMAGE_TYPES)[number] | undefined;
  if (!mime || !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime))
    throw new AppError('UPLOAD_NOT_IMAGE');
  return { file, mime };
}

async function writeFile(ctx: AppContext, mime: (typeof UPLOAD_IMAGE_TYPES)[number], file: Buffer) {
  const name = `${randomToken(16)}.${EXT[mime]}`;
  await fs.mkdir(ctx.env.UPLOAD_DIR, { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(ctx.env.UPLOAD_DIR, name), file, { mode: 0o600, flag: 'wx' });
  return name;
}

/** An upload sent without a session: stored unclaimed (not served) and due to expire. */
export async function saveUnclaimedUpload(ctx: AppContext, ip: string, input: unknown): Promise<string> {
  const { file, mime } = await checkedImage(input);
  const name = await writeFile(ctx, mime, file);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await uploadsRepo.insertUnclaimed(trx, {
      file_name: name,
      mime,
      size_bytes: file.length,
      ip,
      created_at: now,
    });
    await schedule(trx, EXPIRE_JOB, now + UNCLAIMED_TTL_MS, { fileName: name }, { nowMs: now });
  });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

// Expiry: the row goes in the job's transaction, the file after the commit. A claimed file has left
// `unclaimed_uploads` already, so the job finds nothing and leaves it alone.
export const expireUnclaimedJob: JobHandler<{ fileName: string }> = {
  run: async (tx, job) => {
    const name = job.payload.fileName;
    const gone = await uploadsRepo.takeUnclaimed(tx.trx, name);
    if (gone !== undefined && UPLOAD_NAME_PATTERN.test(name)) {
      tx.afterCommit(() => fs.rm(path.join(tx.ctx.env.UPLOAD_DIR, name), { force: true }));
    }
  },
};

/**
 * A logged-in user's upload. Private unless `isPublic` (the route allows that to operators only: news and
 * banner images); a private upload's answer is a signed URL, so the uploader's page can show it at once.
 */
export async function saveUpload(
  ctx: AppContext,
  userId: number,
  input: unknown,
  isPublic = false,
): Promise<string> {
  const { file, mime } = await checkedImage(input);
  const now = ctx.clock.now();
  const recent = await uploadsRepo.countSince(ctx.db, userId, now - HOUR_MS);
  if (recent >= ctx.env.UPLOADS_PER_USER_HOUR) throw new AppError('RATE_LIMITED');

  const name = await writeFile(ctx, mime, file);
  await uploadsRepo.insert(ctx.db, {
    user_id: userId,
    file_name: name,
    mime,
    size_bytes: file.length,
    created_at: now,
    is_public: isPublic ? 1 : 0,
  });
  const url = `${UPLOAD_URL_PREFIX}${name}`;
  return isPublic ? url : signedUploadUrl(ctx, url);
}

/** The stored file for a served name, or null (unknown names and anything not matching the pattern). */
export async function findUpload(ctx: AppContext, name: string) {
  if (!UPLOAD_NAME_PATTERN.test(name)) return null;
  // A private upload (private.ts) is never served here nor reused: its owner module serves it.
  const row = await uploadsRepo.shared(ctx.db, name);
  return row ? { ...row, path: path.join(ctx.env.UPLOAD_DIR, row.file_name) } : null;
}

/**
 * Moves an unclaimed upload to `uploads` as `userId`'s, in one transaction: the row is deleted first, so
 * of two users claiming the same file at once exactly one finds it (the other waits on the row, then
 * finds nothing). True when this call claimed it.
 */
async function claimUpload(ctx: AppContext, userId: number, name: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await uploadsRepo.takeUnclaimed(trx, name);
    if (!row) return false;
    await uploadsRepo.insert(trx, {
      user_id: userId,
      file_name: name,
      mime: row.mime,
      size_bytes: row.size_bytes,
      created_at: ctx.clock.now(),
    });
    return true;
  });
}

/**
 * `url` as the client sends it back (`/uploads/x.png`, `https://host/uploads/x.png`, signed or not), normalized to
 * `/uploads/<name>` when it is an upload of this user, or an unclaimed upload, which this call claims
 * for the user (only identity and payment-details submissions call it); null otherwise (someone else's
 * file, an expired or unknown one, a foreign URL).
 */
export async function ownUploadUrl(ctx: AppContext, userId: number, url: string): Promise<string | null> {
  const name = uploadNameOf(url);
  if (!name || !UPLOAD_NAME_PATTERN.test(name)) return null;
  const row = await findUpload(ctx, name);
  if (row) return row.user_id === userId ? `${UPLOAD_URL_PREFIX}${name}` : null;
  return (await claimUpload(ctx, userId, name)) ? `${UPLOAD_URL_PREFIX}${name}` : null;
}
