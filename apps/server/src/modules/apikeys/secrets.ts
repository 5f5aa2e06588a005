/**
 * What an API key is made of, and how its secret is kept: the key and the HMAC secret are 64 letters and
 * digits (Binance's format); the secret is stored encrypted with AES-256-GCM under a key derived from
 * API_KEY_ENCRYPTION_KEY (env.ts: required in production), as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * An Ed25519 key is the user's public key, kept as PEM.
 */
import crypto from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_LENGTH = 64;
/** What an `X-MBX-APIKEY` header must look like before it is looked up (else -2014). */
export const API_KEY_FORMAT = /^[A-Za-z0-9]{64}$/;

/** 64 random letters and digits (rejection sampling: no bias toward the first characters). */
export function randomAlphanumeric(length = API_KEY_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of crypto.randomBytes(length)) {
      if (b < 248 && out.length < length) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
    }
  }
  return out;
}

const keyOf = (configured: string) =>
  crypto.createHash('sha256').update(`oryx api key secrets\0${configured}`).digest();

export function encryptSecret(configured: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(configured), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was encrypted under another key (or altered). */
export function decryptSecret(configured: string, stored: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const d = crypto.createDecipheriv('aes-256-gcm', keyOf(configured), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * An Ed25519 public key as the user pasted it: PEM (SPKI), or the raw 32 bytes in base64. Its PEM, or null
 * when it is no Ed25519 public key.
 */
export function ed25519PublicPem(text: string): string | null {
  const t = text.trim();
  try {
    const key = t.startsWith('-----BEGIN')
      ? crypto.createPublicKey(t)
      : crypto.createPublicKey({
          key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), rawKey(t)]),
          format: 'der',
          type: 'spki',
        });
    if (key.asymmetricKeyType !== 'ed25519') return null;
    return key.export({ format: 'pem', type: 'spki' }).toString();
  } catch {
    return null;
  }
}

function rawKey(b64: string): Buffer {
  const raw = Buffer.from(b64, 'base64');
  if (raw.length !== 32) throw new Error('not 32 bytes');
  return raw;
}

/** Binance's HMAC-SHA256 signature: lower-case hex of HMAC(secret, payload). */
export function hmacHex(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** Constant-time comparison of two signatures given as text. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Binance's Ed25519 signature: base64 of the signature of the payload's bytes. */
export function ed25519Verifies(publicPem: string, payload: string, signatureB64: string): boolean {
  try {
    const sig = Buffer.from(signatureB64, 'base64');
    if (sig.length !== 64) return false;
    return crypto.verify(null, Buffer.from(payload, 'utf8'), publicPem, sig);
  } catch {
    return false;
  }
}
