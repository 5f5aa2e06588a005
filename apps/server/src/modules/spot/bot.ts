/**
 * Demo liquidity (demo mode only; nothing here runs in production mode, nor with SPOT_DEMO_BOT=0).
 *
 * Two ordinary users trade through the ordinary path (the committer, the ledger, fees and all):
 * - `bot@oryx.local`, the market maker: quotes BOT_LEVELS price levels on each side of every displayed
 *   market around a mid price that wanders like a calm major coin (bot-walk.ts: a few basis points a
 *   step, ~60 %/yr, pulled back towards the market's reference price), and refreshes them every 8 s, deep
 *   enough near the mid that moving the mark price (modules/mark) costs real money, never leaving a side
 *   of the book empty (MarketBot). It never follows the last trade: a quote someone took in full is put
 *   back around its own mid at its next tick (2 s), so one account's sweep or prints cannot carry the
 *   book, and with it the mark, to where it printed;
 * - `bot-taker@oryx.local`: now and then sends a small order that crosses the maker's best quote, so
 *   trades, candles and 24 h figures move from the first minute. (One user cannot do both: self-trade
 *   prevention cancels an order that would trade with its owner's own quotes.)
 * Both are funded from the `genesis` account by `seedBots` below (reason `spot.demo_credit`) and can
 * not log in (their password hash is not a valid hash).
 *
 * History. On the first start of a market that has never traded, the seeder replays a seeded price path
 * as real trades between the two bots with past times (`atMs`): the last 12 hours at three trades a
 * minute, the 5 days before at three every 15 minutes, and 120 days before that at three every 6 hours,
 * ending near the reference price. So every chart period has bars from the first page view, and the 24 h figures are real.
 */
import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runInTransaction } from '../../db/transaction';
import { gaussian, nextMid } from './bot-walk';
import { amountWorth, ignoreRefusal, limitCommand, toTickPrice } from './bot-orders';
import { usersRepo } from '../users/repo';
import { createRng, type Rng } from './engine/prng';
import type { Side } from './engine/types';
import type { SpotMarket } from './markets';
import { spotRepo } from './repo';
import type { SpotService } from './service';
import { userAccessRepo } from '../users/access-repo';
import { catalogRepo } from '../catalog/repo';

export const BOT_MAKER_EMAIL = 'bot@oryx.local';
export const BOT_TAKER_EMAIL = 'bot-taker@oryx.local';
/** Value (in USDT) each bot holds of every currency at the start. */
const BOT_FUNDING_USDT = 20_000_000n;
/**
 * The maker's ladder: BOT_LEVELS levels per side, the first BOT_FIRST_LEVEL_BPS from the mid, then one
 * every BOT_LEVEL_STEP_BPS, each worth BOT_LEVEL_USDT_MIN..MAX. About 10 levels sit within the mark's
 * 0.5 % band (modules/mark), some 150,000 USDT a side: moving the mark by its band costs several hundred
 * USDT, and the seconds-option limits (which follow that cost) leave stakes of a few thousand USDT.
 */
export const BOT_LEVELS = 12;
const BOT_FIRST_LEVEL_BPS = 2;
const BOT_LEVEL_STEP_BPS = 5;
const BOT_LEVEL_USDT_MIN = 10_000;
const BOT_LEVEL_USDT_MAX = 20_000;
const TICK_MS = 2_000;
/** The maker refreshes its quotes every this many ticks (one step of its price walk). */
const REQUOTE_EVERY = 4;
const REQUOTE_STEP_MS = TICK_MS * REQUOTE_EVERY;
/** Chance per tick that the taker trades. */
const TAKE_CHANCE = 0.6;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HISTORY_SEGMENTS = [
  { span: 12 * HOUR, step: MINUTE },
  { span: 5 * DAY, step: 15 * MINUTE },
  { span: 120 * DAY, step: 6 * HOUR },
];
/** Trades per step of the seeded path. */
const TRADES_PER_STEP = 3;
/** Daily volatility of the seeded path (about the live walk's: 3 % a day is some 57 % a year). */
const DAILY_VOL = 0.03;

