/**
 * JC points: the balance and the terms of the JC to BEAU exchange, exchanging, the exchange records,
 * and binding the external points account. Points are a ledger currency (`JC`), earned by the rule in
 * the points module's README. Inputs are loose; the server answers bad values with the points errors.
 */
import { z } from 'zod';
import { defineCall } from '../call';
import { decimalWire, feeOf } from '../money';
import { intish } from '../wire';

export const POINTS_PAGE_SIZE = 10;

/**
 * BEAU (minor, scale 8) for `useMinor` JC (scale 8) at `beauPerJcMinor` BEAU per JC (scale 8): the gross
 * rounded down, the fee (`feeBps` of the gross) rounded up, what the user receives. The page shows this
 * before the exchange and the server pays it.
 */
export function jcExchangeOf(useMinor: bigint, beauPerJcMinor: bigint, feeBps: number) {
  const gross = (useMinor * beauPerJcMinor) / 100_000_000n;
  const fee = feeOf(gross, feeBps);
  return { gross, fee, receive: gross - fee };
}

/**
 * The USDT price of one JC (`jc/info`'s `jc_price`): `beauPerJcMinor` BEAU at `marketPriceMinor` USDT per
 * BEAU (both scale 8), exact (up to 16 decimals, trailing zeros dropped). Clients of this API family
 * preview `use × jc_price ÷ (market_price + jc_price_difference)` BEAU, which is then exactly
 * `use × beau_per_jc`, the gross the exchange pays.
 */
export function jcUsdtPriceOf(beauPerJcMinor: bigint, marketPriceMinor: bigint): string {
  const minor = (beauPerJcMinor * marketPriceMinor).toString().padStart(17, '0');
  const text = `${minor.slice(0, -16)}.${minor.slice(-16)}`.replace(/\.?0+$/, '');
  return text === '' ? '0' : text;
}
/** Bind fields: 1 to 20 characters each. */
export const POINTS_BIND_FIELD_MAX = 20;

export const JcInfoCall = defineCall({
  method: 'GET',
  path: '/api/jc/info',
  auth: 'user',
  summary:
    'The caller’s JC points and the exchange terms (refused with POINTS_NOT_BOUND until an external ' +
    'points account is bound: the client then opens /bindInfo)',
  input: z.object({}),
  reply: z.object({
    /** Points held (available and held). */
    jc_integral: decimalWire,
    /** Points that can be exchanged now. */
    free_jc_integral: decimalWire,
    /** Percent of the BEAU amount kept as the fee. */
    jc_exchange_fee: decimalWire,
    jc_exchange_fee_bps: z.number().int(),
    /**
     * USDT per JC: `beau_per_jc` at `market_price`, exact. Clients of this API family preview
     * `use × jc_price ÷ (market_price + jc_price_difference)` BEAU, which equals `use × beau_per_jc`.
     */
    jc_price: decimalWire,
    /** BEAU per JC: what an exchange pays per point before the fee (`jcExchangeOf`). */
    beau_per_jc: decimalWire,
    /** Kept for the wire: Oryx adds no spread beyond the published fee, so always '0'. */
    jc_price_difference: decimalWire,
    /** USDT per BEAU (its spot last price, else its reference price). */
    market_price: decimalWire,
    /** How points are earned: JC per 1 USDT of trading fees paid. */
    points_per_usdt: decimalWire,
    /** Which adapter the bound account goes through ('sandbox' until a real points service is configured). */
    provider: z.string(),
  }),
});

export const JcExchangeCall = defineCall({
  method: 'POST',
  path: '/api/jc/exchange',
  auth: 'user',
  summary: 'Exchanges `use_number` JC for BEAU at beau_per_jc, less the fee; needs the trade password',
  input: z.object({
    use_number: z.unknown().optional(),
    password: z.string().optional(),
    /** Names the request for retries (or the Idempotency-Key header): a retry exchanges once. */
    client_id: z.string().optional(),
  }),
  reply: z.string(),
});

export const JcExchangeRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** BEAU received. */
  exchange_num: decimalWire,
  /** JC used. */
  integral: decimalWire,
  /** BEAU per JC applied. */
  fact_market_price: decimalWire,
  /** BEAU kept as the fee. */
  fee: decimalWire,
});

export const JcRecordsCall = defineCall({
  method: 'GET',
  path: '/api/jc/exchange',
  auth: 'user',
  summary: 'The caller’s JC exchanges, newest first (the page parameter may be missing: page 1)',
  input: z.object({ page: intish((n) => n.min(1).max(100_000).catch(1)) }),
  reply: z.object({
    data: z.array(JcExchangeRow),
    current_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});

export const JcBoundCall = defineCall({
  method: 'GET',
  path: '/api/jc/bind',
  auth: 'user',
  summary: "The bound external points account’s name ('' when none) and its adapter",
  input: z.object({}),
  reply: z.object({ user_name: z.string(), provider: z.string() }),
});

export const JcBindCall = defineCall({
  method: 'POST',
  path: '/api/jc/bind',
  auth: 'user',
  summary: 'Binds (or re-binds) an external points account, checked by the points adapter',
  input: z.object({ user_name: z.unknown().optional(), password: z.unknown().optional() }),
  reply: z.string(),
});
