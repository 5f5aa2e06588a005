/**
 * The Binance-compatible streams with two server processes on one PostgreSQL database and one Redis (two
 * apps in this test process, each listening on its own port): the process that does not own a market
 * serves its depth and trade streams from the owner's relayed batches (the same update ids and trade
 * ids as the owner's), a listen key made through one process is followed and kept alive through the
 * other, its user's orders placed through either process arrive on it, and deleting it through one
 * closes its connections on the other. Runs with TEST_DATABASE_URL and TEST_REDIS_URL, skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { startClusterApps } from '../../../test/cluster-apps';
import { quoteText, type SpotMarket } from '../spot/markets';
import {
  baseOf,
  newApiKey,
  openStream,
  signed,
  userStream,
  waitFor as waitForWithin,
  type Key,
  type StreamClient as Client,
  insideBid,
} from './test-helpers';

const redisUrl = process.env.TEST_REDIS_URL;
const A = 'demo1@oryx.local';
const B = 'demo2@oryx.local';
const open = (t: TestApp, path: string) => openStream(baseOf(t), path);
/** Across two processes, what a client waits for gets 10 s. */
const waitFor = <T>(what: string, fn: () => T | undefined | null | false) => waitForWithin(what, fn, 10_000);

describe.skipIf(!redisUrl || !DB_KINDS.includes('postgres'))(
  'binance streams across two server processes [postgres, redis]',
  () => {
    let drop: (() => Promise<void>) | undefined;
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    /** The owner of the market under test, and the other process. */
    let owner: TestApp;
    let other: TestApp;
    let m: SpotMarket;
    const keys: Record<string, Key> = {};
    const clients: Client[] = [];
    const connect = async (t: TestApp, path: string) => {
      const c = await open(t, path);
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      ({ a, b, drop } = await startClusterApps(redisUrl!));
      for (const t of [a, b]) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const engines = [a, b].map((t) => t.app.ctx.services.spot.engine);
      m = engines[0]!.allMarkets().find((x) => x.symbol === 'ETH/USDT')!;
      [owner, other] = engines[0]!.owns(m.id) ? [a, b] : [b, a];
      // The other process mirrors the owner's ladder once the owner answered its ask.
      await waitFor(
        'the mirror in step',
        () => other.app.ctx.services.binanceStream.hub.feeds.get(m.id)?.mirror?.isSynced,
      );
      keys.a = await newApiKey(owner, A);
      keys.b = await newApiKey(owner, B);
    }, 60_000);
    afterAll(async () => {
      for (const c of clients) c.ws.terminate();
      await b?.close();
      await a?.close();
      await drop?.();
    });

    it('depth, trade and user-data streams on the non-owner follow orders placed through either process', async () => {
      expect(owner.app.ctx.services.spot.engine.owns(m.id)).toBe(true);
      expect(other.app.ctx.services.spot.engine.owns(m.id)).toBe(false);
      // A listen key made through the owner, followed and kept alive through the other process.
      const lk = (await userStream(owner, 'POST', keys.a!)).body.listenKey as string;
      expect(lk).toMatch(/^[A-Za-z0-9]{60}$/);
      expect(await userStream(other, 'PUT', keys.a!, lk)).toEqual({ status: 200, body: {} });
      const user = await connect(other, `/ws/${lk}`);
      const streams = 'ethusdt@depth@100ms/ethusdt@trade/ethusdt@bookTicker';
      const onOther = await connect(other, `/stream?streams=${streams}`);
      const onOwner = await connect(owner, `/stream?streams=${streams}`);

      // A's bid above every other bid and below every ask, placed through the process that does not own it.
      const price = insideBid(owner.app, m);
      const order = { symbol: 'ETHUSDT', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price };
      const placed = await signed(other, 'POST', '/order', keys.a!, { ...order, side: 'BUY' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const orderId = placed.body.orderId as number;
      const reports = () => user.got.filter((e) => e.e === 'executionReport' && e.i === orderId);
      await waitFor('NEW on the other process', () => reports().find((e) => e.X === 'NEW'));

      // The depth diff on the non-owner is the owner's: the same update ids and levels.
      await owner.elapse(200);
      const depthOf = (c: Client) =>
        c.got.filter((e) => e.stream === 'ethusdt@depth@100ms').map((e) => e.data);
      const withBid = (c: Client) => depthOf(c).find((d) => d.b.some((l: string[]) => l[0] === price));
      const theirs = await waitFor('the depth diff on the owner', () => withBid(onOwner));
      const mine = await waitFor('the depth diff on the other', () => withBid(onOther));
      expect({ U: mine.U, u: mine.u, b: mine.b, a: mine.a }).toEqual({
        U: theirs.U,
        u: theirs.u,
        b: theirs.b,
        a: theirs.a,
      });
      const hubs = [owner, other].map((t) => t.app.ctx.services.binanceStream.hub);
      expect(hubs[1]!.depthSnapshot(m.id, 5_000)).toEqual(hubs[0]!.depthSnapshot(m.id, 5_000));
      const best = (c: Client) => c.got.filter((e) => e.stream === 'ethusdt@bookTicker').at(-1)?.data;
      await waitFor('bookTicker on the other', () => best(onOther)?.b === price);

      // B's sell through the owner crosses A's bid: the trade reaches both, and A's stream on the other.
      const sold = await signed(owner, 'POST', '/order', keys.b!, { ...order, side: 'SELL' });
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
      const tradesOf = (c: Client) => c.got.filter((e) => e.stream === 'ethusdt@trade').map((e) => e.data);
      const ownerTrade = await waitFor('the trade on the owner', () => tradesOf(onOwner)[0]);
      const otherTrade = await waitFor('the trade on the other', () => tradesOf(onOther)[0]);
      expect({ ...otherTrade, E: 0 }).toEqual({ ...ownerTrade, E: 0 });
      expect(ownerTrade.p).toBe(price);
      const fill = await waitFor('TRADE on the other process', () => reports().find((e) => e.x === 'TRADE'));
      expect(fill).toMatchObject({ X: 'FILLED', t: ownerTrade.t, L: price });
      await waitFor('the balances on the other process', () =>
        user.got.find((e) => e.e === 'outboundAccountPosition'),
      );
      await owner.elapse(200);
      await waitFor('the depth snapshots agree again', () => {
        const [x, y] = hubs.map((h) => JSON.stringify(h.depthSnapshot(m.id, 5_000)));
        return x === y;
      });
    });

    it('a listen key made on the non-owner is followed on the owner; deleted on one, it ends on both', async () => {
      const lk = (await userStream(other, 'POST', keys.a!)).body.listenKey as string;
      const onOwner = await connect(owner, `/ws/${lk}`);
      const onOther = await connect(other, `/ws/${lk}`);
      const mb = owner.app.ctx.services.spot.engine.committer.book(m.id)!;
      const low = mb.book.bestBid() ?? Number((1000n * 10n ** BigInt(m.quoteScale)) / m.rules.priceTick);
      const price = quoteText(m, m.rules.priceOf(Math.max(1, low - 50)));
      const placed = await signed(owner, 'POST', '/order', keys.a!, {
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '0.01',
        price,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const id = placed.body.orderId as number;
      for (const c of [onOwner, onOther])
        await waitFor('NEW', () => c.got.find((e) => e.e === 'executionReport' && e.i === id));
      const cancelled = await signed(other, 'DELETE', '/order', keys.a!, { symbol: 'ETHUSDT', orderId: id });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      for (const c of [onOwner, onOther])
        await waitFor('CANCELED', () => c.got.find((e) => e.i === id && e.X === 'CANCELED'));

      expect(await userStream(owner, 'DELETE', keys.a!, lk)).toEqual({ status: 200, body: {} });
      for (const c of [onOwner, onOther]) {
        await waitFor('the connection closed', () => c.closed);
        expect(c.got.at(-1)).toMatchObject({ e: 'listenKeyExpired', listenKey: lk });
        expect(c.closed).toEqual({ code: 1000, reason: 'listenKeyExpired' });
      }
      expect((await userStream(other, 'PUT', keys.a!, lk)).body.code).toBe(-1125);
      await expect(open(other, `/ws/${lk}`)).rejects.toThrow('HTTP 400');
    });
  },
);