// ---- the two bot users and their money (seed time) ---------------------------------------------

/** The spot module's demo seeder: the two bot users, funded (their history is replayed at start). */
export async function seedBots(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  const ids: number[] = [];
  for (const [email, code] of [
    [BOT_MAKER_EMAIL, 'ORYXBOT1'],
    [BOT_TAKER_EMAIL, 'ORYXBOT2'],
  ] as const) {
    const existingId = await usersRepo.idByEmail(db, email);
    if (existingId !== undefined) {
      ids.push(existingId);
      continue;
    }
    const id = await usersRepo.insertUser(db, {
      email,
      // Not a valid hash: nobody can log in as a bot.
      passwordHash: 'bot-no-login',
      extensionCode: code,
      type: '0',
      accountNumber: email,
      isDemo: 1,
      now,
    });
    ids.push(id);
  }
  const currencies = await catalogRepo.matchCurrencies(db);
  await runInTransaction(db, async (trx) => {
    for (const userId of ids) {
      for (const c of currencies) {
        const ref = { type: 'demo_seed', id: `bot:${userId}:change:${c.name}` };
        if (c.reference_usdt_price_minor <= 0n) continue;
        if (await ledger.hasEntry(trx, ref, 'spot.demo_credit')) continue;
        const amount = (BOT_FUNDING_USDT * 10n ** 8n * 10n ** BigInt(c.scale)) / c.reference_usdt_price_minor;
        if (amount <= 0n) continue;
        await ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: userAccount(userId, 'change'),
          currencyId: c.id,
          amountMinor: amount,
          reason: 'spot.demo_credit',
          ref,
          at: now,
        });
      }
    }
  });
}

// ---- seeded history -------------------------------------------------------------------------------

/**
 * Trade times and prices, oldest first, ending near the reference price at `nowMs`. The path is a seeded
 * random walk; each step carries several trades spread over it (so bars have bodies and wicks).
 */
export function historyPath(m: SpotMarket, nowMs: number, seed: number): { at: number; price: bigint }[] {
  const rng = createRng(seed);
  const points: { at: number; price: number }[] = [];
  let price = Number(m.referencePrice) / 10 ** m.quoteScale;
  let t = nowMs - MINUTE;
  let segmentEnd = nowMs;
  for (const seg of HISTORY_SEGMENTS) {
    segmentEnd -= seg.span;
    const sigma = DAILY_VOL * Math.sqrt(seg.step / DAY);
    for (; t > segmentEnd; t -= seg.step) {
      // Walking backwards: the trades of this step, latest first, around the path's price.
      for (let i = TRADES_PER_STEP - 1; i >= 0; i--) {
        const at = t + Math.floor((i * seg.step) / TRADES_PER_STEP);
        points.push({ at, price: price * Math.exp(sigma * 0.6 * gaussian(rng)) });
      }
      price *= Math.exp(sigma * gaussian(rng));
    }
  }
  return points.reverse().map((p) => ({ at: p.at, price: toTickPrice(m, p.price) }));
}

async function seedHistory(
  spot: SpotService,
  ctx: AppContext,
  makerId: number,
  takerId: number,
): Promise<void> {
  const now = ctx.clock.now();
  for (const m of spot.allMarkets()) {
    if (!m.isOpen || !m.isDisplay) continue;
    if (await spotRepo.hasTrades(ctx.db, m.id)) continue;
    const rng = createRng(1000 + m.id);
    const path = historyPath(m, now, 7 + m.id);
    const started = Date.now();
    for (let i = 0; i < path.length; i += 500) {
      const pending: Promise<unknown>[] = [];
      for (const { at, price } of path.slice(i, i + 500)) {
        const makerSide: Side = rng.next() < 0.5 ? 'buy' : 'sell';
        const amount = amountWorth(m, 50 + rng.next() * 1500, price);
        const rest = limitCommand(spot, makerId, m, makerSide, price, amount, at);
        const take = limitCommand(spot, takerId, m, makerSide === 'buy' ? 'sell' : 'buy', price, amount, at);
        if (!rest || !take) continue;
        pending.push(ignoreRefusal(spot.placeInternal(rest)), ignoreRefusal(spot.placeInternal(take)));
      }
      await Promise.all(pending);
    }
    ctx.log.info(
      { market: m.symbol, trades: path.length, ms: Date.now() - started },
      'spot: seeded demo history',
    );
  }
}

