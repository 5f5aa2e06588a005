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

/**
 * Loose ids and whole numbers, as legacy clients send them (JSON numbers or digit strings; GET
 * parameters lost): these parsers never fail, so a handler refuses a bad value with its area's own error
 * instead of a generic validation error. The seconds-options and lever calls read their ids with them.
 */

/** Whole stake numbers: digits only (no sign, no decimals, no exponent), at most this many. */
export const NUMBER_DIGITS_MAX = 12;

export type NumberParse = { ok: true; value: number } | { ok: false; reason: 'required' | 'invalid' };

/**
 * The quantity a user typed: a whole number > 0, as a digit string or a JSON integer. '1.5', '0', '-3',
 * '1e3', ' 7', '10.0' and 1.5 are refused; nothing is rounded.
 */
export function parseWholeNumber(raw: unknown): NumberParse {
  if (raw === undefined || raw === null || raw === '') return { ok: false, reason: 'required' };
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw)) return { ok: false, reason: 'invalid' };
    text = String(raw);
  } else if (typeof raw === 'string') {
    text = raw;
  } else {
    return { ok: false, reason: 'invalid' };
  }
  if (!/^\d+$/.test(text) || text.length > NUMBER_DIGITS_MAX) return { ok: false, reason: 'invalid' };
  const value = Number(text);
  if (value <= 0) return { ok: false, reason: 'invalid' };
  return { ok: true, value };
}

/** A positive integer id from loose input (numbers or digit strings), else null. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  if (!/^\d{1,15}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A field read as a positive whole id, or null for anything else (the handler refuses null itself). */
export const looseId = z.unknown().optional().transform(parseId);
