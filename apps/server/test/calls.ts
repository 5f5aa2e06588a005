/**
 * Walking the route table in tests: every registered call (lib/route.ts `registeredCalls`), its input's
 * top-level fields, and a request helper that sends an input as the call's method expects it.
 */
import type { z } from 'zod';
import type { CallContract } from '@oryx/contracts/call';
import type { TestApp } from './harness';

/** The top-level fields of a call's input (through pipes, preprocessing and optional wrappers). */
export function fieldsOf(schema: z.ZodType): string[] {
  const s = schema as unknown as {
    shape?: Record<string, unknown>;
    def?: { in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType };
  };
  if (s.shape) return Object.keys(s.shape);
  const inner = s.def?.innerType ?? s.def?.schema ?? s.def?.in;
  const fields = inner ? fieldsOf(inner) : [];
  return fields.length || !s.def?.out ? fields : fieldsOf(s.def.out);
}

export const methodOf = (call: CallContract) =>
  (Array.isArray(call.method) ? call.method[0] : call.method) as 'GET' | 'POST' | 'PUT' | 'DELETE';

let addressCounter = 0;
/** A fresh client address per request, so the per-address rate limits never answer instead of the call. */
export const nextAddress = () => {
  addressCounter++;
  return `10.${100 + ((addressCounter >> 16) % 100)}.${(addressCounter >> 8) % 256}.${addressCounter % 256}`;
};

/**
 * Sends `input` to the call: GET in the query (`query` extra raw query text, e.g. duplicate names),
 * others as a JSON body. Returns the status and the raw body text.
 */
export async function send(
  t: TestApp,
  call: CallContract,
  input: Record<string, unknown>,
  opts: { token?: string; query?: string } = {},
): Promise<{ status: number; text: string }> {
  const method = methodOf(call);
  const url = call.path.replace(/:[A-Za-z_]+/g, '1');
  const qs =
    method === 'GET'
      ? new URLSearchParams(
          Object.entries(input).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : String(JSON.stringify(v)),
          ]),
        ).toString()
      : '';
  const query = [qs, opts.query ?? ''].filter(Boolean).join('&');
  const res = await t.app.inject({
    method,
    url: query ? `${url}?${query}` : url,
    ...(method === 'GET' ? {} : { payload: JSON.stringify(input) }),
    headers: {
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: opts.token } : {}),
      'x-forwarded-for': nextAddress(),
    },
  });
  return { status: res.statusCode, text: res.body };
}