// ---- the live bot -------------------------------------------------------------------------------

/**
 * One market's maker and taker. Exported for the tests that attack the mark against this very book.
 *
 * Re-quoting never leaves a side of the published book empty: the new quotes of the side the mid moved
 * towards go in first (they cannot cross the old quotes of the other side), then that side's old quotes
 * are cancelled, then the other side's new quotes go in and its old ones are cancelled. Each step is
 * awaited (committed and published) before the next, and a side's old quotes are only cancelled once at
 * least one of its new quotes rests.
 */
export class MarketBot {
  private tick = 0;
  private mid: number;
  private quotes: { bids: number[]; asks: number[] } = { bids: [], asks: [] };

  constructor(
    private readonly spot: SpotService,
    private readonly m: SpotMarket,
    private readonly makerId: number,
    private readonly takerId: number,
    private readonly rng: Rng,
    leftOver: { bids: number[]; asks: number[] } = { bids: [], asks: [] },
  ) {
    this.quotes = leftOver;
    this.mid = Number(spot.committer.book(m.id)?.last.priceMinor ?? m.referencePrice) / 10 ** m.quoteScale;
  }

  async step(): Promise<void> {
    const m = this.m;
    if (this.tick++ % REQUOTE_EVERY === 0 || this.quotes.bids.length + this.quotes.asks.length === 0)
      await this.requote();
    else if (this.isDepleted()) await this.requoteAt(this.mid);
    if (this.rng.next() < TAKE_CHANCE) {
      const side: Side = this.rng.next() < 0.5 ? 'buy' : 'sell';
      const book = this.spot.committer.book(m.id)?.book;
      const best = side === 'buy' ? book?.bestAsk() : book?.bestBid();
      if (best === null || best === undefined) return;
      const price = m.rules.priceOf(best);
      const amount = amountWorth(m, 20 + this.rng.next() * 400, price);
      const cmd = limitCommand(this.spot, this.takerId, m, side, price, amount, undefined, 'market');
      if (cmd) await ignoreRefusal(this.spot.placeInternal(cmd));
    }
  }

  private async requote(): Promise<void> {
    const m = this.m;
    const ref = Number(m.referencePrice) / 10 ** m.quoteScale;
    // The walk goes on from the maker's own mid, never from the last trade: a sweep through its quotes,
    // or a burst of small prints at one side, is one account's doing, and a maker that re-anchored on it
    // would carry the book (and the mark, and every leveraged position on it) wherever that account
    // printed.
    await this.requoteAt(nextMid(this.mid, ref, gaussian(this.rng), REQUOTE_STEP_MS));
  }

  /**
   * Whether someone took one of the maker's quotes in full since it last quoted (its own taker's small
   * orders never do: a level is worth 10,000 USDT or more). The maker then quotes again around its own
   * mid at once, rather than leaving the swept side thin until its next walk step.
   */
  private isDepleted(): boolean {
    const open = this.spot.committer.book(this.m.id)?.open;
    if (!open) return false;
    return [...this.quotes.bids, ...this.quotes.asks].some((id) => !open.has(id));
  }

  /** Replaces the maker's ladder with one around `mid` (a float in quote units), both sides kept. */
  async requoteAt(mid: number): Promise<void> {
    const isUp = mid >= this.mid;
    this.mid = mid;
    const first: Side = isUp ? 'sell' : 'buy';
    for (const side of [first, first === 'sell' ? 'buy' : 'sell'] as const) {
      const key = side === 'buy' ? 'bids' : 'asks';
      const old = this.quotes[key];
      const placed = await this.placeSide(side, mid);
      // Only a side that has its new quotes resting loses its old ones.
      if (placed.length === 0) continue;
      this.quotes[key] = placed;
      await Promise.all(old.map((id) => ignoreRefusal(this.spot.cancelOrder(this.makerId, id))));
    }
  }

