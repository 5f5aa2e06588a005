/**
 * Two attacks on leveraged positions through the mark, replayed against the demo market maker's book
 * (spot/bot.ts MarketBot, driven tick by tick as in production: re-quoting every 8 s, its taker trading
 * now and then) on the real server and database, with the recorded mark (modules/mark: snapshots every
 * second) and the risk loop every second:
 *
 *  (a) sweep, then take-profit: a colluding account holds longs with take-profits 30 bp up; the attacker
 *      sweeps 1.74 BTC of asks and keeps the last trade up with the smallest buys at the best ask. Against
 *      a maker that re-anchored its quotes on the last trade this moved the mark +48 bp in 12 s and the
 *      take-profits fired (the lever pool paid the pair);
 *  (b) sweep plus small prints: the attacker sweeps the bids and then sells the smallest amount at the
 *      best bid every 250 ms for 8 s. Against that maker the mark fell 36 bp and a third party's healthy
 *      150x long was liquidated.
 *
 * Now the maker puts a taken quote back around its own mid at its next tick, the mark sees a swept side
 * for a snapshot or two, clipped to its band around a median the sweep does not move, and orders are
 * limited by what moving the mark costs (limits.ts): no take-profit fires, the pair loses what the sweep
 * cost, the third party's long (at the highest multiple now allowed; 150x is refused) stays open. Every
 * app ends with the ledger check (money conserved). Replayed against a maker that follows the last trade,
 * the same scripts move the mark about +28 bp (all five take-profits fire) and -34 bp.
 */
import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { markAt } from '../mark/service';
import { sampleBooks } from '../mark/sampler';
import type { MarketBot } from '../spot/bot';
import type { SpotMarket } from '../spot/markets';
import type { SpotService } from '../spot/service';
import { btcMarketBot, placeBtc } from '../spot/test-helpers';
import { evaluateLever } from './risk';

const BTC_MARKET = 1;
const USDT = 1;
const BTC = 2;
const PASSWORD = 'oryx-demo-1';

interface World {
  t: TestApp;
  spot: SpotService;
  m: SpotMarket;
  bot: MarketBot;
  /** Marks read once a second while the world runs. */
  marks: bigint[];
}

/** Moves the clock to `toMs` in 250 ms steps: `each` at every step, the maker every 2 s, the mark's
 * sampler and the risk loop every second. */
async function run(w: World, toMs: number, each?: (atMs: number) => Promise<void>): Promise<void> {
  const clock = w.t.clock;
  while (clock.now() < toMs) {
    const next = Math.floor(clock.now() / 250) * 250 + 250;
    clock.set(next);
    if (each) await each(next);
    if (next % 2000 === 0) await w.bot.step();
    if (next % 1000 === 0) {
      await sampleBooks(w.t.app.ctx, next);
      w.marks.push((await markAt(w.t.app.ctx.db, BTC_MARKET, next)).priceMinor);
      await evaluateLever(w.t.app.ctx, next);
    }
  }
}

async function world(t: TestApp, seed: number): Promise<World> {
  const w: World = { t, ...(await btcMarketBot(t, seed)), marks: [] };
  await w.bot.requoteAt(Number(w.m.referencePrice) / 10 ** w.m.quoteScale);
  await run(w, t.clock.now() + 20_000);
  w.marks = [];
  return w;
}

async function credit(t: TestApp, userId: number, currencyId: number, amount: string, scale: number) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId,
      amountMinor: parseDecimal(amount, scale),
      reason: 'wallet.demo_credit',
      ref: { type: 'demo_seed', id: `lever-attack:${userId}:${currencyId}` },
      at: t.clock.now(),
    }),
  );
}

const total = async (t: TestApp, userId: number, wallet: 'change' | 'lever', currencyId: number) => {
  const b = await ledger.balance(t.app.ctx.db, userAccount(userId, wallet), currencyId);
  return b.availableMinor + b.frozenMinor;
};

/** USDT (spot + lever) and BTC (spot) the user holds. */
async function holdings(t: TestApp, userId: number) {
  return {
    usdt: (await total(t, userId, 'change', USDT)) + (await total(t, userId, 'lever', USDT)),
    btc: await total(t, userId, 'change', BTC),
  };
}

type Holdings = Awaited<ReturnType<typeof holdings>>;
const pnl = (before: Holdings, after: Holdings, markMinor: bigint, m: SpotMarket) =>
  after.usdt - before.usdt + ((after.btc - before.btc) * markMinor) / 10n ** BigInt(m.baseScale);

