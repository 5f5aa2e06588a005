import type { z } from 'zod';

/**
 * Client side of the shared form rules (@oryx/contracts/auth/forms and the like): the first message of
 * each field, keyed by field name. Messages are i18n keys; pages translate them.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Parses `values` with `schema`: the data, or the first message per field. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors(r.error) };
}
