import type { FastifyError, FastifyInstance } from 'fastify';
import { translate } from '@oryx/i18n';
import { ERROR_CODES, type ErrorCode } from '@oryx/contracts/errors';
import { AppError } from '../lib/app-error';

/**
 * The one error handler: every failure leaves as the specification's envelope `{type, message, code}`.
 * Global catalogue types (999, 996, not, 997, 555, 998) are sent with HTTP 200, because existing clients
 * of this API family read them from successful responses; every other refusal is a 4xx. 5xx details are
 * logged, never sent.
 */
export function installErrorHandling(app: FastifyInstance): void {
  const send = (code: ErrorCode, locale: string, params: Record<string, string | number> = {}) => {
    const spec = ERROR_CODES[code];
    const catalogue = spec.type !== 'error';
    return {
      status: catalogue ? 200 : spec.status,
      body: { type: spec.type, message: translate(locale, `errors.${code}`, params), code },
    };
  };

  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    const locale = req.locale ?? 'en';
    // Errors bypass the route's reply schema (it describes the success envelope only).
    reply.serializer(JSON.stringify);
    if (error instanceof AppError) {
      const out = send(error.code, locale, error.params);
      return reply.status(out.status).send(out.body);
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

  app.setNotFoundHandler((req, reply) => {
    const locale = req.locale ?? 'en';
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