/** The lots resting on one side within `limit` (asks at or below, bids at or above). */
function lotsWithin(w: World, side: 'asks' | 'bids', limitMinor: bigint): number {
  const d = w.spot.committer.book(BTC_MARKET)!.book.depth(1000);
  return d[side]
    .filter(([ticks]) => {
      const p = w.m.rules.priceOf(ticks);
      return side === 'asks' ? p <= limitMinor : p >= limitMinor;
    })
    .reduce((a, [, l]) => a + l, 0);
}

/** A price down to the market's tick. */
const onTick = (w: World, priceMinor: bigint) => (priceMinor / w.m.rules.priceTick) * w.m.rules.priceTick;

const bps = (from: bigint, to: bigint) => Number(((to - from) * 10_000n) / from);

describeEachDb('lever attack (a): sweeping the asks to fire a colluder’s take-profits', (getApp) => {
  let w: World;
  beforeAll(async () => {
    w = await world(getApp(), 31);
  });

  it('moves the mark a few bp at most: no take-profit fires and the pair loses the cost of the sweep', async () => {
    const t = w.t;
    const attacker = await t.userId('demo1@oryx.local');
    const colluder = { id: await t.userId('demo2@oryx.local'), token: await t.tokenFor('demo2@oryx.local') };
    await credit(t, attacker, USDT, '300000', w.m.quoteScale);
    const submit = (body: Record<string, unknown>) =>
      t.call(
        'POST',
        '/api/lever/submit',
        { legal_id: USDT, currency_id: BTC, multiple: 100, type: 1, status: 1, password: PASSWORD, ...body },
        { token: colluder.token },
      );
    // One position worth more than half of what moving the mark by its band costs is refused.
    const big = await submit({ share: 100 });
    expect(big.body).toMatchObject({ type: 'error', code: 'LEVER_SIZE_ABOVE_DEPTH' });
    // Five longs of 10 lots (0.1 BTC each), each with a take-profit 25 bp above its open price.
    for (let i = 0; i < 5; i++) {
      const r = await submit({ share: 10 });
      expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
    }
    const longs = await t.app.ctx.db
      .selectFrom('lever_orders')
      .selectAll()
      .where('user_id', '=', colluder.id)
      .where('status', '=', 1)
      .execute();
    expect(longs).toHaveLength(5);
    for (const o of longs) {
      const tp = (o.price_minor * 10_025n) / 10_000n;
      const r = await t.call(
        'POST',
        '/api/lever/setstop',
        { id: o.id, target_profit_price: formatMinor(tp, w.m.quoteScale) },
        { token: colluder.token },
      );
      expect(r.body.type).toBe('ok');
    }
    const startMark = (await markAt(t.app.ctx.db, BTC_MARKET, t.clock.now())).priceMinor;
    const before = { attacker: await holdings(t, attacker), colluder: await holdings(t, colluder.id) };

    // The sweep: 1.74 BTC of the maker's asks (or all of them within 0.45 %, leaving the farther ones).
    const limit = onTick(w, (startMark * 10_045n) / 10_000n);
    const lots = Math.min(
      lotsWithin(w, 'asks', limit),
      Number(parseDecimal('1.74', w.m.baseScale) / w.m.rules.amountStep),
    );
    const sweep = await placeBtc(w, attacker, 1, limit, w.m.rules.amountOf(lots));
    expect(sweep.status).toBe(2);
    expect(w.m.rules.amountOf(lots)).toBeGreaterThan(parseDecimal('1', w.m.baseScale));
    // 12 s, as the attack took, keeping the last trade up with the smallest buy at the best ask every
    // 250 ms: the maker puts its asks back around its own mid at its next tick, whatever was printed.
    const tiny = 2n * w.m.rules.amountStep;
    await run(w, t.clock.now() + 12_000, async () => {
      const ask = w.spot.committer.book(BTC_MARKET)!.book.bestAsk();
      if (ask !== null) await placeBtc(w, attacker, 1, w.m.rules.priceOf(ask), tiny);
    });
    const peak = w.marks.reduce((a, b) => (b > a ? b : a), startMark);
    expect(bps(startMark, peak)).toBeLessThan(15);
    // The attacker sells what it bought back into the bids, the colluder closes.
    const extra = (await total(t, attacker, 'change', BTC)) - before.attacker.btc;
    const floor = onTick(w, (startMark * 9_940n) / 10_000n);
    await placeBtc(w, attacker, 2, floor, (extra / w.m.rules.amountStep) * w.m.rules.amountStep);
    await run(w, t.clock.now() + 4_000);
    const closed = await t.app.ctx.db
      .selectFrom('lever_orders')
      .select(['close_reason'])
      .where('user_id', '=', colluder.id)
      .where('status', '=', 3)
      .execute();
    expect(closed.filter((o) => o.close_reason === 'take_profit')).toEqual([]);
    await t.call('POST', '/api/lever/batch_close', { type: 0 }, { token: colluder.token });
    const endMark = (await markAt(t.app.ctx.db, BTC_MARKET, t.clock.now())).priceMinor;
    const together =
      pnl(before.attacker, await holdings(t, attacker), endMark, w.m) +
      pnl(before.colluder, await holdings(t, colluder.id), endMark, w.m);
    expect(together).toBeLessThan(0n);
  });
});

