/**
 * Idempotent money-moving requests. A client names its request with an `Idempotency-Key` header or a
 * `client_id` field; a retry with the same id (same user, same call) has ONE effect and gets the first
 * reply again; the same id with a different payload is refused with IDEMPOTENCY_MISMATCH. Without an id
 * the request simply runs (in a transaction).
 *
 *   registerCall(app, PlaceOrderCall, (r) =>
 *     idempotent(ctx, r, 'spot.order', (trx) => placeOrder(ctx, trx, r.session.userId, r.input)));
 *
 * How: the key row is inserted in the SAME transaction as the request's effect and the reply is stored
 * in it before commit. A concurrent duplicate blocks on the unique key (PostgreSQL) or on the single
 * writer (SQLite) until the first commits, then reads the stored reply. If the first attempt fails, its
 * transaction (key included) rolls back and a retry runs afresh: failures are not replayed.
 * Replies must be JSON values (wire shapes: decimal strings, not bigints).
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { AppError } from './app-error';
import type { AppContext } from './context';
import type { CallRequest } from './route';
import { runInTransaction } from '../db/transaction';
import { idempotencyRepo } from './idempotency-repo';

const KEY_RE = /^[A-Za-z0-9_.:-]{1,128}$/;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** JSON with sorted keys and bigints as strings: equal payloads hash equally. */
export function stableJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}

const hashPayload = (payload: unknown) =>
  crypto.createHash('sha256').update(stableJson(payload)).digest('hex');

/** The client's id for this request: the header wins over the `client_id` field; null when absent. */
export function clientKeyOf(headers: Record<string, unknown>, input: unknown): string | null {
  const header = headers[IDEMPOTENCY_HEADER];
  const field = input && typeof input === 'object' ? (input as Record<string, unknown>).client_id : undefined;
  const raw = (Array.isArray(header) ? header[0] : header) ?? field;
  if (raw === undefined || raw === null || raw === '') return null;
  const key = String(raw);
  if (!KEY_RE.test(key)) {
    throw new AppError('VALIDATION', {
      detail: 'Idempotency-Key / client_id: 1-128 characters of A-Z a-z 0-9 _ . : -',
    });
  }
  return key;
}

export interface IdempotentRun {
  userId: number;
  /** The call, e.g. 'wallet.change': the same key may be reused for a different call. */
  scope: string;
  key: string | null;
  /** What makes two requests "the same": the validated input without the client id. */
  payload: unknown;
  now: number;
}

/** The low-level form: runs `fn` in a transaction at most once per (user, scope, key). */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  run: IdempotentRun,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const { key } = run;
  if (key === null) return runInTransaction(db, fn);
  const hash = hashPayload(run.payload);
  return runInTransaction(db, async (trx) => {
    const id = await idempotencyRepo.claim(trx, {
      userId: run.userId,
      scope: run.scope,
      key,
      requestHash: hash,
      now: run.now,
    });
    if (id === undefined) {
      const first = await idempotencyRepo.first(trx, run.userId, run.scope, key);
      if (first.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
      return JSON.parse(first.reply_json ?? 'null') as T;
    }
    const reply = await fn(trx);
    await idempotencyRepo.keepReply(
      trx,
      id,
      JSON.stringify(reply ?? null, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    );
    return reply;
  });
}

/** The route form: key from the `Idempotency-Key` header or `client_id`, user from the session. */
export function idempotent<T, I>(
  ctx: AppContext,
  r: CallRequest<I>,
  scope: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const userId = r.session?.userId;
  if (userId === undefined) throw new AppError('AUTH_REQUIRED');
  const key = clientKeyOf(r.req.headers as Record<string, unknown>, r.input);
  const { client_id: _ignored, ...payload } = (r.input ?? {}) as Record<string, unknown>;
  return runIdempotent(ctx.db, { userId, scope, key, payload, now: ctx.clock.now() }, fn);
}
