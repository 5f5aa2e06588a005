/**
 * The public record of one spot trade (`/spot/proof/:id` in the web app): the price, amount and time, and
 * the two orders it matched (the resting maker order whose price it took, under price-time priority, and
 * the incoming taker order) for anyone; which side was the caller's, with their fee, only for the two
 * parties. No user is named.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire } from '../money';
import { intish } from '../wire';

const SpotProofOrder = z.object({
  id: z.number().int(),
  /** 'limit' | 'market'. */
  kind: z.enum(['limit', 'market']),
  /** The order's own limit price; '0' for a market order. */
  price: decimalWire,
  placed_at: z.number().int(),
});

export const SpotTradeProof = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  /** The market's quote and base currency ids (the deal centre's `legalId` and `currencyId`). */
  legal_id: z.number().int(),
  currency_id: z.number().int(),
  symbol: z.string(),
  price: decimalWire,
  amount: decimalWire,
  total: decimalWire,
  /** Which way the taker traded. */
  taker_side: z.enum(['buy', 'sell']),
  traded_at: z.number().int(),
  maker_order: SpotProofOrder,
  taker_order: SpotProofOrder,
  is_owner: z.boolean(),
  /** The caller's part (null for anyone else): their role, side, fee and its currency. */
  my_role: z.enum(['maker', 'taker']).nullable(),
  my_side: z.enum(['buy', 'sell']).nullable(),
  my_fee: decimalWire.nullable(),
  fee_currency: z.string().nullable(),
  rule: z.string(),
});
export type SpotTradeProof = z.infer<typeof SpotTradeProof>;

export const SpotTradeProofCall = defineCall({
  method: 'GET',
  path: '/api/transaction/trade_proof',
  auth: 'optional',
  summary:
    "Record of one spot trade: price, amount, time and the maker and taker orders it matched for anyone; the caller's side and fee for its two parties",
  input: z.object({ id: intish((n) => n.int().min(1).catch(0)) }),
  reply: SpotTradeProof,
});
