/**
 * The user-data stream against a real listening server, read with a `ws` client: listen keys made, kept
 * alive and deleted through `/api/v3/userDataStream` (API key only); orders placed, filled and cancelled
 * through the signed `/api/v3/order` arrive as executionReports whose ids, quantities, prices and
 * commissions are the database's, and outboundAccountPosition carries the ledger's balances; another
 * user's orders never arrive; unknown keys are refused; a deleted or expired key closes its connections.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { ledger } from '../ledger/service';
import { baseText, quoteText, type SpotMarket } from '../spot/markets';
import { LISTEN_KEY_TTL_MS } from './listen-keys';
import {
  baseOf,
  newApiKey,
  openStream as open,
  signed as signedCall,
  userStream as userStreamCall,
  waitFor,
  type Key,
  type StreamClient as Client,
  insideBid,
} from './test-helpers';

const A = 'demo1@oryx.local';
const B = 'demo2@oryx.local';

describeEachDb('binance user data stream', (getApp) => {
  let t: TestApp;
  let base: string;
  let m: SpotMarket;
  const keys: Record<string, Key> = {};
  const clients: Client[] = [];
  const connect = async (path: string) => {
    const c = await open(base, path);
    clients.push(c);
    return c;
  };

  const newKey = (email: string) => newApiKey(t, email);
  const signed = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    key: Key,
    params: Record<string, string | number>,
  ) => signedCall(t, method, path, key, params);
  const userStream = (method: 'POST' | 'PUT' | 'DELETE', key: Key | null, listenKey?: string) =>
    userStreamCall(t, method, key, listenKey);

  const reports = (c: Client, orderId: number) =>
    c.got.filter((e) => e.e === 'executionReport' && e.i === orderId);
  /** The balances of the last outboundAccountPosition received after event index `after`. */
  const positionAfter = (c: Client, after: number) =>
    c.got.slice(after + 1).findLast((e) => e.e === 'outboundAccountPosition');
  const ledgerBalances = async (email: string) => {
    const rows = await ledger.balances(t.app.ctx.db, await t.userId(email));
    const of = (currencyId: number, scale: number) => {
      const r = rows.find((b) => b.currencyId === currencyId && b.wallet === 'change');
      return { f: quoteOrBase(r?.availableMinor ?? 0n, scale), l: quoteOrBase(r?.frozenMinor ?? 0n, scale) };
    };
    return {
      [m.currencyName]: of(m.currencyId, m.baseScale),
      [m.legalName]: of(m.legalId, m.quoteScale),
    };
  };
  const quoteOrBase = (v: bigint, scale: number) =>
    scale === m.baseScale ? baseText(m, v) : quoteText(m, v);
  const positionOf = (ev: any) => Object.fromEntries(ev.B.map((b: any) => [b.a, { f: b.f, l: b.l }]));

  beforeAll(async () => {
    t = getApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseOf(t);
    m = t.app.ctx.services.spot.engine.allMarkets().find((x) => x.symbol === 'ETH/USDT')!;
    keys.a = await newKey(A);
    keys.b = await newKey(B);
    return async () => {
      for (const c of clients) c.ws.terminate();
    };
  });

  it('refuses listen-key calls without a valid API key, and unknown keys with -1125', async () => {
    expect((await userStream('POST', null)).body.code).toBe(-2014);
    expect((await userStream('POST', { api_key: 'x'.repeat(64), secret: '' })).body.code).toBe(-2015);
    const unknown = 'Q'.repeat(60);
    const put = await userStream('PUT', keys.a!, unknown);
    expect(put).toEqual({ status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } });
    expect((await userStream('DELETE', keys.a!, unknown)).body.code).toBe(-1125);
    expect((await userStream('PUT', keys.a!)).body.code).toBe(-1102);
    await expect(open(base, `/ws/${unknown}`)).rejects.toMatchObject({ status: 400 });
    await expect(open(base, `/stream?streams=${unknown}`)).rejects.toMatchObject({ status: 400 });
  });

  it('streams the owner’s orders: NEW, TRADE with the ledger’s fill and balances, CANCELED; never others’', async () => {
    const made = await userStream('POST', keys.a!);
    expect(made.status).toBe(200);
    const lkA = made.body.listenKey as string;
    expect(lkA).toMatch(/^[A-Za-z0-9]{60}$/);
    const lkB = (await userStream('POST', keys.b!)).body.listenKey as string;
    expect(lkB).not.toBe(lkA);
    // A key of one user answers no other user's API key.
    expect((await userStream('PUT', keys.b!, lkA)).body.code).toBe(-1125);
    expect(await userStream('PUT', keys.a!, lkA)).toEqual({ status: 200, body: {} });

    const ca = await connect(`/ws/${lkA}`);
    const cb = await connect(`/stream?streams=${lkB}`);

    // A's bid above every other bid and below every ask, so B's sell crosses it and nothing else.
    const priceText = insideBid(t.app, m);
    const placed = await signed('POST', '/order', keys.a!, {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.01',
      price: priceText,
      newClientOrderId: 'uds-test-1',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId as number;
    const isNew = await waitFor('NEW', () => reports(ca, orderId).find((e) => e.x === 'NEW'));
    const rest = (await signed('GET', '/order', keys.a!, { symbol: 'ETHUSDT', orderId })).body;
    expect(isNew).toMatchObject({
      e: 'executionReport',
      s: 'ETHUSDT',
      c: 'uds-test-1',
      S: 'BUY',
      o: 'LIMIT',
      f: 'GTC',
      q: rest.origQty,
      p: rest.price,
      X: 'NEW',
      i: orderId,
      l: baseText(m, 0n),
      z: baseText(m, 0n),
      t: -1,
      O: rest.time,
      w: true,
    });
    const newPos = await waitFor('the position after NEW', () => positionAfter(ca, ca.got.indexOf(isNew)));
    expect(positionOf(newPos)).toEqual(await ledgerBalances(A));

    // B sells into it.
    const sold = await signed('POST', '/order', keys.b!, {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.004',
      price: priceText,
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const trade = await waitFor('TRADE', () => reports(ca, orderId).find((e) => e.x === 'TRADE'));
    const row = await t.app.ctx.db
      .selectFrom('spot_trades')
      .selectAll()
      .where('maker_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const order = await t.app.ctx.db
      .selectFrom('spot_orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(trade).toMatchObject({
      X: 'PARTIALLY_FILLED',
      t: row.id,
      l: baseText(m, row.amount_minor),
      L: quoteText(m, row.price_minor),
      z: baseText(m, order.filled_amount_minor),
      Z: quoteText(m, order.filled_quote_minor),
      Y: quoteText(m, row.quote_minor),
      n: baseText(m, row.maker_fee_minor),
      N: m.currencyName,
      m: true,
      T: row.created_at,
      w: true,
    });
    const mine = (await signed('GET', '/myTrades', keys.a!, { symbol: 'ETHUSDT', orderId })).body;
    expect(mine[0]).toMatchObject({ id: trade.t, qty: trade.l, price: trade.L, commission: trade.n });
    const tradePos = await waitFor('the position after TRADE', () =>
      positionAfter(ca, ca.got.indexOf(trade)),
    );
    expect(positionOf(tradePos)).toEqual(await ledgerBalances(A));

    // B's stream: B's order (NEW then FILLED by the trade), never A's.
    const bOrder = sold.body.orderId as number;
    const bFill = await waitFor('B’s TRADE', () =>
      cb.got.find((f) => f.stream === lkB && f.data.e === 'executionReport' && f.data.x === 'TRADE'),
    );
    expect(bFill.data).toMatchObject({ i: bOrder, X: 'FILLED', t: row.id, m: false, S: 'SELL' });
    await waitFor('B’s position', () =>
      cb.got.slice(cb.got.indexOf(bFill)).find((f) => f.data.e === 'outboundAccountPosition'),
    );
    expect(cb.got.filter((f) => f.data.e === 'executionReport').every((f) => f.data.i === bOrder)).toBe(true);
    expect(
      cb.got.filter((f) => f.data.e === 'executionReport').map((f) => f.data.x),
      JSON.stringify(cb.got),
    ).toEqual(['NEW', 'TRADE']);

    // A cancels the rest.
    const cancelled = await signed('DELETE', '/order', keys.a!, { symbol: 'ETHUSDT', orderId });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const cancel = await waitFor('CANCELED', () => reports(ca, orderId).find((e) => e.x === 'CANCELED'));
    expect(cancel).toMatchObject({
      X: 'CANCELED',
      z: trade.z,
      l: baseText(m, 0n),
      C: 'uds-test-1',
      w: false,
    });
    const cancelPos = await waitFor('the position after CANCELED', () =>
      positionAfter(ca, ca.got.indexOf(cancel)),
    );
    expect(positionOf(cancelPos)).toEqual(await ledgerBalances(A));
    expect(reports(ca, orderId).map((e) => e.x)).toEqual(['NEW', 'TRADE', 'CANCELED']);
    expect(ca.got.filter((e) => e.e === 'executionReport').every((e) => e.i === orderId)).toBe(true);
    // Event ids rise.
    const ids = reports(ca, orderId).map((e) => e.I);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);

    // DELETE ends A's key: listenKeyExpired, then the connection closes; the key is gone.
    expect(await userStream('DELETE', keys.a!, lkA)).toEqual({ status: 200, body: {} });
    await waitFor('A closed', () => ca.closed);
    expect(ca.got.at(-1)).toMatchObject({ e: 'listenKeyExpired', listenKey: lkA });
    expect((await userStream('PUT', keys.a!, lkA)).body.code).toBe(-1125);
    await expect(open(base, `/ws/${lkA}`)).rejects.toMatchObject({ status: 400 });
    cb.ws.terminate();
    await waitFor('B closed', () => cb.closed);
  });

  it('expires a key 60 minutes after its last keepalive', async () => {
    const lk = (await userStream('POST', keys.b!)).body.listenKey as string;
    t.clock.advance(LISTEN_KEY_TTL_MS - 60_000);
    expect((await userStream('PUT', keys.b!, lk)).status).toBe(200);
    t.clock.advance(LISTEN_KEY_TTL_MS - 60_000);
    expect((await userStream('PUT', keys.b!, lk)).status).toBe(200);
    t.clock.advance(LISTEN_KEY_TTL_MS + 1);
    expect((await userStream('PUT', keys.b!, lk)).body.code).toBe(-1125);
    expect(t.app.ctx.services.binanceStream.listenKeys.keysOf(await t.userId(B))).not.toContain(lk);
  });
});
