import { z } from 'zod';
import type { CallContract, CallInput, HttpMethod } from '@oryx/contracts/call';
import { errorReply } from '@oryx/contracts/envelope';
import { getLocale } from '../i18n/i18n';
import { STORAGE_KEYS, storage } from '../storage/storage';
import { ApiError, TransportError } from './errors';
import { handleErrorReply } from './reply-handler';

/** Where a call goes. `envelope: false` marks the few replies that are not `{type, message}`. */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  envelope?: boolean;
}

export interface ApiCallOptions {
  signal?: AbortSignal;
  /**
   * `false`: the caller shows a plain `error` reply itself (an inline form message, or nothing).
   * The global types (999, 996/not, 997/555, 998) are always handled.
   */
  toast?: boolean;
}

type QueryValue = string | number | boolean | null | undefined;

function withQuery(path: string, body: unknown): string {
  if (body === undefined || body === null) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, path: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  console.error(`${path}: reply does not match its contract`, parsed.error.issues);
  throw new TransportError(`${path}: unexpected reply`);
}

/**
 * A cancelled call (TanStack Query aborts what no component needs any more, a page unload aborts the
 * rest) is not an error worth logging: it is passed on as it is and the query layer drops it quietly.
 */
export function isAbort(err: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (err instanceof Error && err.name === 'AbortError');
}

const envelope = z.object({ type: z.string(), message: z.unknown() });

/**
 * One HTTP call. GET and DELETE send `body` as query parameters, other methods as JSON. The stored
 * session token goes in `Authorization` (raw, no scheme) when there is one. Resolves to the reply's
 * `message` parsed by `replySchema` (the whole body for `envelope: false`); a non-ok reply goes
 * through the global reply handler and rejects with ApiError. Network errors are only logged.
 */
export async function apiCall<S extends z.ZodType>(
  route: ApiRoute,
  body: unknown,
  replySchema: S,
  options: ApiCallOptions = {},
): Promise<z.output<S>> {
  const inQuery = route.method === 'GET' || route.method === 'DELETE';
  // X-Locale: the server answers in the visitor's language even without a session.
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Locale': getLocale() };
  const token = storage.get(STORAGE_KEYS.token);
  if (token) headers.Authorization = token;
  if (!inQuery && body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(inQuery ? withQuery(route.path, body) : route.path, {
      method: route.method,
      headers,
      body: inQuery || body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (err) {
    if (isAbort(err, options.signal)) throw err;
    console.error(`${route.method} ${route.path}: network error`, err);
    throw new TransportError(`${route.path}: network error`);
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch (err) {
    // Cancelled while the body was still arriving.
    if (isAbort(err, options.signal)) throw err;
    console.error(`${route.method} ${route.path}: HTTP ${response.status} without a JSON body`);
    throw new TransportError(`${route.path}: HTTP ${response.status}`);
  }

  // A bare reply (login) still refuses in the envelope: `{type: <not ok>, message}` is handled as one.
  const bareFailure = route.envelope === false ? errorReply.safeParse(json) : undefined;
  if (bareFailure?.success && bareFailure.data.type !== 'ok') {
    handleErrorReply(bareFailure.data, options);
    throw new ApiError(bareFailure.data.type, bareFailure.data.message, bareFailure.data.code);
  }
  if (route.envelope === false) return parseOrThrow(replySchema, json, route.path);

  const reply = parseOrThrow(envelope, json, route.path);
  if (reply.type === 'ok') return parseOrThrow(replySchema, reply.message, route.path);

  const failure = errorReply.safeParse(json);
  const error = failure.success
    ? failure.data
    : { type: reply.type, message: typeof reply.message === 'string' ? reply.message : '', code: undefined };
  handleErrorReply(error, options);
  throw new ApiError(error.type, error.message, error.code);
}

/** A call described by a contract of @oryx/contracts (the first of its methods is used). */
export function call<C extends CallContract>(
  contract: C,
  input?: CallInput<C>,
  options?: ApiCallOptions,
): Promise<z.output<C['reply']>> {
  const method = typeof contract.method === 'string' ? contract.method : contract.method[0];
  if (!method) throw new Error(`${contract.path}: contract without a method`);
  return apiCall<C['reply']>(
    { method, path: contract.path, envelope: contract.envelope },
    input,
    contract.reply,
    options,
  );
}
