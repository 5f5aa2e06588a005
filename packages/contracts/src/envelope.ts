import { z } from 'zod';

/**
 * The reply envelope of the API family: `{ type, message }`, `type: "ok"` on success.
 * Global non-ok types have fixed meanings on every client of this API family.
 */
export const ReplyType = {
  ok: 'ok',
  /** Generic failure: `message` is the text shown to the user. */
  error: 'error',
  /** Session expired or missing: the client clears storage but the locale and goes to login. */
  sessionExpired: '999',
  /** No transaction password set: prompt, then /bindmpwd. */
  noTradePassword: '996',
  /** Older spelling of 996 used by wallet/out and spot trade. */
  not: 'not',
  /** No payment details: go to /userSetting. */
  goSettings: '997',
  goSettingsLegacy: '555',
  /** Identity verification needed: go to /authentication. */
  needIdentity: '998',
} as const;
export type ReplyTypeValue = (typeof ReplyType)[keyof typeof ReplyType];

export const GLOBAL_REPLY_TYPES = ['999', '996', 'not', '997', '555', '998'] as const;

export interface OkReply<T> {
  type: 'ok';
  message: T;
}
export interface ErrorReply {
  type: Exclude<ReplyTypeValue, 'ok'>;
  message: string;
  /** Stable machine-readable code (AppError code), for clients and tests. */
  code?: string;
}
export type Reply<T> = OkReply<T> | ErrorReply;

export const ok = <T>(message: T): OkReply<T> => ({ type: 'ok', message });

/** zod schema for an ok reply wrapping `message`. */
export const okReply = <T extends z.ZodType>(message: T) => z.object({ type: z.literal('ok'), message });
export const errorReply = z.object({
  type: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
