/**
 * What the audit log keeps of an operator call's input and reply: the fields the call acted on, each
 * bounded on its own, so no field can push another out of the record. A string is cut to
 * `AUDIT_STRING_MAX` characters, a list to its first `AUDIT_LIST_MAX` items, nesting to `AUDIT_DEPTH_MAX`
 * levels and an object to `AUDIT_KEYS_MAX` keys; secret fields are masked. When the whole record is
 * still longer than `AUDIT_RECORD_MAX`, the longest fields are replaced by a note of their size until it
 * fits: ids, amounts, decisions and results are short and stay.
 */

export const AUDIT_STRING_MAX = 200;
export const AUDIT_LIST_MAX = 20;
export const AUDIT_DEPTH_MAX = 3;
export const AUDIT_KEYS_MAX = 40;
export const AUDIT_RECORD_MAX = 6_000;

/** Input fields never written to the audit log. */
const SECRET_FIELDS = /pass|secret|token|^code$|sign|totp|recovery/i;

function cut(text: string): string {
  return text.length > AUDIT_STRING_MAX
    ? `${text.slice(0, AUDIT_STRING_MAX)}…(+${text.length - AUDIT_STRING_MAX} chars)`
    : text;
}

/** One value, bounded (see the file comment). */
export function boundValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return cut(String(value));
  if (depth >= AUDIT_DEPTH_MAX) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, AUDIT_LIST_MAX).map((v) => boundValue(v, depth + 1));
    if (value.length > AUDIT_LIST_MAX) items.push(`…(+${value.length - AUDIT_LIST_MAX} items)`);
    return items;
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [k, v] of entries.slice(0, AUDIT_KEYS_MAX)) {
    out[cut(k)] = SECRET_FIELDS.test(k) ? '***' : boundValue(v, depth + 1);
  }
  if (entries.length > AUDIT_KEYS_MAX) out['…'] = `+${entries.length - AUDIT_KEYS_MAX} fields`;
  return out;
}

const jsonLength = (v: unknown) =>
  (JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'null').length;

/** A record (an input or a reply), bounded field by field and then as a whole (see the file comment). */
export function boundRecord(value: unknown): unknown {
  const bounded = boundValue(value);
  if (bounded === null || typeof bounded !== 'object' || Array.isArray(bounded)) return bounded;
  const fields = bounded as Record<string, unknown>;
  let total = jsonLength(fields);
  if (total <= AUDIT_RECORD_MAX) return fields;
  const bySize = Object.keys(fields)
    .map((k) => ({ k, size: jsonLength(fields[k]) }))
    .sort((a, b) => b.size - a.size);
  for (const { k, size } of bySize) {
    if (total <= AUDIT_RECORD_MAX) break;
    const note = `…(${size} chars omitted)`;
    fields[k] = note;
    total -= size - jsonLength(note);
  }
  return fields;
}

/** The input keys that name a call's subject when its handler reports none, in this order. */
const SUBJECT_KEYS = ['id', 'deal_id', 'order_id', 'user_id', 'uid', 'market_id', 'currency_id', 'currency'];

/** The subject id a call's parsed input names (its `id`, else another id field), or undefined. */
export function subjectIdOf(input: unknown): string | number | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const fields = input as Record<string, unknown>;
  for (const k of SUBJECT_KEYS) {
    const v = fields[k];
    if (typeof v === 'number' || (typeof v === 'string' && v !== ''))
      return typeof v === 'string' ? cut(v) : v;
  }
  return undefined;
}
