import type { z } from 'zod';
import type { CallContract, CallReply } from '@oryx/contracts/call';

/** One answer of the fake server: the contract it serves and its reply for the parsed input. */
export interface ContractHandler {
  contract: CallContract;
  reply: (input: unknown) => unknown;
}

/**
 * A handler for one contract: `input` is parsed with the contract's input schema, the reply must match
 * the contract's reply schema (checked before it is sent), so a page test cannot drift from the API.
 */
export function handle<C extends CallContract>(
  contract: C,
  reply: (input: z.output<C['input']>) => CallReply<C>,
): ContractHandler {
  return { contract, reply: (input) => reply(contract.input.parse(input) as z.output<C['input']>) };
}

/** A refusal in the envelope, as the server sends for a call's rules (HTTP 200). */
export class Refusal {
  constructor(
    readonly message: string,
    readonly code?: string,
  ) {}
}

export interface RecordedCall {
  method: string;
  path: string;
  input: unknown;
}

/**
 * A `fetch` that answers the API from contract handlers: `{type: 'ok', message}` around the handler's
 * reply (the bare body for `envelope: false`), a Refusal as `{type: 'error', message, code}`. Calls
 * without a handler fail the test loudly. Every call is recorded for assertions.
 */
export function contractFetch(handlers: ContractHandler[]) {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const parsed = new URL(href, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const input: unknown =
      method === 'GET' || method === 'DELETE'
        ? Object.fromEntries(parsed.searchParams)
        : init?.body
          ? JSON.parse(String(init.body))
          : {};
    calls.push({ method, path: parsed.pathname, input });
    const handler = handlers.find(({ contract }) => {
      const methods = typeof contract.method === 'string' ? [contract.method] : contract.method;
      return contract.path === parsed.pathname && methods.includes(method as never);
    });
    if (!handler) throw new Error(`no handler for ${method} ${parsed.pathname}`);
    const answer = handler.reply(input);
    if (answer instanceof Refusal) {
      return Response.json({ type: 'error', message: answer.message, code: answer.code });
    }
    const message = handler.contract.reply.parse(answer);
    return Response.json(handler.contract.envelope === false ? message : { type: 'ok', message });
  };
  return { fetch: fetchImpl, calls };
}
