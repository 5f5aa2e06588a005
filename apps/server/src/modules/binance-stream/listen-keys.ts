/**
 * Listen keys of the user-data stream, as Binance's: a random 60-character key bound to a user, made by
 * `POST /api/v3/userDataStream`, kept alive by `PUT` (another LISTEN_KEY_TTL_MS from then), ended by
 * `DELETE` or by LISTEN_KEY_TTL_MS without a keepalive. In this process's memory: a restart ends every
 * key (clients make a new one, as after Binance's expiry). A user holds at most LISTEN_KEYS_PER_USER;
 * one more ends the user's oldest. The sweep runs on the context's clock, only while keys exist.
 */
import { randomInt } from 'node:crypto';
import type { Timer } from '../../lib/clock';
import type { Clock } from '../../lib/clock';

export const LISTEN_KEY_TTL_MS = 60 * 60_000;
export const LISTEN_KEYS_PER_USER = 5;
export const LISTEN_KEY_LENGTH = 60;
/** How often expired keys are looked for (a key is also refused at once once its time is over). */
const SWEEP_MS = 60_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new random listen key (LISTEN_KEY_LENGTH letters and digits). */
export function newListenKey(): string {
  let key = '';
  for (let i = 0; i < LISTEN_KEY_LENGTH; i += 1) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/** A listen key's shape: 60 letters and digits (no `@`, so never a market stream's name). */
export const isListenKeyShape = (name: string) => /^[A-Za-z0-9]{60}$/.test(name);

/**
 * What the hub and the REST side use of a listen-key store: this process's memory (ListenKeys, one
 * process) or Redis (listen-keys-shared.ts, several processes).
 */
export interface ListenKeyStore {
  create(userId: number): string | Promise<string>;
  keepalive(key: string, userId: number): boolean | Promise<boolean>;
  remove(key: string, userId: number): boolean | Promise<boolean>;
  /** The key's user, synchronously: a live key here; a key this process checked (`verify`) when shared. */
  userOf(key: string): number | undefined;
  keysOf(userId: number): string[];
  readonly size: number;
  /** A shared store checks a key before a connection follows it (then `userOf` answers it). */
  verify?(key: string): Promise<void>;
  onEnd: (key: string) => void;
  start?(): void;
  stop(): void;
}

/**
 * With a shared store: the listen keys among these names checked in it (then the store's `userOf`
 * answers them); null when there is nothing to wait for (one process, or no listen key named).
 */
export function verifyListenKeys(
  store: ListenKeyStore,
  names: () => readonly unknown[],
): Promise<void> | null {
  const verify = store.verify?.bind(store);
  if (!verify) return null;
  const keys = names().filter((n): n is string => typeof n === 'string' && isListenKeyShape(n));
  return keys.length === 0 ? null : Promise.all(keys.map(verify)).then(() => {});
}

interface Held {
  userId: number;
  createdAt: number;
  expiresAt: number;
}

export class ListenKeys implements ListenKeyStore {
  private readonly keys = new Map<string, Held>();
  private sweeper: Timer | null = null;
  /** Told when a key ends (expired, deleted, replaced): the hub closes its connections. */
  onEnd: (key: string) => void = () => {};

  constructor(private readonly clock: Clock) {}

  /** A new key for the user (their oldest ends if they hold LISTEN_KEYS_PER_USER already). */
  create(userId: number): string {
    const now = this.clock.now();
    const own = this.keysOf(userId);
    if (own.length >= LISTEN_KEYS_PER_USER) {
      const oldest = own.sort((a, b) => this.keys.get(a)!.createdAt - this.keys.get(b)!.createdAt)[0]!;
      this.end(oldest);
    }
    const key = newListenKey();
    this.keys.set(key, { userId, createdAt: now, expiresAt: now + LISTEN_KEY_TTL_MS });
    this.sweeper ??= this.clock.setInterval(() => this.sweep(), SWEEP_MS);
    return key;
  }

  /** The key's user while it lives; undefined for an unknown or expired key. */
  userOf(key: string): number | undefined {
    const held = this.keys.get(key);
    if (!held || held.expiresAt <= this.clock.now()) return undefined;
    return held.userId;
  }

  /** Another LISTEN_KEY_TTL_MS for the user's live key; false when it is not (or not theirs). */
  keepalive(key: string, userId: number): boolean {
    if (this.userOf(key) !== userId) return false;
    this.keys.get(key)!.expiresAt = this.clock.now() + LISTEN_KEY_TTL_MS;
    return true;
  }

  /** Ends the user's live key; false when it is not (or not theirs). */
  remove(key: string, userId: number): boolean {
    if (this.userOf(key) !== userId) return false;
    this.end(key);
    return true;
  }

  /** The user's live keys. */
  keysOf(userId: number): string[] {
    const now = this.clock.now();
    const out: string[] = [];
    for (const [key, held] of this.keys) if (held.userId === userId && held.expiresAt > now) out.push(key);
    return out;
  }

  get size(): number {
    return this.keys.size;
  }

  /** Ends every key whose time is over. */
  sweep(): void {
    const now = this.clock.now();
    for (const [key, held] of [...this.keys]) if (held.expiresAt <= now) this.end(key);
  }

  stop(): void {
    this.sweeper?.clear();
    this.sweeper = null;
    this.keys.clear();
  }

  private end(key: string): void {
    if (!this.keys.delete(key)) return;
    if (this.keys.size === 0) {
      this.sweeper?.clear();
      this.sweeper = null;
    }
    this.onEnd(key);
  }
}
