/**
 * The recorded inputs of a mark price (the proof call's `open_mark` / `end_mark`), read for the proof
 * page: the rule's settings, the window, the book snapshots with their mids, the anonymous trade
 * participants with their weights, and the parts of the blend. The server stores them as JSON with
 * prices and volumes in minor units of the quote currency (`minor_scale` decimals); anything missing or
 * unreadable reads as absent, so an older record still shows what it has.
 */
import type { MicroProof } from '@oryx/contracts/micro/calls';
import { formatMinor } from '@oryx/contracts/money';
import { z } from 'zod';

type MicroMarkProof = NonNullable<MicroProof['open_mark']>;

const minor = z.union([z.string().regex(/^-?\d+$/), z.number().int()]).transform((v) => BigInt(v));
const maybe = <T extends z.ZodTypeAny>(s: T) => s.nullable().catch(null);

const InputsSchema = z.object({
  rule: maybe(
    z.object({
      window_ms: z.number(),
      band_bps: z.number(),
      trade_weight_bps: z.number(),
      user_cap_bps: z.number(),
      impact_quote_minor: minor,
    }),
  ),
  window: maybe(z.object({ from_ms_exclusive: z.number(), to_ms: z.number() })),
  books: z
    .array(z.object({ id: z.number(), at_ms: z.number(), mid_minor: minor, clipped_minor: minor }))
    .catch([]),
  median_minor: maybe(minor),
  band_minor: maybe(z.tuple([minor, minor])),
  book_price_minor: maybe(minor),
  trade_ids: z.array(z.number()).catch([]),
  participants: z
    .array(z.object({ n: z.number(), volume_minor: minor, price_minor: minor, weight_minor: minor }))
    .catch([]),
  trade_price_minor: maybe(minor),
  trade_share_bps: maybe(z.number()),
  last_trade_id: maybe(z.number()),
});

export type MarkInputs = z.infer<typeof InputsSchema>;

export function readMarkInputs(mark: Pick<MicroMarkProof, 'inputs'>): MarkInputs {
  const parsed = InputsSchema.safeParse(mark.inputs);
  // Every field catches its own problems, so only a non-object fails: it reads as an empty record.
  return parsed.success ? parsed.data : InputsSchema.parse({});
}

/** Minor units of the quote currency as a decimal ('9450000000' at 8 -> '94.50000000'). */
export const minorText = (v: bigint, scale: number): string => formatMinor(v, scale);

/** Basis points as a percent: 500 -> '5', 25 -> '0.25'. */
export const bpsText = (bps: number): string => {
  const text = formatMinor(BigInt(Math.trunc(bps)), 2);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
};
