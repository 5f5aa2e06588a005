/**
 * The coin exchange: a coin from the spot wallet to USDT at the price of its USDT spot market (the mark
 * price; the market's reference price while the mark has no data), less a published fee. The rule is
 * here so the page shows exactly what the server pays.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire, feeOf } from '../money';

/** USDT (minor) for `numberMinor` of a coin at `scale`, at `priceMinor` USDT (scale 8) per coin, less the fee. */
export function exchangeOf(numberMinor: bigint, scale: number, priceMinor: bigint, feeBps: number) {
  const gross = (numberMinor * priceMinor) / 10n ** BigInt(scale);
  const fee = feeOf(gross, feeBps);
  return { gross, fee, receive: gross - fee };
}

export const ExchangeRow = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  /**
   * The rate: USDT per coin now, the same as `price` (clients of this API family show "1 BTC = <number>
   * USDT").
   */
  number: decimalWire,
  /** Available in the spot wallet. */
  balance: decimalWire,
  scale: z.number().int(),
  /** USDT per coin now. */
  price: decimalWire,
  /** 'mark' or 'reference' (the market has no mark yet). */
  price_source: z.string(),
  /** Percent of the USDT amount kept as the fee. */
  fee: decimalWire,
  fee_bps: z.number().int(),
  to_currency_name: z.string(),
});
export type ExchangeRow = z.infer<typeof ExchangeRow>;

export const ExchangeListCall = defineCall({
  method: 'GET',
  path: '/api/exchange/list',
  auth: 'user',
  summary: 'Coins the caller can exchange to USDT, with what they hold, the price now and the fee',
  input: z.object({}),
  reply: z.array(ExchangeRow),
});

export const ExchangeCall = defineCall({
  method: 'POST',
  path: '/api/exchange/exchange',
  auth: 'user',
  summary:
    'Exchanges `number` of coin `id` from the spot wallet to USDT at the price now, less the fee. With ' +
    '`price` (the price the client showed), refused if the price now is lower',
  input: z.object({
    id: z.unknown().optional(),
    number: z.unknown().optional(),
    price: z.unknown().optional(),
    /** Names the request for retries (or the Idempotency-Key header): a retry exchanges once. */
    client_id: z.string().optional(),
  }),
  reply: z.string(),
});
