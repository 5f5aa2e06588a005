/**
 * Keys the server makes for itself once, on first use, and keeps in `server_keys`, so every process of
 * one database signs and checks with the same key without configuration (the upload URL signatures,
 * the session cookie). Cached per database; a failed load is retried on the next call.
 */
import type { Db } from '../db/connection';
import { randomToken } from './random';
import { serverKeysRepo } from './server-keys-repo';

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

async function loadKey(db: Db, name: string, now: number): Promise<Buffer> {
  const value = await serverKeysRepo.keepFirst(db, name, randomToken(32), now);
  return Buffer.from(value, 'base64url');
}

/** The key `name` of this database (made on first use). */
export function serverKey(db: Db, name: string, now: number): Promise<Buffer> {
  let keys = cache.get(db);
  if (!keys) cache.set(db, (keys = new Map()));
  let key = keys.get(name);
  if (!key) {
    key = loadKey(db, name, now);
    const held = keys;
    key.catch(() => held.delete(name));
    keys.set(name, key);
  }
  return key;
}
