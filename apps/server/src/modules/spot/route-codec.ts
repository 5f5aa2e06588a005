/**
 * Commands, their results and market views as text for Redis (routing.ts, market-feed.ts): JSON with
 * every bigint written as a tagged string, read back exactly. Pure.
 */
import type { ErrorCode } from '@oryx/contracts/errors';
import { AppError } from '../../lib/app-error';
import type { Command, CommandResult } from './orders';

const TAG = '\u0000n:';

export function encode(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? TAG + v.toString() : v));
}

export function decode<T>(text: string): T {
  return JSON.parse(text, (_k, v: unknown) =>
    typeof v === 'string' && v.startsWith(TAG) ? BigInt(v.slice(TAG.length)) : v,
  ) as T;
}

export const encodeCommand = (cmd: Command): string => encode(cmd);
export const decodeCommand = (text: string): Command => decode<Command>(text);

type WireResult =
  { ok: true; order: unknown } | { ok: false; code: ErrorCode; params: Record<string, string | number> };

export function encodeResult(r: CommandResult): string {
  const w: WireResult = r.ok
    ? { ok: true, order: r.order }
    : { ok: false, code: r.error.code, params: r.error.params };
  return encode(w);
}

export function decodeResult(text: string): CommandResult {
  const w = decode<WireResult>(text);
  return w.ok
    ? { ok: true, order: w.order as Extract<CommandResult, { ok: true }>['order'] }
    : { ok: false, error: new AppError(w.code, w.params) };
}
