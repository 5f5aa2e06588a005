/**
 * Spot trading through HTTP over a real database: settlement tables (exact fees, rounding in favour of
 * the fee account, partial fills, price improvement), market orders, client order ids, cancels, bad
 * input (nothing held, nothing changed), many users crossing at once, and restart recovery. Every test
 * app ends with the ledger invariant check (harness).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb, persistentDb, startTestApp, DB_KINDS, type TestApp } from '../../../test/harness';
import { ledger, systemAccount } from '../ledger/service';
import { OWNER_APP_NAME } from './ownership';
import type { RecordingRealtime } from '../../realtime/realtime';
import { d, ETH, USDT, wallet, type Wallet } from './test-helpers';

async function feeAccount(t: TestApp): Promise<{ usdt: bigint; eth: bigint }> {
  const f = systemAccount('fees');
  return {
    usdt: (await ledger.balance(t.app.ctx.db, f, USDT)).availableMinor,
    eth: (await ledger.balance(t.app.ctx.db, f, ETH)).availableMinor,
  };
}

const diff = (a: Wallet, b: Wallet) => ({
  usdt: b.usdt - a.usdt,
  usdtFrozen: b.usdtFrozen - a.usdtFrozen,
  eth: b.eth - a.eth,
  ethFrozen: b.ethFrozen - a.ethFrozen,
});

function trader(t: TestApp, token: string) {
  return {
    place: (body: Record<string, unknown>) =>
      t.call('POST', '/api/coin/trade', { legal_id: 1, currency_id: ETH, ...body }, { token }),
    cancel: (id: unknown) => t.call('PUT', '/api/coin/trade', { id }, { token }),
  };
}

describeEachDb('spot settlement', (getApp) => {
  it('settles a table of steps with exact fees, rounding up into the fee account, partial fills and price improvement', async () => {
    const t = getApp();
    const A = 'demo1@oryx.local';
    const B = 'demo2@oryx.local';
    const a = trader(t, await t.tokenFor(A));
    const b = trader(t, await t.tokenFor(B));
    // ETH/USDT: tick 0.01, step 0.0001, maker 10 bps, taker 20 bps; fees on what each side receives.
    const steps: {
      what: string;
      run: () => Promise<{ body: any }>;
      state?: string;
      a: Partial<Record<keyof Wallet, string>>;
      b: Partial<Record<keyof Wallet, string>>;
      fees: { usdt: string; eth: string };
    }[] = [
      {
        what: 'A rests a buy of 0.5 at 3400: 1700 USDT held',
        run: () => a.place({ type: 1, target_price: '3400', amount: '0.5' }),
        state: 'open',
        a: { usdt: '-1700', usdtFrozen: '1700' },
        b: {},
        fees: { usdt: '0', eth: '0' },
      },
      {
        what: 'B sells 0.2 at 3300: fills at the maker price 3400 (680 USDT); B pays 0.2 % = 1.36, A 0.1 % of 0.2 ETH',
        run: () => b.place({ type: 2, target_price: '3300', amount: '0.2' }),
        state: 'filled',
        a: { usdtFrozen: '-680', eth: '0.1998' },
        b: { usdt: '678.64', eth: '-0.2' },
        fees: { usdt: '1.36', eth: '0.0002' },
      },
      {
        what: 'A rests a buy of 0.0003 at 3400.01 (1.020003 USDT held)',
        run: () => a.place({ type: 1, target_price: '3400.01', amount: '0.0003' }),
        state: 'open',
        a: { usdt: '-1.020003', usdtFrozen: '1.020003' },
        b: {},
        fees: { usdt: '0', eth: '0' },
      },
      {
        what: 'B sells 0.0003: 1.020003 × 0.2 % = 0.0020400060 rounds UP to 0.00204001; A pays 0.0000003 ETH',
        run: () => b.place({ type: 2, target_price: '3400.01', amount: '0.0003' }),
        state: 'filled',
        a: { usdtFrozen: '-1.020003', eth: '0.0002997' },
        b: { usdt: '1.01796299', eth: '-0.0003' },
        fees: { usdt: '0.00204001', eth: '0.0000003' },
      },
      {
        what: 'B sells 1.0 at 3400: takes the rest of A’s order (0.3 at 3400 = 1020), 0.7 rests held',
        run: () => b.place({ type: 2, target_price: '3400', amount: '1' }),
        state: 'partial',
        a: { usdtFrozen: '-1020', eth: '0.2997' },
        b: { usdt: '1017.96', eth: '-1', ethFrozen: '0.7' },
        fees: { usdt: '2.04', eth: '0.0003' },
      },
      {
        what: 'A buys 0.1 at 3500 (price improvement): pays 340 at 3400, nothing stays held, taker fee 0.0002 ETH',
        run: () => a.place({ type: 1, target_price: '3500', amount: '0.1' }),
        state: 'filled',
        a: { usdt: '-340', eth: '0.0998' },
        b: { usdt: '339.66', ethFrozen: '-0.1' },
        fees: { usdt: '0.34', eth: '0.0002' },
      },
      {
        what: 'A market-buys for 0.2 × 3400 = 680 USDT: takes 0.2 ETH of B’s order',
        run: () => a.place({ type: 1, order_type: 'market', target_price: '3400', amount: '0.2' }),
        state: 'filled',
        a: { usdt: '-680', eth: '0.1996' },
        b: { usdt: '679.32', ethFrozen: '-0.2' },
        fees: { usdt: '0.68', eth: '0.0004' },
      },
    ];
    for (const s of steps) {
      const before = { a: await wallet(t, A), b: await wallet(t, B), fees: await feeAccount(t) };
      const r = await s.run();
      expect(r.body.type, `${s.what}: ${JSON.stringify(r.body)}`).toBe('ok');
      if (s.state) expect(r.body.order.state, s.what).toBe(s.state);
      const after = { a: await wallet(t, A), b: await wallet(t, B), fees: await feeAccount(t) };
      const want = (w: Partial<Record<keyof Wallet, string>>) => ({
        usdt: d(w.usdt ?? '0'),
        usdtFrozen: d(w.usdtFrozen ?? '0'),
        eth: d(w.eth ?? '0'),
        ethFrozen: d(w.ethFrozen ?? '0'),
      });
      expect(diff(before.a, after.a), `A: ${s.what}`).toEqual(want(s.a));
      expect(diff(before.b, after.b), `B: ${s.what}`).toEqual(want(s.b));
      expect(
        { usdt: after.fees.usdt - before.fees.usdt, eth: after.fees.eth - before.fees.eth },
        `fees: ${s.what}`,
      ).toEqual({ usdt: d(s.fees.usdt), eth: d(s.fees.eth) });
    }
    // B's remainder (0.4) is cancelled: its hold comes back to the last unit.
    const list = await t.call('GET', '/api/coin/list', undefined, { token: await t.tokenFor(B) });
    const open = list.body.message.filter((o: any) => o.status === 1);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      type: 2,
      state: 'partial',
      trade_amount: '1.00000000',
      deal_amount: '0.60000000',
    });
    const before = await wallet(t, B);
    const c = await b.cancel(open[0].id);
    expect(c.body.order).toMatchObject({ state: 'cancelled', cancel_reason: 'USER' });
    expect(diff(before, await wallet(t, B))).toEqual({
      usdt: 0n,
      usdtFrozen: 0n,
      eth: d('0.4'),
      ethFrozen: d('-0.4'),
    });
    // Market data followed the trades.
    const deal = await t.call('POST', '/api/transaction/deal', { legal_id: 1, currency_id: ETH });
    expect(deal.body.message.last_price).toBe('3400.00');
    expect(deal.body.message.complete[0]).toMatchObject({
      price: '3400.00',
      number: '0.2000',
      direction: 'buy',
    });
    const k = await t.call('GET', '/api/currency/new_timeshar', {
      symbol: 'ETH/USDT',
      period: '1min',
      from: '0',
      to: '4000000000',
    });
    expect(k.body.code).toBe(1);
    expect(k.body.data.at(-1)).toMatchObject({
      open: '3400.00',
      high: '3400.01',
      low: '3400.00',
      close: '3400.00',
    });
  });

  it('pushes depth, trades, candles, the 24 h summary and the owners’ orders after commit, shaped as the socket contracts', async () => {
    const t = getApp();
    const sent = (t.app.ctx.realtime as RecordingRealtime).sent;
    const a = trader(t, await t.tokenFor('demo1@oryx.local'));
    const b = trader(t, await t.tokenFor('demo2@oryx.local'));
    await t.elapse(1_000); // let earlier throttled pushes drain
    sent.length = 0;
    const rest = await a.place({ type: 2, target_price: '3410', amount: '0.01' });
    await b.place({ type: 1, target_price: '3410', amount: '0.01' });
    await t.elapse(500);
    const of = (event: string) => sent.filter((e) => e.event === event).map((e) => e.payload as any);
    const depth = of('market_depth').at(-1);
    expect(depth).toMatchObject({
      type: 'market_depth',
      symbol: 'ETH/USDT',
      legal_id: 1,
      currency_id: ETH,
      last_price: '3410.00',
      today: '3410.00',
    });
    // `yesterday` is the price the 24 h change is measured against (`proportion` = today / yesterday - 1).
    expect(depth.yesterday).toMatch(/^\d+\.\d{2}$/);
    const pct = (Number(depth.today) / Number(depth.yesterday) - 1) * 100;
    expect(Number(depth.proportion)).toBeCloseTo(pct, 1);
    expect(Array.isArray(depth.bids) && Array.isArray(depth.asks)).toBe(true);
    expect(of('match_trade').at(-1)).toMatchObject({
      type: 'match_trade',
      symbol: 'ETH/USDT',
      data: [{ price: '3410.00', amount: '0.0100', direction: 'buy' }],
    });
    const klines = of('kline').filter((k) => k.symbol === 'ETH/USDT');
    expect(new Set(klines.map((k) => k.period))).toEqual(
      new Set(['1min', '5min', '15min', '30min', '60min', '1D', '1W', '1M']),
    );
    expect(klines.at(-1)).toMatchObject({ type: 'kline', match_id: 2, close: '3410.00' });
    const summary = of('transaction').at(-1);
    expect(summary.token).toBe('ETH/USDT');
    expect(JSON.parse(summary['24h'])).toMatchObject({ close: '3410.00' });
    expect(of('daymarket').some((d) => d.symbol === 'ETH/USDT' && d.now_price === '3410.00')).toBe(true);
    const demo1Room = `user:${await t.userId('demo1@oryx.local')}`;
    const mine = sent.filter((e) => e.event === 'spot_order' && e.room === demo1Room);
    expect(mine.at(-1)?.payload).toMatchObject({
      type: 'spot_order',
      data: [{ id: rest.body.order.id, state: 'filled' }],
    });
    // Nothing is pushed for a refused order.
    sent.length = 0;
    await a.place({ type: 1, target_price: '0', amount: '1' });
    await t.elapse(1_000);
    expect(sent).toEqual([]);
  });

  it('rebuilds the books and retries one by one when a batch fails as a whole, with no double effect', async () => {
    const t = getApp();
    const spot = t.app.ctx.services.spot.engine;
    const next = spot.committer.books.nextOrderId;
    // A row squatting on the id the second order of the next batch will get: that batch's insert fails.
    await t.app.ctx.db
      .insertInto('spot_orders')
      .values({
        id: next + 1,
        user_id: 1,
        market_id: 5,
        side: 1,
        kind: 0,
        price_minor: 1n,
        amount_minor: 1n,
        filled_amount_minor: 0n,
        filled_quote_minor: 0n,
        fee_minor: 0n,
        held_minor: 0n,
        status: 3,
        cancel_reason: 'TEST',
        client_oid: null,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const s = trader(t, await t.tokenFor('seller@oryx.local'));
    const before = await wallet(t, 'seller@oryx.local');
    const replies = await Promise.all([
      s.place({ type: 1, target_price: '50', amount: '0.1' }),
      s.place({ type: 1, target_price: '51', amount: '0.1' }),
      s.place({ type: 1, target_price: '52', amount: '0.1' }),
    ]);
    expect(replies.map((r) => r.body.type)).toEqual(['ok', 'ok', 'ok']);
    const ids = replies.map((r) => r.body.order.id);
    expect(new Set(ids).size).toBe(3);
    // Whichever command drew the squatted id failed with its batch; after the rebuild ids start past it.
    expect(ids).not.toContain(next + 1);
    expect(Math.max(...ids)).toBeGreaterThan(next + 1);
    expect(diff(before, await wallet(t, 'seller@oryx.local')).usdtFrozen).toBe(d('15.3'));
    expect(spot.committer.book(2)!.book.size()).toBe(
      Number(
        (
          await t.app.ctx.db
            .selectFrom('spot_orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('market_id', '=', 2)
            .where('status', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    for (const id of ids) expect((await s.cancel(id)).body.type).toBe('ok');
    await t.app.ctx.db
      .deleteFrom('spot_orders')
      .where('id', '=', next + 1)
      .execute();
  });

  it('answers a retried client order id with the first order, once', async () => {
    const t = getApp();
    const token = await t.tokenFor('seller@oryx.local');
    const s = trader(t, token);
    const before = await wallet(t, 'seller@oryx.local');
    const body = { type: 1, target_price: '100', amount: '0.01', client_id: 'retry-1' };
    const [r1, r2] = await Promise.all([s.place(body), s.place(body)]);
    const r3 = await s.place(body);
    expect(r1.body.type).toBe('ok');
    expect(r2.body.order.id).toBe(r1.body.order.id);
    expect(r3.body.order.id).toBe(r1.body.order.id);
    expect(diff(before, await wallet(t, 'seller@oryx.local')).usdtFrozen).toBe(d('1'));
    const other = await s.place({ ...body, amount: '0.02' });
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    await s.cancel(r1.body.order.id);
  });

  it('refuses bad input with a clear error, holding and changing nothing', async () => {
    const t = getApp();
    const email = 'seller@oryx.local';
    const token = await t.tokenFor(email);
    const s = trader(t, token);
    const other = trader(t, await t.tokenFor('demo1@oryx.local'));
    const mine = await s.place({ type: 1, target_price: '102', amount: '0.01' });
    const theirs = await other.place({ type: 1, target_price: '101', amount: '0.01' });
    await other.place({ type: 2, target_price: '3500', amount: '0.001' });
    const filled = await s.place({ type: 1, target_price: '3600', amount: '0.001' });
    await t.app.ctx.db.updateTable('markets').set({ open_coin_trade: 0 }).where('id', '=', 6).execute();
    await t.app.ctx.services.spot.engine.reloadMarkets();
    const before = await wallet(t, email);
    const entries = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const entriesBefore = await entries();
    const cases: [string, Record<string, unknown>, string][] = [
      ['price 0', { type: 1, target_price: '0', amount: '1' }, 'SPOT_PRICE_INVALID'],
      ['negative price', { type: 1, target_price: '-5', amount: '1' }, 'SPOT_PRICE_INVALID'],
      ['exponent', { type: 1, target_price: '1e2', amount: '1' }, 'SPOT_PRICE_INVALID'],
      ['numeric exponent', { type: 1, target_price: 1e21, amount: '1' }, 'SPOT_PRICE_INVALID'],
      ['no price', { type: 1, amount: '1' }, 'SPOT_PRICE_REQUIRED'],
      ['price off the tick', { type: 1, target_price: '100.001', amount: '1' }, 'SPOT_PRICE_TICK'],
      [
        'too many price decimals',
        { type: 1, target_price: '100.000000001', amount: '1' },
        'SPOT_PRICE_TOO_MANY_DECIMALS',
      ],
      ['amount 0', { type: 1, target_price: '100', amount: '0' }, 'SPOT_AMOUNT_INVALID'],
      ['no amount', { type: 1, target_price: '100' }, 'SPOT_AMOUNT_REQUIRED'],
      ['amount off the step', { type: 1, target_price: '100', amount: '0.00001' }, 'SPOT_AMOUNT_STEP'],
      [
        'too many amount decimals',
        { type: 1, target_price: '100', amount: '0.000000001' },
        'SPOT_AMOUNT_TOO_MANY_DECIMALS',
      ],
      ['below the minimum value', { type: 1, target_price: '1', amount: '0.5' }, 'SPOT_NOTIONAL_MIN'],
      ['above the balance', { type: 1, target_price: '3000', amount: '1000' }, 'LEDGER_INSUFFICIENT'],
      ['sell above the balance', { type: 2, target_price: '3000', amount: '100000' }, 'LEDGER_INSUFFICIENT'],
      ['bad side', { type: 3, target_price: '100', amount: '1' }, 'SPOT_TYPE_INVALID'],
      [
        'unknown market',
        { currency_id: 99, type: 1, target_price: '100', amount: '1' },
        'SPOT_MARKET_UNKNOWN',
      ],
      ['closed market', { currency_id: 7, type: 1, target_price: '0.2', amount: '10' }, 'SPOT_MARKET_CLOSED'],
      [
        'market sell into nothing',
        { currency_id: 8, type: 2, order_type: 'market', amount: '0.01' },
        'SPOT_NO_LIQUIDITY',
      ],
      ['crossing my own order', { type: 2, target_price: '102', amount: '0.01' }, 'SPOT_SELF_TRADE'],
    ];
    for (const [what, body, code] of cases) {
      const r = await s.place(body);
      expect(r.body.code, `${what}: ${JSON.stringify(r.body)}`).toBe(code);
      expect(r.body.type).toBe('error');
      expect(typeof r.body.message).toBe('string');
    }
    const cancels: [string, unknown, string][] = [
      ['another user’s order', theirs.body.order.id, 'SPOT_ORDER_NOT_FOUND'],
      ['a filled order', filled.body.order.id, 'SPOT_ORDER_NOT_OPEN'],
      ['an unknown id', 99_999_999, 'SPOT_ORDER_NOT_FOUND'],
      ['no id', undefined, 'SPOT_ORDER_NOT_FOUND'],
    ];
    expect(filled.body.order.state).toBe('filled');
    for (const [what, id, code] of cancels) {
      const r = await s.cancel(id);
      expect(r.body.code, what).toBe(code);
    }
    expect(await wallet(t, email)).toEqual(before);
    expect(await entries()).toBe(entriesBefore);
    expect((await other.cancel(theirs.body.order.id)).body.type).toBe('ok');
    expect((await s.cancel(mine.body.order.id)).body.type).toBe('ok');
    await t.app.ctx.db.updateTable('markets').set({ open_coin_trade: 1 }).where('id', '=', 6).execute();
    await t.app.ctx.services.spot.engine.reloadMarkets();
  });

  it('keeps every balance exact while many users cross at once', async () => {
    const t = getApp();
    const emails = ['demo1@oryx.local', 'demo2@oryx.local', 'seller@oryx.local', 'admin@oryx.local'];
    const tokens = await Promise.all(emails.map((e) => t.tokenFor(e)));
    const totalBefore = await totals(t);
    const requests: Promise<{ body: any }>[] = [];
    for (let i = 0; i < 400; i++) {
      const side = i % 2 === 0 ? 1 : 2;
      const price = (3395 + (i % 11)).toFixed(2);
      const amount = `0.00${(i % 9) + 1}`;
      requests.push(trader(t, tokens[i % tokens.length]!).place({ type: side, target_price: price, amount }));
    }
    const replies = await Promise.all(requests);
    const refused = replies.filter((r) => r.body.type !== 'ok').map((r) => r.body.code);
    // Self-trade prevention may refuse an order that meets its owner's own order first; nothing else.
    expect(refused.every((c) => c === 'SPOT_SELF_TRADE')).toBe(true);
    const trades = await t.app.ctx.db.selectFrom('spot_trades').selectAll().execute();
    expect(trades.length).toBeGreaterThan(50);
    // Money is only moved between these users and the fee account: per currency the sum is unchanged.
    expect(await totals(t)).toEqual(totalBefore);
    // Held funds equal what the open orders still need.
    for (const email of emails) {
      const uid = await t.userId(email);
      const open = await t.app.ctx.db
        .selectFrom('spot_orders')
        .selectAll()
        .where('user_id', '=', uid)
        .where('status', '=', 1)
        .execute();
      const w = await wallet(t, email);
      const heldUsdt = open
        .filter((o) => o.side === 1 && o.market_id === 2)
        .reduce((s, o) => s + o.held_minor, 0n);
      const heldEth = open
        .filter((o) => o.side === 2 && o.market_id === 2)
        .reduce((s, o) => s + o.held_minor, 0n);
      const otherUsdt = open
        .filter((o) => o.side === 1 && o.market_id !== 2)
        .reduce((s, o) => s + o.held_minor, 0n);
      expect(w.usdtFrozen).toBe(heldUsdt + otherUsdt);
      expect(w.ethFrozen).toBe(heldEth);
    }
    // The in-memory book is the committed one.
    const spot = t.app.ctx.services.spot.engine;
    const book = spot.committer.book(2)!.book;
    const bookSize = book.size();
    const openCount = await t.app.ctx.db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('market_id', '=', 2)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect(bookSize).toBe(Number(openCount.n));
    book.validate();
  });
});

async function totals(t: TestApp): Promise<Record<string, bigint>> {
  const rows = await t.app.ctx.db
    .selectFrom('ledger_accounts')
    .select(['currency_id', 'available_minor', 'frozen_minor', 'user_id', 'wallet'])
    .where('currency_id', 'in', [USDT, ETH])
    .execute();
  const out: Record<string, bigint> = {};
  for (const r of rows) {
    if (r.user_id === 0 && r.wallet !== 'fees') continue;
    const k = String(r.currency_id);
    out[k] = (out[k] ?? 0n) + r.available_minor + r.frozen_minor;
  }
  return out;
}

describeEachDb('spot entrust calls and wire details', (getApp) => {
  it('lists open buys and sells, completed trades and revokes on the entrust calls, paged as the API family', async () => {
    const t = getApp();
    const token = await t.tokenFor('seller@oryx.local');
    const s = trader(t, token);
    const other = trader(t, await t.tokenFor('demo2@oryx.local'));
    const buy = await s.place({ type: 1, target_price: '101', amount: '0.01' });
    const sell = await s.place({ type: 2, target_price: '9000', amount: '0.02' });
    await other.place({ type: 2, target_price: '3300', amount: '0.001' });
    await s.place({ type: 1, target_price: '3300', amount: '0.001' }); // fills at once
    const call = (path: string, body: Record<string, unknown> = {}) => t.call('POST', path, body, { token });

    const buying = (await call('/api/transaction_in')).body.message;
    expect(buying).toMatchObject({ page: 1, current_page: 1, last_page: 1 });
    expect(buying.list.find((r: any) => r.order_id === buy.body.order.id)).toMatchObject({
      type: 'in',
      price: '101.00000000',
      number: '0.01000000',
      currency_name: 'ETH',
      legal_name: 'USDT',
    });
    const selling = (await call('/api/transaction_out')).body.message;
    expect(selling.list.map((r: any) => r.order_id)).toContain(sell.body.order.id);
    expect(selling.list.every((r: any) => r.type === 'out')).toBe(true);
    const done = (await call('/api/transaction_complete')).body.message;
    expect(done.current_page).toBe(1);
    expect(done.list[0]).toMatchObject({ type: 'in', price: '3300.00000000', number: '0.00100000' });

    const revoked = await call('/api/transaction_del', { id: buy.body.order.id, type: 'in' });
    expect(revoked.body.type).toBe('ok');
    const again = (await call('/api/transaction_in')).body.message;
    expect(again.list.map((r: any) => r.order_id)).not.toContain(buy.body.order.id);
    expect((await call('/api/transaction_del', { id: buy.body.order.id, type: 'in' })).body.code).toBe(
      'SPOT_ORDER_NOT_OPEN',
    );
    expect((await s.cancel(sell.body.order.id)).body.type).toBe('ok');
  });

  it('filters my orders by `currency` (the order-list pages) and answers a bad candle range with code -1', async () => {
    const t = getApp();
    const token = await t.tokenFor('seller@oryx.local');
    const s = trader(t, token);
    const eth = await s.place({ type: 1, target_price: '102', amount: '0.01' });
    const btc = await t.call(
      'POST',
      '/api/coin/trade',
      { legal_id: 1, currency_id: 2, target_price: '1000', amount: '0.001', type: 1 },
      { token },
    );
    expect(btc.body.type).toBe('ok');
    const list = async (q: string) =>
      (await t.call('GET', `/api/coin/list?${q}`, undefined, { token })).body.message.map((o: any) => o.id);
    expect(await list(`currency=${ETH}`)).toContain(eth.body.order.id);
    expect(await list(`currency=${ETH}`)).not.toContain(btc.body.order.id);
    expect(await list('currency=2')).toEqual([btc.body.order.id]);
    expect(await list('')).toEqual(expect.arrayContaining([eth.body.order.id, btc.body.order.id]));

    for (const range of [{ from: 'abc' }, { to: '1e' }]) {
      const k = await t.call('GET', '/api/currency/new_timeshar', {
        symbol: 'ETH/USDT',
        period: '1min',
        ...range,
      });
      expect(k.status).toBe(200);
      expect(k.body).toMatchObject({ code: -1, data: [] });
    }
    await s.cancel(eth.body.order.id);
    await s.cancel(btc.body.order.id);
  });
});

describe.each(DB_KINDS)('spot restart recovery [%s]', (kind) => {
  it('rebuilds every book from the open orders and loses nothing acknowledged', async () => {
    const db = await persistentDb(kind);
    let t: TestApp | undefined;
    let again: TestApp | undefined;
    try {
      t = await startTestApp(kind, { env: { DATABASE_URL: db.url } });
      const a = trader(t, await t.tokenFor('demo1@oryx.local'));
      const b = trader(t, await t.tokenFor('demo2@oryx.local'));
      const acked = [];
      for (let i = 0; i < 20; i++) {
        const r = await (i % 2 ? a : b).place({
          type: i % 2 ? 1 : 2,
          target_price: (3390 + (i % 2 ? -i : i)).toFixed(2),
          amount: '0.01',
        });
        expect(r.body.type).toBe('ok');
        acked.push(r.body.order.id);
      }
      await b.place({ type: 2, target_price: '3370', amount: '0.015' }); // takes 1.5 of the best bids
      const before = t.app.ctx.services.spot.engine.committer.book(2)!.book.snapshot();
      const deal = (await t.call('POST', '/api/transaction/deal', { legal_id: 1, currency_id: ETH })).body
        .message;

      // While it runs, a second server on the same database refuses to start (one spot engine each).
      await expect(startTestApp(kind, { env: { DATABASE_URL: db.url }, clock: t.clock })).rejects.toThrow(
        /already runs the spot engine on this database/,
      );

      // Stopped, then started again on the same database: what a restart does.
      const clock = t.clock;
      await t.close();
      t = undefined;
      again = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
      const spot2 = again.app.ctx.services.spot.engine;
      expect(spot2.committer.book(2)!.book.snapshot()).toEqual(before);
      const deal2 = (await again.call('POST', '/api/transaction/deal', { legal_id: 1, currency_id: ETH }))
        .body.message;
      expect(deal2.in).toEqual(deal.in);
      expect(deal2.out).toEqual(deal.out);
      expect(deal2.last_price).toBe(deal.last_price);
      expect(deal2.complete).toEqual(deal.complete);
      // New orders after the restart get fresh ids and trade against the rebuilt book.
      const c = trader(again, await again.tokenFor('seller@oryx.local'));
      const r = await c.place({ type: 1, target_price: '3500', amount: '0.01' });
      expect(r.body.order.state).toBe('filled');
      expect(r.body.order.id).toBeGreaterThan(Math.max(...acked));
    } finally {
      await t?.close();
      await again?.close();
      await db.drop();
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('spot engine lock on PostgreSQL', () => {
  it('stops matching when its lock connection is lost, and goes on with the same book once it holds the lock again', async () => {
    const t = await startTestApp('postgres', { env: { SPOT_OWNER_RETRY_MS: '200' } });
    try {
      const a = trader(t, await t.tokenFor('demo1@oryx.local'));
      const resting = await a.place({ type: 1, target_price: '101', amount: '0.01' });
      expect(resting.body.type).toBe('ok');
      const spot = t.app.ctx.services.spot.engine;
      const before = spot.committer.book(2)!.book.snapshot();
      const killed = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where application_name = ${OWNER_APP_NAME} and datname = current_database()`.execute(t.app.ctx.db);
      expect(killed.rows[0]!.n).toBe(1);
      await expect.poll(() => spot.committer.isSuspended, { timeout: 5_000 }).toBe(true);
      expect((await a.place({ type: 1, target_price: '102', amount: '0.01' })).body.code).toBe('SPOT_BUSY');
      await expect.poll(() => spot.committer.isSuspended, { timeout: 10_000 }).toBe(false);
      expect(spot.committer.book(2)!.book.snapshot()).toEqual(before);
      const again = await a.place({ type: 1, target_price: '102', amount: '0.01' });
      expect(again.body.type).toBe('ok');
      await a.cancel(resting.body.order.id);
      await a.cancel(again.body.order.id);
    } finally {
      await t.close();
    }
  });
});
