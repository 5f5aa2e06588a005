import { z } from 'zod';

/**
 * The `client_id` field of money-moving calls: the client's id for one request, so a retry is recognised
 * (the server also reads the `Idempotency-Key` header, which wins). Add it to a call's input with
 * `client_id: clientIdField`; the server helper is apps/server/src/lib/idempotency.ts.
 */
export const clientIdField = z
  .union([
    z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'client_id: 1-128 characters of A-Z a-z 0-9 _ . : -'),
    z.number().int().nonnegative(),
  ])
  .optional();
