/**
 * API keys (apps/server/src/modules/apikeys): keys a user creates for the Binance-compatible REST API
 * (`/api/v3/*`, apps/server/src/modules/binance). An HMAC-SHA256 key's secret is shown once, at creation;
 * an Ed25519 key is the user's own public key (the private key never reaches the server). A key reads
 * (`read`) and trades (`trade`); no key ever withdraws.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { intish } from '../wire';
import { wireText } from '../auth/calls';
import { totpCode } from '../security/calls';

export const API_KEY_PERMISSIONS = ['read', 'trade'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
/** Keys one user may hold (enabled or not). */
export const API_KEYS_MAX = 30;
/** Addresses one key's whitelist may name. */
export const API_KEY_IPS_MAX = 30;
export const API_KEY_LABEL_MAX = 40;

export const ApiKeyRow = z.object({
  id: z.number().int(),
  label: z.string(),
  api_key: z.string(),
  kind: z.enum(['hmac', 'ed25519']),
  permissions: z.array(z.enum(API_KEY_PERMISSIONS)),
  /** Empty: any address. */
  ip_whitelist: z.array(z.string()),
  is_enabled: z.boolean(),
  /** ms */
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
});
export type ApiKeyRow = z.infer<typeof ApiKeyRow>;

/** A list given as an array or as a comma-separated string (form fields). */
const listOf = (max: number, itemMax: number) =>
  z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) =>
      (v === undefined ? [] : Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s),
    )
    .pipe(z.array(z.string().max(itemMax)).max(max));

export const ApiKeyCreateCall = defineCall({
  method: 'POST',
  path: '/api/user/api_keys',
  auth: 'user',
  summary:
    'Create an API key (login password, and the two-factor code when it is on); the HMAC secret is in this reply only',
  input: z.object({
    label: wireText(API_KEY_LABEL_MAX),
    permissions: listOf(2, 10),
    ip_whitelist: listOf(API_KEY_IPS_MAX, 45),
    /** `hmac` (default): the server makes the secret; `ed25519`: send `public_key` (PEM or base64 raw). */
    kind: z.enum(['hmac', 'ed25519']).default('hmac'),
    public_key: wireText(1000),
    password: wireText(128),
    /** The two-factor code (also accepted as `totp_code`). */
    code: totpCode(),
    totp_code: totpCode(),
  }),
  reply: z.object({
    id: z.number().int(),
    api_key: z.string(),
    /** HMAC keys: the secret, shown this once; Ed25519 keys: ''. */
    secret: z.string(),
  }),
});

export const ApiKeyListCall = defineCall({
  method: 'GET',
  path: '/api/user/api_keys',
  auth: 'user',
  summary: "The caller's API keys (never a secret)",
  input: z.object({}),
  reply: z.object({ list: z.array(ApiKeyRow) }),
});

export const ApiKeyDeleteCall = defineCall({
  method: 'POST',
  path: '/api/user/api_keys/delete',
  auth: 'user',
  summary: 'Delete one of the caller’s API keys',
  input: z.object({ id: intish((n) => n.int().min(1)) }),
  reply: z.object({ id: z.number().int() }),
});

export const ApiKeyDisableCall = defineCall({
  method: 'POST',
  path: '/api/user/api_keys/disable',
  auth: 'user',
  summary: 'Disable (is_enabled 0) or enable again (is_enabled 1) one of the caller’s API keys',
  input: z.object({
    id: intish((n) => n.int().min(1)),
    is_enabled: intish((n) => n.int().min(0).max(1).default(0)),
  }),
  reply: ApiKeyRow,
});
