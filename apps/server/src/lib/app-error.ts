import { ERROR_CODES, type ErrorCode } from '@oryx/contracts/errors';

/**
 * The one error type services throw. The error handler maps `code` to the reply envelope
 * (type and HTTP status from ERROR_CODES) and translates `errors.<code>` with `params`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  constructor(code: ErrorCode, params: Record<string, string | number> = {}, detail?: string) {
    super(detail ?? code);
    this.code = code;
    this.params = params;
  }
  get spec() {
    return ERROR_CODES[this.code];
  }
}

/** `invariant(cond, why)`: a broken internal rule. It is a 500 and is logged, never shown in detail. */
export function invariant(condition: unknown, why: string): asserts condition {
  if (!condition) throw new Error(`Invariant failed: ${why}`);
}