  /** Cancels every quote (a market no longer displayed). */
  async withdraw(): Promise<void> {
    const all = [...this.quotes.bids, ...this.quotes.asks];
    this.quotes = { bids: [], asks: [] };
    await Promise.all(all.map((id) => ignoreRefusal(this.spot.cancelOrder(this.makerId, id))));
  }

  private async placeSide(side: Side, mid: number): Promise<number[]> {
    const m = this.m;
    const ids: number[] = [];
    const placed: Promise<unknown>[] = [];
    for (let i = 0; i < BOT_LEVELS; i++) {
      const spread = (BOT_FIRST_LEVEL_BPS + i * BOT_LEVEL_STEP_BPS + this.rng.next()) / 10_000;
      const price = toTickPrice(m, mid * (side === 'buy' ? 1 - spread : 1 + spread));
      const usdt = BOT_LEVEL_USDT_MIN + this.rng.next() * (BOT_LEVEL_USDT_MAX - BOT_LEVEL_USDT_MIN);
      const cmd = limitCommand(this.spot, this.makerId, m, side, price, amountWorth(m, usdt, price));
      if (!cmd) continue;
      placed.push(
        ignoreRefusal(this.spot.placeInternal(cmd)).then((o) => {
          if (o && o.status === 1) ids.push(o.id);
        }),
      );
    }
    await Promise.all(placed);
    return ids;
  }
}

/** The spot module's background work: demo mode only. */
export async function startSpotBot(ctx: AppContext): Promise<() => Promise<void>> {
  const spot = ctx.services.spot.engine;
  if (ctx.env.ORYX_MODE !== 'demo' || !ctx.env.SPOT_DEMO_BOT) return async () => {};
  // Several processes share the markets (cluster.ts): the demo maker is the embedded shape's only.
  if (spot.cluster) return async () => {};
  const users = await userAccessRepo.idsByEmail(ctx.db, [BOT_MAKER_EMAIL, BOT_TAKER_EMAIL]);
  const makerId = users.get(BOT_MAKER_EMAIL);
  const takerId = users.get(BOT_TAKER_EMAIL);
  if (makerId === undefined || takerId === undefined) return async () => {};
  const state = ctx.services.spot.demoBot;
  state.isOn = true;

  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  const bots: MarketBot[] = [];
  running = (async () => {
    await seedHistory(spot, ctx, makerId, takerId);
    // The taker's orders left from a previous run are cancelled; the maker's stay on the book and become
    // the old quotes its first re-quote replaces (cancelling them first would empty the book a moment).
    for (const m of spot.allMarkets()) {
      const mb = spot.committer.book(m.id);
      const left = { bids: [] as number[], asks: [] as number[] };
      for (const o of [...(mb?.open.values() ?? [])]) {
        if (o.userId === takerId) await ignoreRefusal(spot.cancelOrder(o.userId, o.id));
        else if (o.userId === makerId) (o.side === 'buy' ? left.bids : left.asks).push(o.id);
      }
      const bot = new MarketBot(spot, m, makerId, takerId, createRng(Date.now() + m.id), left);
      if (m.isOpen && m.isDisplay) bots.push(bot);
      else await bot.withdraw();
    }
    // The first quotes at once, not a tick later: the process is ready (readiness.ts) once they rest.
    for (const b of bots) {
      if (isStopped) return;
      try {
        await b.step();
      } catch (err) {
        ctx.log.error({ err }, 'spot bot step failed');
      }
    }
    state.firstQuotesAt = ctx.clock.now();
  })().catch((err: unknown) => ctx.log.error({ err }, 'spot bot: history seeding failed'));

  const timer = setInterval(() => {
    if (isStopped) return;
    running = running.then(async () => {
      for (const b of bots) {
        if (isStopped) return;
        try {
          await b.step();
        } catch (err) {
          ctx.log.error({ err }, 'spot bot step failed');
        }
      }
    });
  }, TICK_MS);
  timer.unref?.();
  return async () => {
    isStopped = true;
    clearInterval(timer);
    await running;
    state.isOn = false;
  };
}
