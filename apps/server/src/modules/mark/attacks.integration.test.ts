/**
 * The two attacks that beat a last-trade settlement price, replayed against the mark and the demo market
 * maker's book (spot/bot.ts MarketBot), on the real server and database, with the manual clock:
 *
 *  (a) one account opens "up" options and buys the smallest amount at the ask 150 ms before each expiry,
 *      so the last trade before the expiry is its own print above the mid;
 *  (b) two accounts collude in a falling market: 1.5 s before the expiry one rests a tiny ask just above
 *      the option's open price, 150 ms before it the bettor buys up to that ask.
 *
 * Against the last trade both attacks decide the end price (checked on the spot trade history); against
 * the mark the bettors lose money over the runs. The book is sampled every second as in production.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import type { MarketBot } from '../spot/bot';
import { createRng } from '../spot/engine/prng';
import { lastTradeAt } from '../spot/price-history';
import type { SpotService } from '../spot/service';
import { btcMarketBot, placeBtc } from '../spot/test-helpers';
import type { SpotMarket } from '../spot/markets';
import { sampleBooks } from './sampler';

/**
 * An attack replays minutes of market second by second, the maker re-quoting every 2 s: some 300
 * re-quotes (each a batch of orders and cancels through the spot engine) take about 20 s alone on
 * PostgreSQL, and more than the integration project's 60 s when every core is busy with other files.
 */
const ATTACK_TIMEOUT_MS = 180_000;
const BTC_MARKET = 1;
const USDT = 1;
const BTC = 2;

interface World {
  t: TestApp;
  spot: SpotService;
  m: SpotMarket;
  bot: MarketBot;
  mid: (atMs: number) => number;
}

async function world(t: TestApp, seed: number, mid: (atMs: number) => number): Promise<World> {
  // Start on a whole second with a book and a window of samples behind it.
  const w = { t, ...(await btcMarketBot(t, seed)), mid };
  await w.bot.requoteAt(mid(t.clock.now()));
  for (let i = 0; i < 20; i++) await advance(w, t.clock.now() + 1000);
  return w;
}

/** Moves the clock to `toMs` second by second: the maker re-quotes every 2 s, the book is sampled every 1 s. */
async function advance(w: World, toMs: number): Promise<void> {
  const clock = w.t.clock;
  while (clock.now() < toMs) {
    const next = Math.min(toMs, Math.floor(clock.now() / 1000) * 1000 + 1000);
    clock.set(next);
    if (next % 1000 !== 0) continue;
    if (next % 2000 === 0) await w.bot.requoteAt(w.mid(next));
    await sampleBooks(w.t.app.ctx, next);
  }
}

async function order(w: World, token: string, userId: number, body: Record<string, unknown>) {
  const r = await w.t.call('POST', '/api/microtrade/submit', body, { token });
  expect(r.body).toEqual({ type: 'ok', message: 'Order placed' });
  return w.t.app.ctx.db
    .selectFrom('micro_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** What the user holds in USDT (spot + micro, available + frozen) and BTC (spot). */
async function holdings(w: World, userId: number) {
  const db = w.t.app.ctx.db;
  const sum = async (wallet: 'change' | 'micro', currencyId: number) => {
    const b = await ledger.balance(db, userAccount(userId, wallet), currencyId);
    return b.availableMinor + b.frozenMinor;
  };
  return { usdt: (await sum('change', USDT)) + (await sum('micro', USDT)), btc: await sum('change', BTC) };
}

/** Profit and loss in USDT minor units, the BTC held valued at `priceMinor`. */
function pnl(
  before: { usdt: bigint; btc: bigint },
  after: { usdt: bigint; btc: bigint },
  priceMinor: bigint,
  m: SpotMarket,
): bigint {
  return after.usdt - before.usdt + ((after.btc - before.btc) * priceMinor) / 10n ** BigInt(m.baseScale);
}

describeEachDb('mark: attack (a), one account prints at the ask just before each expiry', (getApp) => {
  let w: World;
  beforeAll(async () => {
    const t = getApp();
    // A random walk of the mid: 0.04 % per 2 s.
    const rng = createRng(77);
    const start = t.clock.now();
    const path: number[] = [96_000];
    w = await world(t, 11, (atMs) => {
      const i = Math.max(0, Math.floor((atMs - start) / 2000));
      while (path.length <= i) {
        const u = Math.max(rng.next(), 1e-12);
        const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
        path.push(path[path.length - 1]! * Math.exp(0.0004 * z));
      }
      return path[i]!;
    });
  });

  it(
    'the print decides a last-trade price every time, but not the mark: the attacker loses',
    async () => {
      const t = w.t;
      const email = 'demo1@oryx.local';
      const token = await t.tokenFor(email);
      const userId = await t.userId(email);
      const before = await holdings(w, userId);
      const RUNS = 10;
      let markWins = 0;
      let lastTradeWins = 0;
      let lastMark = 0n;
      for (let run = 0; run < RUNS; run++) {
        const o = await order(w, token, userId, {
          match_id: BTC_MARKET,
          currency_id: USDT,
          type: 1,
          seconds: 60,
          number: 100,
        });
        await advance(w, o.expires_at - 150);
        const ask = w.spot.committer.book(BTC_MARKET)!.book.bestAsk()!;
        const askPrice = w.m.rules.priceOf(ask);
        const mine = await placeBtc(w, userId, 1, askPrice, 2n * w.m.rules.amountStep); // the least above 1 USDT
        expect(mine.status).toBe(2); // filled at the ask
        await advance(w, o.expires_at);
        expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now())).done).toBe(1);
        const settled = await t.app.ctx.db
          .selectFrom('micro_orders')
          .selectAll()
          .where('id', '=', o.id)
          .executeTakeFirstOrThrow();
        // The last trade at the expiry is the attacker's own: a last-trade rule would settle on it.
        const last = await lastTradeAt(t.app.ctx.db, BTC_MARKET, o.expires_at);
        expect(last.priceMinor).toBe(askPrice);
        expect(settled.end_trade_id).toBe(last.tradeId);
        const lastOpen = await lastTradeAt(t.app.ctx.db, BTC_MARKET, o.opened_at);
        if (last.priceMinor > lastOpen.priceMinor) lastTradeWins++;
        // The mark: the print is one account's, so it counts for at most 20 % x 25 % = 5 %, clipped.
        const proof = (await t.call('GET', '/api/microtrade/proof', { id: o.id })).body.message;
        expect(proof.end_mark.method).toBe('book');
        expect(proof.end_mark.inputs.trade_share_bps).toBeLessThanOrEqual(500);
        expect(settled.end_price_minor).not.toBe(askPrice);
        if (settled.result === 1) markWins++;
        lastMark = settled.end_price_minor!;
      }
      const loss = pnl(before, await holdings(w, userId), lastMark, w.m);
      // Ten up options against a fair book: about half win at 10 %, the rest lose the stake.
      expect(markWins).toBeLessThan(RUNS);
      expect(lastTradeWins).toBeGreaterThanOrEqual(markWins);
      expect(loss).toBeLessThan(0n);
    },
    ATTACK_TIMEOUT_MS,
  );
});

