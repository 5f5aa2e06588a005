import type { z } from 'zod';
import { FORM_ERRORS, type FormMessageKey } from '@oryx/contracts/auth/forms';

const isFormMessageKey = (message: string): message is FormMessageKey => Object.hasOwn(FORM_ERRORS, message);

/**
 * Client side of the shared form rules (@oryx/contracts/auth/forms): the first message of each field,
 * keyed by field name. Messages are i18n keys of the `auth` namespace; pages translate them
 * (useFieldErrors).
 */
export function fieldErrors(error: z.ZodError): Partial<Record<string, FormMessageKey>> {
  const out: Partial<Record<string, FormMessageKey>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    // The rules give every issue a key of FORM_ERRORS (the server maps the same keys); anything else is
    // a broken rule, not something to show.
    if (!isFormMessageKey(issue.message)) throw new Error(`form rule without a text key: ${issue.message}`);
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Parses `values` with `schema`: the data, or the first message per field. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Partial<Record<string, FormMessageKey>> } {
  const r = schema.safeParse(values);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors(r.error) };
}
