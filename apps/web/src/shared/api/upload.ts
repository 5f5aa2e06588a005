import { z } from 'zod';
import { errorReply } from '@oryx/contracts/envelope';
import { UPLOAD_MAX_BYTES } from '@oryx/contracts/kyc/calls';
import { getLocale } from '../i18n/i18n';
import { STORAGE_KEYS, storage } from '../storage/storage';
import { ApiError, TransportError } from './errors';
import { handleErrorReply } from './reply-handler';

export { UPLOAD_MAX_BYTES };

/**
 * POST /api/upload (multipart field `file`): the one call that is not JSON. The reply `message` is the
 * image's URL. Refusals go through the global reply handler like every other call.
 */
export async function uploadImage(file: File, options: { toast?: boolean } = {}): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Locale': getLocale() };
  const token = storage.get(STORAGE_KEYS.token);
  if (token) headers.Authorization = token;
  let json: unknown;
  try {
    const res = await fetch('/api/upload', { method: 'POST', headers, body, cache: 'no-store' });
    json = await res.json();
  } catch (err) {
    console.error('POST /api/upload failed', err);
    throw new TransportError('/api/upload: network error');
  }
  const ok = z.object({ type: z.literal('ok'), message: z.string() }).safeParse(json);
  if (ok.success) return ok.data.message;
  const failure = errorReply.safeParse(json);
  if (!failure.success) throw new TransportError('/api/upload: unexpected reply');
  handleErrorReply(failure.data, options);
  throw new ApiError(failure.data.type, failure.data.message, failure.data.code);
}