describeEachDb('mark: attack (b), two accounts print above the open price in a falling market', (getApp) => {
  let w: World;
  beforeAll(async () => {
    const t = getApp();
    const start = t.clock.now();
    // Falling by 0.3 % a minute, with a little noise.
    const rng = createRng(5);
    w = await world(
      t,
      23,
      (atMs) => 96_000 * Math.exp((-0.003 * (atMs - start)) / 60_000) * (1 + 0.0001 * (rng.next() - 0.5)),
    );
  });

  it(
    'the colluders win every time on the last trade, and lose on the mark',
    async () => {
      const t = w.t;
      const bettor = { email: 'demo1@oryx.local', token: '', id: 0 };
      const colluder = { email: 'seller@oryx.local', id: 0 };
      bettor.token = await t.tokenFor(bettor.email);
      bettor.id = await t.userId(bettor.email);
      colluder.id = await t.userId(colluder.email);
      // The bettor can afford to sweep the maker's asks up to the colluder's price.
      await runInTransaction(t.app.ctx.db, (trx) =>
        ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: userAccount(bettor.id, 'change'),
          currencyId: USDT,
          amountMinor: parseDecimal('2000000', 8),
          reason: 'wallet.demo_credit',
          ref: { type: 'demo_seed', id: 'mark-attack-b' },
          at: t.clock.now(),
        }),
      );
      const before = {
        bettor: await holdings(w, bettor.id),
        colluder: await holdings(w, colluder.id),
      };
      const RUNS = 5;
      let markWins = 0;
      let lastTradeWins = 0;
      let lastMark = 0n;
      for (let run = 0; run < RUNS; run++) {
        const o = await order(w, bettor.token, bettor.id, {
          match_id: BTC_MARKET,
          currency_id: USDT,
          type: 1,
          seconds: 60,
          number: 1000,
        });
        const target = o.open_price_minor + w.m.rules.priceTick;
        await advance(w, o.expires_at - 1500);
        await placeBtc(w, colluder.id, 2, target, 2n * w.m.rules.amountStep);
        await advance(w, o.expires_at - 150);
        // Buy everything resting at or below the colluder's ask, so the last print is the colluder's.
        const asks = w.spot.committer.book(BTC_MARKET)!.book.depth(1000).asks;
        const lots = asks
          .filter(([ticks]) => w.m.rules.priceOf(ticks) <= target)
          .reduce((a, [, l]) => a + l, 0);
        const sweep = await placeBtc(w, bettor.id, 1, target, w.m.rules.amountOf(lots));
        expect(sweep.status).toBe(2);
        await advance(w, o.expires_at);
        expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now())).done).toBe(1);
        const last = await lastTradeAt(t.app.ctx.db, BTC_MARKET, o.expires_at);
        expect(last.priceMinor).toBe(target);
        if (last.priceMinor > o.open_price_minor) lastTradeWins++;
        const settled = await t.app.ctx.db
          .selectFrom('micro_orders')
          .selectAll()
          .where('id', '=', o.id)
          .executeTakeFirstOrThrow();
        if (settled.result === 1) markWins++;
        lastMark = settled.end_price_minor!;
        // The bettor sells what the sweep bought back into the maker's bids.
        const held = (await ledger.balance(t.app.ctx.db, userAccount(bettor.id, 'change'), BTC))
          .availableMinor;
        const extra = held - before.bettor.btc;
        if (extra > 0n) {
          const bid = w.spot.committer.book(BTC_MARKET)!.book.depth(1000).bids.at(-1)!;
          await placeBtc(
            w,
            bettor.id,
            2,
            w.m.rules.priceOf(bid[0]),
            (extra / w.m.rules.amountStep) * w.m.rules.amountStep,
          );
        }
        await advance(w, t.clock.now() + 2000);
      }
      expect(lastTradeWins).toBe(RUNS);
      expect(markWins).toBe(0);
      const together =
        pnl(before.bettor, await holdings(w, bettor.id), lastMark, w.m) +
        pnl(before.colluder, await holdings(w, colluder.id), lastMark, w.m);
      expect(together).toBeLessThan(0n);
    },
    ATTACK_TIMEOUT_MS,
  );
});
