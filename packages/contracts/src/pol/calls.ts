/**
 * Proof of liabilities (docs/proof-of-liabilities.md): the published snapshots, a logged-in user's own
 * proof files, and the operator's "take a snapshot now". Sums are decimal strings of minor units (a
 * total may pass 64 bits); `scale` says where the decimal point goes. A proof file is the exact JSON
 * `oryx-pol-verify` and the web page check.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { intish } from '../wire';

/** Snapshots listed at most (newest first). */
export const POL_SNAPSHOTS_LIMIT = 30;

const minorString = z.string().regex(/^\d+$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const PolCurrencyRoot = z.object({
  currency_id: z.number().int(),
  currency: z.string(),
  scale: z.number().int(),
  root_hash: hex64,
  /** Total user liabilities in minor units: the root's sum. */
  total_minor: minorString,
  leaf_count: z.number().int(),
  /** The ledger's system accounts' balances (available + frozen), minor units; may be negative. */
  system_accounts: z.array(z.object({ account: z.string(), balance_minor: z.string().regex(/^-?\d+$/) })),
});
export type PolCurrencyRoot = z.infer<typeof PolCurrencyRoot>;

export const PolSnapshot = z.object({
  id: z.number().int(),
  taken_at: z.number().int(),
  /** `schedule` or `operator`. */
  trigger: z.string(),
  user_count: z.number().int(),
  currencies: z.array(PolCurrencyRoot),
});
export type PolSnapshot = z.infer<typeof PolSnapshot>;

export const PolSnapshotsCall = defineCall({
  method: 'GET',
  path: '/api/pol/snapshots',
  auth: 'optional',
  summary:
    'Proof-of-liabilities snapshots, newest first: per currency the root hash, total and system totals',
  input: z.object({}),
  reply: z.array(PolSnapshot),
});

export const PolProofFile = z.object({
  format: z.literal('oryx-pol-proof/1'),
  snapshot_id: z.number().int(),
  taken_at: z.number().int(),
  currency: z.object({ id: z.number().int(), name: z.string(), scale: z.number().int() }),
  leaf: z.object({
    user_id: z.number().int(),
    index: z.number().int(),
    nonce: z.string().regex(/^[0-9a-f]{32}$/),
    balance_minor: minorString,
  }),
  /** Siblings from the leaf up; the leaf index's bit i says whether the path node at depth i is right (1). */
  path: z.array(z.object({ hash: hex64, sum_minor: minorString })),
  root: z.object({ hash: hex64, sum_minor: minorString }),
});
export type PolProofFile = z.infer<typeof PolProofFile>;

export const PolProofCall = defineCall({
  method: 'GET',
  path: '/api/pol/proof',
  auth: 'user',
  summary: "The caller's own proof files of a snapshot (the newest without id), one per currency they hold",
  input: z.object({ id: intish((n) => n.int().min(1).optional()) }),
  reply: z.object({ snapshot_id: z.number().int(), proofs: z.array(PolProofFile) }),
});

export const AdminPolSnapshotCall = defineCall({
  method: 'POST',
  path: '/api/admin/pol/snapshot',
  auth: 'admin',
  staff: 'act',
  summary: 'Takes a proof-of-liabilities snapshot now (recorded in the audit log)',
  input: z.object({}),
  reply: PolSnapshot,
});
