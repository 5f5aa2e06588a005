/**
 * The Binance-compatible streams against a real server listening on a port, driven by real spot orders
 * through `POST /api/coin/trade`, read with a `ws` client: subscriptions by path, by SUBSCRIBE and
 * combined; trade / aggTrade / kline / ticker / miniTicker / bookTicker values against the database and
 * the engine; the depth diffs applied to a snapshot taken mid-burst rebuild the engine's book exactly;
 * refusals (bad names, unknown symbols, bad JSON, too many streams or messages); keepalive pings.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { baseText, quoteText, type SpotMarket } from '../spot/markets';
import { depthSnapshot, binanceSymbol } from './service';
import { MAX_STREAMS, PING_INTERVAL_MS } from './ws-server';
import { baseOf, openStream, waitFor, type StreamClient } from './test-helpers';

const ETH = 3;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDb('binance streams', (getApp) => {
  let t: TestApp;
  let base: string;
  let m: SpotMarket;
  let sym: string;
  let tokens: { a: string; b: string };
  const clients: StreamClient[] = [];
  const connect = async (path: string) => {
    const c = await openStream(base, path);
    clients.push(c);
    return c;
  };
  const place = (token: string, body: Record<string, unknown>) =>
    t.call('POST', '/api/coin/trade', { legal_id: 1, currency_id: ETH, ...body }, { token });
  /** The engine's book as Binance levels. */
  const engineBook = () => {
    const mb = t.app.ctx.services.spot.engine.committer.book(m.id)!;
    const d = mb.book.depth(10_000);
    const lv = ([ticks, lots]: [number, number]) => [
      quoteText(m, m.rules.priceOf(ticks)),
      baseText(m, m.rules.amountOf(lots)),
    ];
    return { bids: d.bids.map(lv), asks: d.asks.map(lv) };
  };
  const trades = async (afterId: number) =>
    t.app.ctx.db
      .selectFrom('spot_trades')
      .selectAll()
      .where('market_id', '=', m.id)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute();
  const maxTradeId = async () => (await trades(0)).reduce((x, r) => Math.max(x, r.id), 0);

  beforeAll(async () => {
    t = getApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(t);
    m = t.app.ctx.services.spot.engine.allMarkets().find((x) => x.symbol === 'ETH/USDT')!;
    sym = binanceSymbol(m);
    tokens = { a: await t.tokenFor('demo1@oryx.local'), b: await t.tokenFor('demo2@oryx.local') };
    return async () => {
      for (const c of clients) c.ws.terminate();
    };
  });

  it('names ETH/USDT ETHUSDT', () => {
    expect(sym).toBe('ETHUSDT');
  });

  it('streams trades by path: ids, price, quantity, time and maker side as the database has them', async () => {
    const c = await connect(`/ws/ethusdt@trade`);
    const before = await maxTradeId();
    expect((await place(tokens.a, { type: 1, target_price: '3401', amount: '0.25' })).body.type).toBe('ok');
    expect((await place(tokens.b, { type: 2, target_price: '3401', amount: '0.1' })).body.type).toBe('ok');
    const rows = await trades(before);
    expect(rows.length).toBe(1);
    const ev = await waitFor('a trade event', () => c.got.find((e) => e.t === rows[0]!.id));
    expect(ev).toEqual({
      e: 'trade',
      E: t.clock.now(),
      s: 'ETHUSDT',
      t: rows[0]!.id,
      p: quoteText(m, rows[0]!.price_minor),
      q: baseText(m, rows[0]!.amount_minor),
      T: rows[0]!.created_at,
      m: true, // the seller took the resting buy: the buyer is the maker
      M: true,
    });
    expect(ev.p).toBe('3401.00000000');
  });

  it('subscribes, lists and unsubscribes by request on /ws, replying {result, id}', async () => {
    const c = await connect('/ws');
    c.send({ method: 'SUBSCRIBE', params: ['ethusdt@aggTrade', 'ethusdt@bookTicker'], id: 1 });
    await waitFor('the reply', () => c.got.find((e) => e.id === 1));
    expect(c.got.find((e) => e.id === 1)).toEqual({ result: null, id: 1 });
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 2 });
    expect(await waitFor('the list', () => c.got.find((e) => e.id === 2))).toEqual({
      result: ['ethusdt@aggTrade', 'ethusdt@bookTicker'],
      id: 2,
    });
    c.send({ method: 'UNSUBSCRIBE', params: ['ethusdt@bookTicker'], id: 'x3' });
    await waitFor('the unsubscribe reply', () => c.got.find((e) => e.id === 'x3'));
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 4 });
    expect(await waitFor('the list', () => c.got.find((e) => e.id === 4))).toEqual({
      result: ['ethusdt@aggTrade'],
      id: 4,
    });
    // One taker order filling two resting orders at one price is one aggregate trade.
    const before = await maxTradeId();
    await place(tokens.a, { type: 1, target_price: '3402', amount: '0.01' });
    await place(tokens.a, { type: 1, target_price: '3402', amount: '0.02' });
    await place(tokens.b, { type: 2, target_price: '3402', amount: '0.03' });
    const rows = await trades(before);
    expect(rows.length).toBe(2);
    const ev = await waitFor('an aggTrade', () =>
      c.got.find((e) => e.e === 'aggTrade' && e.f === rows[0]!.id),
    );
    expect(ev).toMatchObject({
      s: 'ETHUSDT',
      a: rows[0]!.id,
      p: '3402.00000000',
      q: baseText(m, rows[0]!.amount_minor + rows[1]!.amount_minor),
      f: rows[0]!.id,
      l: rows[1]!.id,
      T: rows[1]!.created_at,
      m: true,
    });
    expect(c.got.some((e) => e.u !== undefined && e.b !== undefined && e.e === undefined)).toBe(false);
  });

  it('wraps combined streams as {stream, data}', async () => {
    const c = await connect('/stream?streams=ethusdt@trade/ethusdt@bookTicker');
    // Above every bid so far: a new best bid.
    await place(tokens.a, { type: 1, target_price: '3401.5', amount: '0.05' });
    const ev = await waitFor('a bookTicker', () => c.got.find((e) => e.stream === 'ethusdt@bookTicker'));
    expect(Object.keys(ev).sort()).toEqual(['data', 'stream']);
    expect(Object.keys(ev.data).sort()).toEqual(['A', 'B', 'a', 'b', 's', 'u']);
    expect(ev.data.s).toBe('ETHUSDT');
    c.send({ method: 'SUBSCRIBE', params: ['ethusdt@aggTrade'], id: 9 });
    await place(tokens.b, { type: 2, target_price: '3401.5', amount: '0.05' });
    await waitFor('a wrapped trade', () =>
      c.got.find((e) => e.stream === 'ethusdt@trade' && e.data.e === 'trade'),
    );
    await waitFor('a wrapped aggTrade', () => c.got.find((e) => e.stream === 'ethusdt@aggTrade'));
  });

  it('refuses bad stream names and unknown symbols with an error reply', async () => {
    await expect(openStream(base, '/ws/ethusdt@nonsense')).rejects.toMatchObject({ status: 400 });
    const e = await openStream(base, '/ws/zzzusdt@trade').catch(
      (err: { status: number; body: string }) => err,
    );
    expect(e).toMatchObject({ status: 400 });
    expect(JSON.parse((e as { body: string }).body)).toEqual({
      code: 2,
      msg: 'Invalid request: unknown symbol "zzzusdt" in stream "zzzusdt@trade"',
    });
    await expect(openStream(base, '/stream?streams=ethusdt@trade/ETHUSDT@trade')).rejects.toMatchObject({
      status: 400,
    });
    const c = await connect('/ws');
    c.send({ method: 'SUBSCRIBE', params: ['ethusdt@trade', 'nopeusdt@trade'], id: 5 });
    expect(await waitFor('the refusal', () => c.got.find((x) => x.id === 5))).toEqual({
      error: { code: 2, msg: 'Invalid request: unknown symbol "nopeusdt" in stream "nopeusdt@trade"' },
      id: 5,
    });
    c.send('{not json');
    const bad = await waitFor('the JSON refusal', () => c.got.find((x) => x.error?.code === 3));
    expect(bad.id).toBeNull();
    c.send({
      method: 'SUBSCRIBE',
      params: Array.from({ length: MAX_STREAMS + 1 }, (_, i) => `ethusdt@kline_1m${i}`),
      id: 6,
    });
    expect((await waitFor('the refusal', () => c.got.find((x) => x.id === 6))).error.code).toBe(2);
    c.send({ method: 'LIST_SUBSCRIPTIONS', id: 7 });
    // Nothing of a refused request was subscribed.
    expect(await waitFor('the list', () => c.got.find((x) => x.id === 7))).toEqual({ result: [], id: 7 });
  });

  it('closes a connection sending more than 5 messages a second, and pings the others', async () => {
    const quiet = await connect('/ws/ethusdt@trade');
    const c = await connect('/ws');
    for (let i = 1; i <= 6; i++) c.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    const closed = await waitFor('the close', () => c.closed);
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/Too many messages/);
    await t.elapse(PING_INTERVAL_MS);
    await waitFor('a ping', () => quiet.pings > 0);
    expect(quiet.closed).toBeNull();
  });

  it('a burst of orders: depth diffs rebuild the book from a snapshot; klines, tickers and the best prices match', async () => {
    const depth = await connect('/ws/ethusdt@depth@100ms');
    const slow = await connect(
      '/stream?streams=ethusdt@depth/ethusdt@depth10/ethusdt@kline_1m/ethusdt@kline_1h/ethusdt@ticker/ethusdt@miniTicker/ethusdt@bookTicker',
    );
    const before = await maxTradeId();
    const rnd = prng(7);
    const opened: { token: string; id: number }[] = [];
    const burst = async (n: number) => {
      const jobs: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const isBuy = rnd() < 0.5;
        const token = isBuy ? tokens.a : tokens.b;
        const r = rnd();
        if (r < 0.15 && opened.length > 0) {
          const [o] = opened.splice(Math.floor(rnd() * opened.length), 1);
          jobs.push(t.call('PUT', '/api/coin/trade', { id: o!.id }, { token: o!.token }).then(() => {}));
          continue;
        }
        // Buys 3380..3404, sells 3396..3420: a band where they cross.
        const price = isBuy ? 3380 + Math.floor(rnd() * 25) : 3396 + Math.floor(rnd() * 25);
        const amount = (0.01 + Math.floor(rnd() * 20) / 100).toFixed(2);
        const body =
          r > 0.93
            ? { type: isBuy ? 1 : 2, order_type: 'market', amount: '0.03', target_price: String(price) }
            : { type: isBuy ? 1 : 2, target_price: String(price), amount };
        jobs.push(
          place(token, body).then((res) => {
            if (
              res.body.type === 'ok' &&
              res.body.order.state !== 'filled' &&
              res.body.order.state !== 'cancelled'
            )
              opened.push({ token, id: res.body.order.id });
          }),
        );
      }
      await Promise.all(jobs);
      await t.elapse(100);
    };
    for (let i = 0; i < 4; i++) await burst(40);
    // The client's sync: it listens first, then takes the snapshot (what GET /api/v3/depth answers).
    const snap = depthSnapshot(t.app.ctx, m.id, 5_000);
    for (let i = 0; i < 6; i++) await burst(40);
    const final = depthSnapshot(t.app.ctx, m.id, 5_000);
    await t.elapse(1_000);
    await waitFor('the last diff', () => depth.got.some((e) => e.u === final.lastUpdateId));
    await waitFor('the last slow diff', () =>
      slow.got.some((e) => e.stream === 'ethusdt@depth' && e.data.u === final.lastUpdateId),
    );

    const rebuild = (events: any[]) => {
      const bids = new Map<string, string>(snap.bids);
      const asks = new Map<string, string>(snap.asks);
      let last = snap.lastUpdateId;
      let isFirst = true;
      for (const e of events) {
        expect(e.e).toBe('depthUpdate');
        if (e.u <= snap.lastUpdateId) continue;
        if (isFirst) {
          expect(e.U).toBeLessThanOrEqual(snap.lastUpdateId + 1);
          expect(e.u).toBeGreaterThanOrEqual(snap.lastUpdateId + 1);
          isFirst = false;
        } else expect(e.U).toBe(last + 1);
        last = e.u;
        for (const [side, levels] of [
          [bids, e.b],
          [asks, e.a],
        ] as [Map<string, string>, [string, string][]][])
          for (const [p, q] of levels) {
            if (Number(q) === 0) side.delete(p);
            else side.set(p, q);
          }
      }
      const sorted = (side: Map<string, string>, dir: number) =>
        [...side].sort((x, y) => dir * (Number(x[0]) - Number(y[0])));
      return { bids: sorted(bids, -1), asks: sorted(asks, 1), last };
    };
    const book = engineBook();
    expect(book.bids.length + book.asks.length).toBeGreaterThan(10);
    for (const events of [
      depth.got,
      slow.got.filter((e) => e.stream === 'ethusdt@depth').map((e) => e.data),
    ]) {
      const r = rebuild(events);
      expect(r.last).toBe(final.lastUpdateId);
      expect({ bids: r.bids, asks: r.asks }).toEqual(book);
    }
    expect({ bids: final.bids, asks: final.asks }).toEqual(book);
    // The partial book (`@depth10`): the best 10 levels a side at the last update id.
    expect(slow.got.filter((e) => e.stream === 'ethusdt@depth10').pop().data).toEqual({
      lastUpdateId: final.lastUpdateId,
      bids: book.bids.slice(0, 10),
      asks: book.asks.slice(0, 10),
    });

    // Trades of the burst, from the database.
    const rows = await trades(before);
    expect(rows.length).toBeGreaterThan(20);
    const lastRow = rows[rows.length - 1]!;
    const now = t.clock.now();

    // bookTicker: the last one is the engine's best bid and ask.
    const bt = slow.got.filter((e) => e.stream === 'ethusdt@bookTicker').pop().data;
    // Sent when the best bid or ask changed: its id is that change's, at most the book's last.
    expect(bt.u).toBeLessThanOrEqual(final.lastUpdateId);
    expect(bt).toEqual({
      u: bt.u,
      s: 'ETHUSDT',
      b: book.bids[0]![0],
      B: book.bids[0]![1],
      a: book.asks[0]![0],
      A: book.asks[0]![1],
    });

    // kline_1m and kline_1h: the bar holding the last trade, against the database's trades in it.
    for (const [interval, ms] of [
      ['1m', 60_000],
      ['1h', 3_600_000],
    ] as const) {
      const start = Math.floor(lastRow.created_at / ms) * ms;
      const all = await t.app.ctx.db
        .selectFrom('spot_trades')
        .selectAll()
        .where('market_id', '=', m.id)
        .where('created_at', '>=', start)
        .where('created_at', '<', start + ms)
        .orderBy('id')
        .execute();
      const k = slow.got
        .filter((e) => e.stream === `ethusdt@kline_${interval}` && e.data.k.t === start)
        .pop().data;
      const sum = (f: (r: (typeof all)[number]) => bigint) => all.reduce((s, r) => s + f(r), 0n);
      const max = all.reduce((x, r) => (r.price_minor > x ? r.price_minor : x), 0n);
      const min = all.reduce((x, r) => (r.price_minor < x ? r.price_minor : x), all[0]!.price_minor);
      expect(k).toEqual({
        e: 'kline',
        E: expect.any(Number),
        s: 'ETHUSDT',
        k: {
          t: start,
          T: start + ms - 1,
          s: 'ETHUSDT',
          i: interval,
          f: all[0]!.id,
          L: all[all.length - 1]!.id,
          o: quoteText(m, all[0]!.price_minor),
          c: quoteText(m, all[all.length - 1]!.price_minor),
          h: quoteText(m, max),
          l: quoteText(m, min),
          v: baseText(
            m,
            sum((r) => r.amount_minor),
          ),
          n: all.length,
          x: false,
          q: quoteText(
            m,
            sum((r) => r.quote_minor),
          ),
          V: baseText(
            m,
            sum((r) => (r.taker_side === 1 ? r.amount_minor : 0n)),
          ),
          Q: quoteText(
            m,
            sum((r) => (r.taker_side === 1 ? r.quote_minor : 0n)),
          ),
          B: '0',
        },
      });
    }

    // 24 h ticker and mini ticker: the rolling window of one-minute bars, against the database.
    const from = Math.floor((now - 86_400_000) / 60_000) * 60_000;
    const day = await t.app.ctx.db
      .selectFrom('spot_trades')
      .selectAll()
      .where('market_id', '=', m.id)
      .where('created_at', '>', from - 60_000)
      .orderBy('id')
      .execute();
    const inWindow = day.filter(
      (r) => Math.floor(r.created_at / 60_000) * 60_000 + 60_000 > now - 86_400_000,
    );
    const vol = inWindow.reduce((s, r) => s + r.amount_minor, 0n);
    const tk = slow.got.filter((e) => e.stream === 'ethusdt@ticker').pop().data;
    expect(tk).toMatchObject({
      e: '24hrTicker',
      s: 'ETHUSDT',
      c: quoteText(m, lastRow.price_minor),
      Q: baseText(m, lastRow.amount_minor),
      v: baseText(m, vol),
      q: quoteText(
        m,
        inWindow.reduce((s, r) => s + r.quote_minor, 0n),
      ),
      b: book.bids[0]![0],
      a: book.asks[0]![0],
      L: lastRow.id,
      F: inWindow[0]!.id,
      n: inWindow.length,
      O: tk.E - 86_400_000,
      C: tk.E,
    });
    const mini = slow.got.filter((e) => e.stream === 'ethusdt@miniTicker').pop().data;
    expect(mini).toEqual({
      e: '24hrMiniTicker',
      E: tk.E,
      s: 'ETHUSDT',
      c: tk.c,
      o: tk.o,
      h: tk.h,
      l: tk.l,
      v: tk.v,
      q: tk.q,
    });

    // A minute later with no trade the 1m bar closes (x: true) and an empty bar at its close follows.
    await t.elapse(61_000);
    const closedBar = await waitFor(
      'the closed 1m bar',
      () => slow.got.find((e) => e.stream === 'ethusdt@kline_1m' && e.data.k.x === true)?.data.k,
    );
    expect(closedBar.L).toBe(lastRow.id);
    const empty = await waitFor(
      'the next 1m bar',
      () => slow.got.find((e) => e.stream === 'ethusdt@kline_1m' && e.data.k.t === closedBar.T + 1)?.data.k,
    );
    expect(empty).toMatchObject({ o: closedBar.c, c: closedBar.c, n: 0, f: -1, L: -1, x: false });
  });

  it('runs no timer once nobody listens: the manual clock can move by a month in one step', async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await waitFor('every connection closed', () => t.app.ctx.services.binanceStream.server.size === 0);
    expect(() => t.clock.advance(30 * 86_400_000)).not.toThrow();
  });
});
