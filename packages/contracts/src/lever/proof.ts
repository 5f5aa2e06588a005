/**
 * The public settlement record of a closed leveraged position (`/lever/proof/:id` in the web app): the
 * mark prices it opened and closed on with every input the mark rule used (window, book snapshots,
 * trade participants and weights, docs/mark-price.md), the close reason and times for anyone; the
 * direction, size, margin, fees and result only for its owner.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { MicroMarkProof } from '../micro/calls';
import { intish } from '../wire';

export const LeverProof = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  symbol: z.string(),
  is_owner: z.boolean(),
  /** 'user' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation'. */
  close_reason: z.string(),
  opened_at: z.number().int(),
  closed_at: z.number().int(),
  /** The open price (the mark or limit price plus the spread) and the close price. */
  open_price: decimalWire,
  close_price: decimalWire,
  multiple: z.number().int(),
  /** The liquidation level (risk rate, percent) the position carried. */
  liquidation_rate: decimalWire,
  open_mark: MicroMarkProof.nullable(),
  close_mark: MicroMarkProof.nullable(),
  /** Owner only (null for anyone else). 1 long, 2 short. */
  type: z.number().int().nullable(),
  number: decimalWire.nullable(),
  margin: decimalWire.nullable(),
  fee: decimalWire.nullable(),
  overnight: decimalWire.nullable(),
  profits: decimalWire.nullable(),
  currency: z.string().nullable(),
  rule: z.string(),
});
export type LeverProof = z.infer<typeof LeverProof>;

export const LeverProofCall = defineCall({
  method: 'GET',
  path: '/api/lever/proof',
  auth: 'optional',
  summary:
    'Settlement record of a closed leveraged position: marks with their inputs, times and reason for anyone; direction, size and result for its owner',
  input: z.object({ id: intish((n) => n.int().min(1).catch(0)) }),
  reply: LeverProof,
});