describeEachDb(
  'lever attack (b): sweeping the bids and printing small sells to liquidate a long',
  (getApp) => {
    let w: World;
    beforeAll(async () => {
      w = await world(getApp(), 47);
    });

    it('the third party’s long at the highest multiple allowed stays open; the attacker loses', async () => {
      const t = w.t;
      const attacker = await t.userId('demo1@oryx.local');
      const victim = { id: await t.userId('demo2@oryx.local'), token: await t.tokenFor('demo2@oryx.local') };
      await credit(t, attacker, BTC, '3', w.m.baseScale);
      const submit = (multiple: number) =>
        t.call(
          'POST',
          '/api/lever/submit',
          { legal_id: USDT, currency_id: BTC, multiple, share: 1, type: 1, status: 1, password: PASSWORD },
          { token: victim.token },
        );
      // 150x at a 50 % level is liquidated by a third of a per cent: inside the mark's band, refused.
      expect((await submit(150)).body).toMatchObject({ type: 'error', code: 'LEVER_MULTIPLE_TOO_HIGH' });
      expect((await submit(100)).body.type).toBe('ok');
      const long = await t.app.ctx.db
        .selectFrom('lever_orders')
        .selectAll()
        .where('user_id', '=', victim.id)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      // Nothing free beside the margin: liquidated when the mark falls 0.5 % (P/L = -margin / 2).
      const free = (await ledger.balance(t.app.ctx.db, userAccount(victim.id, 'lever'), USDT)).availableMinor;
      await runInTransaction(t.app.ctx.db, (trx) =>
        ledger.transfer(trx, {
          from: userAccount(victim.id, 'lever'),
          to: userAccount(victim.id, 'change'),
          currencyId: USDT,
          amountMinor: free,
          reason: 'wallet.transfer',
          ref: { type: 'wallet_transfer', id: `lever-attack:${victim.id}` },
          at: t.clock.now(),
        }),
      );
      const startMark = (await markAt(t.app.ctx.db, BTC_MARKET, t.clock.now())).priceMinor;
      const before = await holdings(t, attacker);

      // The sweep: 1.74 BTC into the maker's bids (or all of them within 0.6 %).
      const limit = onTick(w, (startMark * 9_940n) / 10_000n);
      const lots = Math.min(
        lotsWithin(w, 'bids', limit),
        Number(parseDecimal('1.74', w.m.baseScale) / w.m.rules.amountStep),
      );
      expect((await placeBtc(w, attacker, 2, limit, w.m.rules.amountOf(lots))).status).toBe(2);
      // Then the smallest sell at the best bid every 250 ms for 8 s.
      const tiny = 2n * w.m.rules.amountStep;
      await run(w, t.clock.now() + 8_000, async () => {
        const bid = w.spot.committer.book(BTC_MARKET)!.book.bestBid();
        if (bid !== null) await placeBtc(w, attacker, 2, w.m.rules.priceOf(bid), tiny);
      });
      await run(w, t.clock.now() + 4_000);
      const low = w.marks.reduce((a, b) => (b < a ? b : a), startMark);
      expect(bps(startMark, low)).toBeGreaterThan(-15);
      const after = await t.app.ctx.db
        .selectFrom('lever_orders')
        .selectAll()
        .where('id', '=', long.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe(1);
      // The attacker sold below the mark: buying it back at the mark, it has lost.
      const endMark = (await markAt(t.app.ctx.db, BTC_MARKET, t.clock.now())).priceMinor;
      expect(pnl(before, await holdings(t, attacker), endMark, w.m)).toBeLessThan(0n);
      await t.call('POST', '/api/lever/close', { id: long.id }, { token: victim.token });
    });
  },
);
