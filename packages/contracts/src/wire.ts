import { z } from 'zod';

const DIGITS = /^\d+$/;

/**
 * An integer on the wire (ids, enumerations, counts, pages): a JSON integer, or a string of plain decimal
 * digits ('16', as form fields, query parameters and older clients send numbers). Anything else is
 * refused rather than read generously: '0x10', '1e2', ' 16', '-1', '1.0', true. '' and null count as
 * absent, so the field's default or optional applies. The callback adds bounds, a default, optional or
 * catch: `intish((n) => n.min(1).max(100).default(20))`.
 *
 * Typed as that inner schema, so a typed client (the web app) sends numbers, and a field with a default or
 * optional stays optional in the input type; the digit strings are for untyped and older clients.
 */
export function intish<T extends z.ZodType = z.ZodNumber>(refine?: (n: z.ZodNumber) => T): T {
  const inner = refine ? refine(z.number().int()) : z.number().int();
  return z.preprocess((v) => {
    if (v === '' || v === null) return undefined;
    if (typeof v === 'string' && DIGITS.test(v)) return Number(v);
    return v;
  }, inner) as unknown as T;
}
