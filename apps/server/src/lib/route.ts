import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallContract } from '@oryx/contracts/call';
import { okReply } from '@oryx/contracts/envelope';
import { roleMay, staffLevelOf } from '@oryx/contracts/console/roles';
import { AppError } from './app-error';
import type { SessionUser } from './session';
import type { StaffChange } from './seams';
import { boundRecord, subjectIdOf } from './audit-bounds';

export interface CallRequest<I, S extends SessionUser | null = SessionUser | null> {
  input: I;
  /** The session: always there for calls whose auth is 'user' or 'admin' (checked before the handler). */
  session: S;
  locale: string;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * An operator call names what it changed, with the values before and after, for the audit log; a read
   * of personal data (`auditReads`) names whose data it showed.
   */
  audit: (change: StaffChange) => void;
}

/** Body fields, form fields and query parameters, merged; the body wins on a clash. */
function gatherInput(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new AppError('VALIDATION', { detail: 'body must be an object' });
  }
  return { ...query, ...((body as Record<string, unknown> | undefined) ?? {}) };
}

export function formatZodIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** A 'user' or 'admin' call's handler runs only with a session; other calls may have none. */
type SessionOf<C extends CallContract> = C['auth'] extends 'user' | 'admin'
  ? SessionUser
  : SessionUser | null;

/** The contracts each app registered, in order (tests walk every call with them). */
const callsByApp = new WeakMap<FastifyInstance, CallContract[]>();

export function registeredCalls(app: FastifyInstance): readonly CallContract[] {
  return callsByApp.get(app) ?? [];
}

/**
 * Registers one contract as a route: the route stays transport only. Input is validated with the
 * contract (on failure the `VALIDATION` refusal, sent like every refusal as the envelope with HTTP 200), auth is checked as the contract says, and the reply is
 * serialized through the contract's reply schema, so a field not listed there never leaves the server.
 */
export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  handler: (
    r: CallRequest<z.output<C['input']>, SessionOf<C>>,
  ) => Promise<z.input<C['reply']>> | z.input<C['reply']>,
): void {
  const methods = Array.isArray(call.method) ? [...call.method] : [call.method as string];
  const envelope = call.envelope !== false;
  const responseSchema = envelope ? okReply(call.reply) : call.reply;
  const calls = callsByApp.get(app) ?? [];
  calls.push(call);
  callsByApp.set(app, calls);
  app.route({
    method: methods as ('GET' | 'POST' | 'PUT' | 'DELETE')[],
    url: call.path,
    // Refusals of a call go out with HTTP 200 (plugins/errors.ts); other routes keep their statuses.
    config: { isCall: true },
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[2] ?? 'api'],
      ...(methods.includes('GET') ? { querystring: call.input } : { body: call.input }),
      response: { 200: responseSchema },
    },
    preHandler: async (req) => checkAccess(call, req),
    handler: async (req, reply) => {
      // Changing calls, and reads of personal data (`auditReads` on the contract), go to the audit log.
      const audited = call.auth === 'admin' && (staffLevelOf(call) !== 'read' || call.auditReads === true);
      let change: StaffChange | null = null;
      let outcome = 'ok';
      // What the audit log keeps: the contract-parsed input (the raw one only when it does not parse).
      let acted: { input: unknown; parsed: boolean } = { input: {}, parsed: false };
      let result: unknown = null;
      try {
        const raw = gatherInput(req);
        acted = { input: raw, parsed: false };
        const parsed = call.input.safeParse(raw);
        if (!parsed.success) throw new AppError('VALIDATION', { detail: formatZodIssues(parsed.error) });
        acted = { input: parsed.data, parsed: true };
        result = await handler({
          input: parsed.data as z.output<C['input']>,
          // preHandler refused a 'user' or 'admin' call without a session.
          session: req.session as SessionOf<C>,
          locale: req.locale,
          ip: req.ip,
          req,
          reply,
          audit: (c) => {
            change = c;
          },
        });
        if (reply.sent) {
          result = null;
          return reply;
        }
        return envelope ? { type: 'ok', message: result } : result;
      } catch (err) {
        outcome = err instanceof AppError ? err.code : 'INTERNAL';
        result = null;
        throw err;
      } finally {
        if (audited && req.session) {
          await recordStaffAction(req, call.path, { ...acted, outcome, change, result });
        }
      }
    },
  });
}

/**
 * The contract's `auth`, staff level and `guard` against the request's session (refusals thrown). A call
 * sent without a token that its contract marks `withoutToken` (clients that log out on `999`): a
 * `cookie` read takes the session cookie's session; otherwise the refusal is not `999`.
 */
async function checkAccess(call: CallContract, req: FastifyRequest): Promise<void> {
  if (!req.session && !req.hadToken && call.withoutToken === 'cookie' && call.auth !== 'admin') {
    req.session = await req.cookieSession();
  }
  if (call.auth !== 'user' && call.auth !== 'admin') return;
  if (!req.session && !req.hadToken && call.withoutToken) {
    throw new AppError(call.withoutToken === 'cookie' ? 'AUTH_COOKIE_MISSING' : 'AUTH_TOKEN_MISSING');
  }
  if (!req.session) throw new AppError(req.hadToken ? 'AUTH_EXPIRED' : 'AUTH_REQUIRED');
  if (call.auth === 'admin' && !roleMay(req.session.role, staffLevelOf(call))) {
    throw new AppError('FORBIDDEN');
  }
  if (call.guard && req.session.restrictions[call.guard]) {
    throw new AppError(call.guard === 'trade' ? 'ACCOUNT_TRADE_FROZEN' : 'ACCOUNT_WITHDRAW_FROZEN');
  }
}

/**
 * Records one changing operator call: the input the call acted on (contract-parsed; for input that did
 * not parse, the raw fields), its reply and the change the handler reported, each bounded field by field
 * (lib/audit-bounds.ts) so a padded field cannot push the subject, amounts or result out. A handler that
 * reports no change still gets its subject id from the input's id field.
 */
async function recordStaffAction(
  req: FastifyRequest,
  path: string,
  r: { input: unknown; parsed: boolean; outcome: string; change: StaffChange | null; result: unknown },
): Promise<void> {
  const input = boundRecord(r.input) as Record<string, unknown>;
  if (!r.parsed) input['(unparsed)'] = true;
  const change: StaffChange | null = r.change ?? {
    subject: path.replace(/^\/api\/admin\//, ''),
    subjectId: r.parsed ? subjectIdOf(r.input) : undefined,
  };
  const { ctx } = req.server;
  try {
    await ctx.seams.staffAudit(ctx.db, {
      at: ctx.clock.now(),
      actorId: req.session!.userId,
      actorRole: req.session!.role,
      ip: req.ip,
      call: path,
      input,
      outcome: r.outcome,
      change: {
        ...change,
        before: change.before === undefined ? undefined : boundRecord(change.before),
        after: change.after === undefined ? undefined : boundRecord(change.after),
      },
      result: r.outcome === 'ok' ? boundRecord(r.result) : null,
    });
  } catch (err) {
    ctx.log.error({ err, call: path }, 'could not record an operator action in the audit log');
  }
}
