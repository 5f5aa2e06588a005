/**
 * API keys: created with the login password and, when two-factor is on, a code (account/step-up.ts:
 * a key acts for the user); listed without their secrets; disabled, enabled again or deleted. The
 * Binance-compatible API (modules/binance) finds a key by its public identifier (`keyForRequest`) and
 * checks a request's signature with it.
 */
import net from 'node:net';
import {
  API_KEY_IPS_MAX,
  API_KEY_PERMISSIONS,
  API_KEYS_MAX,
  type ApiKeyPermission,
  type ApiKeyRow,
} from '@oryx/contracts/apikeys/calls';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { runInTransaction } from '../../db/transaction';
import { requireStepUp } from '../account/step-up';
import { notify } from '../notifications/service';
import { apiKeysRepo, type ApiKeyDbRow } from './repo';
import {
  decryptSecret,
  ed25519PublicPem,
  ed25519Verifies,
  encryptSecret,
  hmacHex,
  randomAlphanumeric,
  sameText,
} from './secrets';

/** `last_used_at` is written at most this often per key (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface CreateKeyInput {
  label: string;
  permissions: string[];
  ip_whitelist: string[];
  kind: 'hmac' | 'ed25519';
  public_key: string;
  password: string;
  code: string;
  totp_code: string;
}

const permissionsOf = (row: ApiKeyDbRow) =>
  row.permissions
    .split(',')
    .filter((p): p is ApiKeyPermission => (API_KEY_PERMISSIONS as readonly string[]).includes(p));
const ipsOf = (row: ApiKeyDbRow) => row.ip_whitelist.split(',').filter((s) => s !== '');

export function keyRow(row: ApiKeyDbRow): ApiKeyRow {
  return {
    id: row.id,
    label: row.label,
    api_key: row.api_key,
    kind: row.kind,
    permissions: permissionsOf(row),
    ip_whitelist: ipsOf(row),
    is_enabled: row.is_enabled === 1,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

/** The permissions asked for: a non-empty subset of read and trade; trade implies read. */
function readPermissions(asked: string[]): ApiKeyPermission[] {
  const wanted = new Set(asked.map((p) => p.trim().toLowerCase()));
  if (wanted.size === 0 || [...wanted].some((p) => !(API_KEY_PERMISSIONS as readonly string[]).includes(p)))
    throw new AppError('APIKEY_PERMISSIONS_INVALID');
  wanted.add('read');
  return API_KEY_PERMISSIONS.filter((p) => wanted.has(p));
}

function readIps(asked: string[]): string[] {
  const ips = [...new Set(asked.map((s) => s.trim()))];
  for (const ip of ips)
    if (net.isIP(ip) === 0) throw new AppError('APIKEY_IP_INVALID', { ip: ip.slice(0, 45) });
  if (ips.length > API_KEY_IPS_MAX) throw new AppError('VALIDATION', { detail: 'too many addresses' });
  return ips;
}

export async function createKey(
  ctx: AppContext,
  userId: number,
  input: CreateKeyInput,
  ip: string,
): Promise<{ id: number; api_key: string; secret: string }> {
  const label = input.label.trim();
  if (label === '') throw new AppError('APIKEY_LABEL_REQUIRED');
  const permissions = readPermissions(input.permissions);
  const ips = readIps(input.ip_whitelist);
  const publicPem = input.kind === 'ed25519' ? ed25519PublicPem(input.public_key) : null;
  if (input.kind === 'ed25519' && publicPem === null) throw new AppError('APIKEY_PUBLIC_KEY_INVALID');
  if ((await apiKeysRepo.countOfUser(ctx.db, userId)) >= API_KEYS_MAX)
    throw new AppError('APIKEY_LIMIT', { max: API_KEYS_MAX });
  await requireStepUp(ctx, userId, {
    password: input.password,
    totp_code: input.code !== '' ? input.code : input.totp_code,
    ip,
  });
  const apiKey = randomAlphanumeric();
  const secret = input.kind === 'hmac' ? randomAlphanumeric() : '';
  const now = ctx.clock.now();
  const row = {
    user_id: userId,
    label,
    api_key: apiKey,
    kind: input.kind,
    secret_enc: input.kind === 'hmac' ? encryptSecret(ctx.env.API_KEY_ENCRYPTION_KEY, secret) : null,
    public_key: publicPem,
    permissions: permissions.join(','),
    ip_whitelist: ips.join(','),
    is_enabled: 1,
    created_at: now,
    last_used_at: null,
  };
  // The owner hears of every new key (stored and e-mailed: a security notice), in the same transaction.
  const id = await runInTransaction(ctx.db, async (trx) => {
    const made = await apiKeysRepo.insert(trx, row);
    await notify(trx, [{ userId, kind: 'security.api_key_created', params: { ip } }], now);
    return Number(made.id);
  });
  return { id, api_key: apiKey, secret };
}

export async function listKeys(ctx: AppContext, userId: number): Promise<ApiKeyRow[]> {
  return (await apiKeysRepo.ofUser(ctx.db, userId)).map(keyRow);
}

export async function deleteKey(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await apiKeysRepo.remove(ctx.db, userId, id))) throw new AppError('APIKEY_NOT_FOUND');
}

export async function setKeyEnabled(
  ctx: AppContext,
  userId: number,
  id: number,
  isEnabled: boolean,
): Promise<ApiKeyRow> {
  const row = await apiKeysRepo.ofUserById(ctx.db, userId, id);
  if (!row) throw new AppError('APIKEY_NOT_FOUND');
  await apiKeysRepo.setEnabled(ctx.db, userId, id, isEnabled);
  return keyRow({ ...row, is_enabled: isEnabled ? 1 : 0 });
}

/** A key as a signed request uses it. */
export interface RequestKey {
  id: number;
  userId: number;
  isEnabled: boolean;
  permissions: ApiKeyPermission[];
  /** Empty: any address. */
  ips: string[];
  /** Whether `signature` signs `payload` with this key (HMAC hex or Ed25519 base64, as Binance). */
  verifies(payload: string, signature: string): boolean;
}

/** The key named by an `X-MBX-APIKEY` header, or null when there is none. */
export async function keyForRequest(ctx: AppContext, apiKey: string): Promise<RequestKey | null> {
  const row = await apiKeysRepo.byKey(ctx.db, apiKey);
  if (!row) return null;
  const now = ctx.clock.now();
  if (row.last_used_at === null || now - row.last_used_at >= TOUCH_EVERY_MS)
    await apiKeysRepo.touch(ctx.db, row.id, now);
  const secret =
    row.kind === 'hmac' && row.secret_enc !== null
      ? decryptSecret(ctx.env.API_KEY_ENCRYPTION_KEY, row.secret_enc)
      : null;
  if (row.kind === 'hmac' && secret === null)
    ctx.log.error(
      { apiKeyId: row.id },
      'an API key secret does not decrypt: API_KEY_ENCRYPTION_KEY changed?',
    );
  return {
    id: row.id,
    userId: row.user_id,
    isEnabled: row.is_enabled === 1,
    permissions: permissionsOf(row),
    ips: ipsOf(row),
    verifies: (payload, signature) => {
      if (row.kind === 'ed25519')
        return row.public_key !== null && ed25519Verifies(row.public_key, payload, signature);
      return secret !== null && sameText(hmacHex(secret, payload), signature.toLowerCase());
    },
  };
}
