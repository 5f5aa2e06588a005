import type { FastifyError, FastifyInstance, preHandlerHookHandler } from 'fastify';
import { translate } from '@oryx/i18n';
import { ERROR_CODES, type ErrorCode } from '@oryx/contracts/errors';
import { AppError } from '../lib/app-error';

const send = (code: ErrorCode, locale: string, params: Record<string, string | number> = {}) => ({
  status: ERROR_CODES[code].status,
  body: { type: ERROR_CODES[code].type, message: translate(locale, `errors.${code}`, params), code },
});

/**
 * PostgreSQL's refusals of a VALUE (not of a query): a number out of a column's range, a NUL or a byte
 * sequence the encoding cannot hold, text that is no number. They come from what a client sent (an id of
 * 2^53, a string with \u0000) that the contract let through; the client is told so (VALIDATION), and
 * the transaction it was in has rolled back.
 */
const INPUT_VALUE_ERRORS: Record<string, string> = {
  '22003': 'a number out of range',
  '22021': 'a character that cannot be stored',
  '22P05': 'a character that cannot be stored',
  '22P02': 'a value of the wrong type',
};

function asInputRefusal(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !Object.hasOwn(INPUT_VALUE_ERRORS, code)) return null;
  if ((error as { constructor?: { name?: string } }).constructor?.name !== 'DatabaseError') return null;
  return new AppError('VALIDATION', { detail: INPUT_VALUE_ERRORS[code]! });
}

/**
 * The one error handler: every failure leaves as the API family's envelope `{type, message, code}`.
 * A refusal by a call's rules (bad input, not enough funds, not yours, wait before resending, the global
 * catalogue types 999 / 996 / not / 997 / 555 / 998...) is sent with HTTP 200: existing clients of this
 * API family read `type` and show `message` from successful responses only (their HTTP layer treats a
 * 4xx as a network error and drops the message), and every such message must be shown.
 * Only what never reaches a call's rules keeps its HTTP status: an unknown route (404) or method (405),
 * a body that cannot be read (400, 413, 415), the request rate limiter (429), routes that are not calls
 * (an uploaded file that is not there is a 404 for the browser's <img>), and server faults (5xx,
 * logged, details never sent).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, req, reply) => {
    const locale = req.locale ?? 'en';
    // Errors bypass the route's reply schema (it describes the success envelope only); the envelope is
    // JSON like every reply, and says so.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    const error = asInputRefusal(thrown) ?? thrown;
    if (error !== thrown) req.log.info({ err: thrown }, 'a value the database cannot take: refused as input');
    if (error instanceof AppError) {
      const out = send(error.code, locale, error.params);
      const isCall = (req.routeOptions?.config as { isCall?: boolean } | undefined)?.isCall === true;
      return reply.status(isCall && out.status < 500 ? 200 : out.status).send(out.body);
    }
    const fe = error as FastifyError;
    if (fe.statusCode === 429) {
      const out = send('RATE_LIMITED', locale);
      return reply.status(429).send(out.body);
    }
    // A multipart file over its limit (5 MB, app.ts): the upload's own message.
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.status(413).send(send('UPLOAD_TOO_LARGE', locale).body);
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send(send('BODY_TOO_LARGE', locale).body);
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, unsupported media type, bad multipart, and the like.
      const out = send('BAD_REQUEST', locale, { detail: fe.message.slice(0, 200) });
      return reply.status(fe.statusCode).send(out.body);
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(send('INTERNAL', locale).body);
  });
}

/**
 * Unknown routes (404) and methods (405). `preHandler` is the rate limiter's: a scan of guessed paths
 * counts against the same per-address limit as the calls.
 */
export function installNotFoundHandling(app: FastifyInstance, preHandler: preHandlerHookHandler): void {
  app.setNotFoundHandler({ preHandler }, (req, reply) => {
    const locale = req.locale ?? 'en';
    reply.type('application/json; charset=utf-8');
    const url = req.url.split('?')[0]!;
    const otherMethod = (['GET', 'POST', 'PUT', 'DELETE'] as const).some(
      (method) => method !== req.method && app.hasRoute({ url, method }),
    );
    if (otherMethod) {
      return reply.status(405).send(send('METHOD_NOT_ALLOWED', locale, { method: req.method }).body);
    }
    return reply.status(404).send(send('NOT_FOUND', locale, { path: url.slice(0, 200) }).body);
  });
}
