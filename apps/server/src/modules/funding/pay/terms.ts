/**
 * The rupiah channel's terms: which coins it credits and at what rupiah rate (PAY_IDR_RATES, e.g.
 * `USDT:16000`: 1 USDT = 16,000 Rp), the deposit bounds, and the checks every pay call starts with.
 * A coin is offered when it has a rate and its `is_show` is not 3 (address only). The sandbox provider
 * is available in demo mode only: in production a real provider must be configured.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { PAY_CHANNELS, PAY_MAX_IDR, PAY_MIN_IDR, type PayChannel } from '@oryx/contracts/funding/pay-calls';
import { AppError } from '../../../lib/app-error';
import type { AppContext } from '../../../lib/context';
import type { CoinTerms } from '../config';
import { assertOpen, coinOf } from '../service';
import type { PaymentProvider } from './provider';
import { paymentProvider } from './registry';

/** Rates are kept in hundredths of a rupiah per whole coin. */
export const RATE_SCALE = 2;

/** `USDT:16000,BTC:1500000000` → name → hundredths of a rupiah per coin. */
export function parseRates(text: string): Map<string, bigint> {
  const rates = new Map<string, bigint>();
  for (const part of text.split(',')) {
    const [name, rate] = part.split(':').map((s) => s.trim());
    if (!name || !rate) continue;
    rates.set(name.toUpperCase(), parseDecimal(rate, RATE_SCALE));
  }
  return rates;
}

export interface PayTerms {
  coin: CoinTerms;
  /** Hundredths of a rupiah per whole coin. */
  rate: bigint;
  provider: PaymentProvider;
}

/** Open, a known coin offered by the channel, a provider that may be used here. */
export async function payTerms(ctx: AppContext, currency: unknown): Promise<PayTerms> {
  assertOpen(ctx);
  const id = Number(currency);
  if (!Number.isInteger(id) || id < 1) throw new AppError('FUNDING_CURRENCY_UNKNOWN');
  const coin = await coinOf(ctx.db, id);
  const rate = parseRates(ctx.env.PAY_IDR_RATES).get(coin.name.toUpperCase());
  const provider = paymentProvider(ctx);
  if (!rate || coin.is_show === 3 || (provider.isSandbox && ctx.env.ORYX_MODE !== 'demo'))
    throw new AppError('PAY_CLOSED');
  return { coin, rate, provider };
}

/** A rupiah amount: whole rupiah within the channel's bounds. */
export function rupiahOf(raw: unknown): bigint {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,12}$/.test(text)) throw new AppError('PAY_AMOUNT_INVALID');
  const amount = BigInt(text);
  if (amount < BigInt(PAY_MIN_IDR) || amount > BigInt(PAY_MAX_IDR))
    throw new AppError('PAY_AMOUNT_RANGE', { min: '10,000', max: '100,000,000' });
  return amount;
}

/** The channel from `channel` (a key) or `recharge` (1-4). */
export function channelOf(channel: unknown, recharge: unknown): PayChannel {
  if (typeof channel === 'string' && channel !== '') {
    const c = PAY_CHANNELS.find((k) => k === channel.toUpperCase());
    if (c) return c;
    throw new AppError('PAY_CHANNEL_INVALID');
  }
  const i = Number(recharge);
  if (!Number.isInteger(i) || i < 1 || i > PAY_CHANNELS.length) throw new AppError('PAY_CHANNEL_INVALID');
  return PAY_CHANNELS[i - 1]!;
}

/** Rupiah → the coin's minor units at the rate (rounded down). */
export const rupiahToMinor = (idr: bigint, rate: bigint, scale: number): bigint =>
  (idr * 10n ** BigInt(RATE_SCALE + scale)) / rate;

/** The coin's minor units → rupiah at the rate (rounded down). */
export const minorToRupiah = (minor: bigint, rate: bigint, scale: number): bigint =>
  (minor * rate) / 10n ** BigInt(RATE_SCALE + scale);
