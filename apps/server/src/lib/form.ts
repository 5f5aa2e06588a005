import type { z } from 'zod';
import { FORM_ERRORS, firstFormKey } from '@oryx/contracts/auth/forms';
import { AppError } from './app-error';
import { formatZodIssues } from './route';

/**
 * Applies one of the shared form schemas (@oryx/contracts/auth/forms) on the server: the first rule
 * broken becomes its error code, whose text is the one the web page shows for the same rule.
 */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const key = firstFormKey(r.error);
  throw key
    ? new AppError(FORM_ERRORS[key])
    : new AppError('VALIDATION', { detail: formatZodIssues(r.error) });
}
