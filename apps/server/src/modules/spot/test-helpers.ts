/**
 * What the spot integration tests share: the ETH/USDT market, wallets, one order's hold rows, a trader,
 * and on BTC/USDT a market bot and limit orders placed through the engine directly.
 */
import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import type { TestApp } from '../../../test/harness';
import { ledger, userAccount } from '../ledger/service';
import { BOT_MAKER_EMAIL, BOT_TAKER_EMAIL, MarketBot } from './bot';
import { createRng } from './engine/prng';
import type { SpotMarket } from './markets';
import type { SpotService } from './service';

export const USDT = 1;
export const ETH = 3;
export const d = (s: string) => parseDecimal(s, 8, { allowZero: true, allowNegative: true });

/** The user's USDT and ETH in the spot wallet, available and frozen. */
export interface Wallet {
  usdt: bigint;
  usdtFrozen: bigint;
  eth: bigint;
  ethFrozen: bigint;
}

export async function wallet(t: TestApp, email: string): Promise<Wallet> {
  const account = userAccount(await t.userId(email), 'change');
  const u = await ledger.balance(t.app.ctx.db, account, USDT);
  const e = await ledger.balance(t.app.ctx.db, account, ETH);
  return {
    usdt: u.availableMinor,
    usdtFrozen: u.frozenMinor,
    eth: e.availableMinor,
    ethFrozen: e.frozenMinor,
  };
}

/** The journal rows of one order's hold, by reason. */
export async function holdRows(t: TestApp, orderId: number): Promise<Record<string, bigint>> {
  const rows = await t.app.ctx.db
    .selectFrom('ledger_entries')
    .select(['reason', 'amount_minor'])
    .where('ref_type', '=', 'spot_order')
    .where('ref_id', '=', String(orderId))
    .execute();
  const out: Record<string, bigint> = {};
  for (const r of rows) out[r.reason] = (out[r.reason] ?? 0n) + BigInt(r.amount_minor);
  return out;
}

/** Places ETH/USDT orders through the API as the token's user. */
export function trader(t: TestApp, token: string) {
  return (body: Record<string, unknown>) =>
    t.call('POST', '/api/coin/trade', { legal_id: USDT, currency_id: ETH, ...body }, { token });
}

/**
 * The spot engine, its BTC/USDT market (1) and the market bot on it (maker and taker, seeded), with the
 * clock moved on to a whole second.
 */
export async function btcMarketBot(
  t: TestApp,
  seed: number,
): Promise<{ spot: SpotService; m: SpotMarket; bot: MarketBot }> {
  const spot = t.app.ctx.services.spot.engine;
  const m = spot.market(1)!;
  const bot = new MarketBot(
    spot,
    m,
    await t.userId(BOT_MAKER_EMAIL),
    await t.userId(BOT_TAKER_EMAIL),
    createRng(seed),
  );
  t.clock.set(Math.ceil(t.clock.now() / 1000) * 1000);
  return { spot, m, bot };
}

/** A limit order on BTC/USDT (market 1) placed through the engine's internal path, as the market bot does. */
export async function placeBtc(
  w: { spot: SpotService; m: SpotMarket },
  userId: number,
  type: 1 | 2,
  priceMinor: bigint,
  amountMinor: bigint,
) {
  const cmd = w.spot.buildPlace(
    userId,
    {
      match_id: 1,
      type,
      target_price: formatMinor(priceMinor, w.m.quoteScale),
      amount: formatMinor(amountMinor, w.m.baseScale),
    },
    null,
  );
  return w.spot.placeInternal(cmd);
}
