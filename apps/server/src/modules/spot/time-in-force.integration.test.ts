/**
 * Time in force and post-only through the spot service on a real database (the internal options of
 * `SpotService.placeOrder`, README "Time in force and post-only"): an IOC fills what it can and the rest
 * is cancelled with nothing left held, a FOK fills whole or leaves book and balances untouched, a
 * crossing post-only order is refused and a non-crossing one rests, a batch mixing them all, and a
 * restart rebuilds the same book (IOC and FOK never rest). The harness runs the ledger check when each
 * app closes.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDb, persistentDb, startTestApp, DB_KINDS, type TestApp } from '../../../test/harness';
import type { PlaceInput } from './service';
import { d, ETH, holdRows, USDT, wallet } from './test-helpers';

const MARKET = 2; // ETH/USDT
const A = 'demo1@oryx.local';
const B = 'demo2@oryx.local';

/** Places through the service, as an API adapter does (the user has a trade password). */
function placer(t: TestApp) {
  return async (email: string, input: Omit<PlaceInput, 'legal_id' | 'currency_id'>, clientOid?: string) => {
    const user = { userId: await t.userId(email), hasTradePassword: true };
    const full = { legal_id: USDT, currency_id: ETH, ...input };
    return t.app.ctx.services.spot.engine.placeOrder(user, full, clientOid ?? null);
  };
}

/** Cancels every open order of the user (each test leaves the book as it found it: empty). */
async function cancelOpen(t: TestApp, email: string) {
  const userId = await t.userId(email);
  const open = await t.app.ctx.db
    .selectFrom('spot_orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .execute();
  for (const o of open) await t.app.ctx.services.spot.engine.cancelOrder(userId, o.id);
}

const tradeCount = async (t: TestApp) =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('spot_trades')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every user's frozen balance equals what its open orders hold (market ETH/USDT only here). */
async function expectHeldMatchesOpen(t: TestApp, email: string) {
  const open = await t.app.ctx.db
    .selectFrom('spot_orders')
    .selectAll()
    .where('user_id', '=', await t.userId(email))
    .where('status', '=', 1)
    .execute();
  const held = (side: number) => open.filter((o) => o.side === side).reduce((s, o) => s + o.held_minor, 0n);
  const w = await wallet(t, email);
  expect([w.usdtFrozen, w.ethFrozen]).toEqual([held(1), held(2)]);
}

describeEachDb('spot time in force and post-only', (getApp) => {
  it('IOC fills what crosses now, cancels the rest (IOC_REMAINDER) and leaves nothing held', async () => {
    const t = getApp();
    const place = placer(t);
    await place(B, { type: 2, target_price: '3400', amount: '0.3' });
    await place(B, { type: 2, target_price: '3401', amount: '0.2' });
    await place(B, { type: 2, target_price: '3405', amount: '1' });
    const before = await wallet(t, A);
    const o = await place(A, { type: 1, target_price: '3401', amount: '0.8', timeInForce: 'IOC' });
    expect(o).toMatchObject({
      state: 'cancelled',
      status: 3,
      cancel_reason: 'IOC_REMAINDER',
      order_type: 'limit',
      trade_amount: '0.80000000',
      deal_amount: '0.50000000',
      deal_money: '1700.20000000', // 0.3 x 3400 + 0.2 x 3401
    });
    const after = await wallet(t, A);
    expect(after.usdt - before.usdt).toBe(-d('1700.2'));
    expect(after.usdtFrozen).toBe(before.usdtFrozen);
    // Paid straight from the available balance: no hold was ever taken, none is left.
    expect(await holdRows(t, o.id)).toEqual({});
    expect(t.app.ctx.services.spot.engine.committer.book(MARKET)!.book.getOrder(o.id)).toBeUndefined();
    // A market order with IOC keeps its own reasons and releases its hold in the same command.
    const m = await place(A, { type: 1, order_type: 'market', amount: '0.1', timeInForce: 'IOC' });
    expect(m).toMatchObject({ state: 'filled', deal_amount: '0.10000000', deal_money: '340.50000000' });
    const hold = await holdRows(t, m.id);
    expect(hold['spot.freeze']! - hold['spot.release']!).toBe(d('340.5'));
    expect((await wallet(t, A)).usdtFrozen).toBe(before.usdtFrozen);
    await cancelOpen(t, B);
    await expectHeldMatchesOpen(t, A);
    await expectHeldMatchesOpen(t, B);
  });

  it('IOC that crosses nothing is recorded cancelled with no money moved', async () => {
    const t = getApp();
    const place = placer(t);
    const before = await wallet(t, A);
    const o = await place(A, { type: 2, target_price: '5000', amount: '0.1', timeInForce: 'IOC' });
    expect(o).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'IOC_REMAINDER',
      deal_amount: '0.00000000',
    });
    expect(await wallet(t, A)).toEqual(before);
    expect(await holdRows(t, o.id)).toEqual({});
  });

  it('FOK that cannot fill whole leaves book and balances untouched; one that can fills whole', async () => {
    const t = getApp();
    const place = placer(t);
    await place(B, { type: 1, target_price: '3300', amount: '0.4' });
    await place(B, { type: 1, target_price: '3290', amount: '0.4' });
    const book = t.app.ctx.services.spot.engine.committer.book(MARKET)!.book;
    const snapshot = book.snapshot();
    const [a0, b0, trades0] = [await wallet(t, A), await wallet(t, B), await tradeCount(t)];
    const no = await place(A, { type: 2, target_price: '3290', amount: '0.9', timeInForce: 'FOK' }, 'fok-1');
    expect(no).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'FOK_NOT_FILLED',
      deal_amount: '0.00000000',
    });
    expect(book.snapshot()).toEqual(snapshot);
    expect([await wallet(t, A), await wallet(t, B), await tradeCount(t)]).toEqual([a0, b0, trades0]);
    expect(await holdRows(t, no.id)).toEqual({});
    // A retry with the same client id answers the recorded order.
    const retry = await place(
      A,
      { type: 2, target_price: '3290', amount: '0.9', timeInForce: 'FOK' },
      'fok-1',
    );
    expect(retry.id).toBe(no.id);
    // A market FOK beyond what the band reaches does nothing either, and holds nothing.
    const m = await place(A, { type: 2, order_type: 'market', amount: '1', timeInForce: 'FOK' });
    expect(m).toMatchObject({ state: 'cancelled', cancel_reason: 'FOK_NOT_FILLED' });
    expect(await holdRows(t, m.id)).toEqual({});
    expect(await wallet(t, A)).toEqual(a0);

    const yes = await place(A, { type: 2, target_price: '3290', amount: '0.6', timeInForce: 'FOK' });
    expect(yes).toMatchObject({ state: 'filled', cancel_reason: null, deal_money: '1978.00000000' });
    const a1 = await wallet(t, A);
    expect(a1.eth - a0.eth).toBe(-d('0.6'));
    expect(a1.ethFrozen).toBe(a0.ethFrozen);
    expect(await tradeCount(t)).toBe(trades0 + 2);
    await cancelOpen(t, B);
    await expectHeldMatchesOpen(t, A);
    await expectHeldMatchesOpen(t, B);
  });

  it('post-only that would trade is refused with nothing recorded; otherwise it rests and is held', async () => {
    const t = getApp();
    const place = placer(t);
    await place(B, { type: 2, target_price: '3500', amount: '0.2' });
    const before = await wallet(t, A);
    const orders = async () =>
      (await t.app.ctx.db.selectFrom('spot_orders').select('id').execute()).map((r) => r.id).sort();
    const ids = await orders();
    await expect(
      place(A, { type: 1, target_price: '3500', amount: '0.1', postOnly: true }),
    ).rejects.toMatchObject({
      code: 'SPOT_POST_ONLY_WOULD_TRADE',
    });
    expect(await orders()).toEqual(ids);
    expect(await wallet(t, A)).toEqual(before);
    const maker = await place(A, { type: 1, target_price: '3499.99', amount: '0.1', postOnly: true });
    expect(maker).toMatchObject({ state: 'open', cancel_reason: null });
    const w = await wallet(t, A);
    expect(w.usdtFrozen - before.usdtFrozen).toBe(d('349.999'));
    expect(await holdRows(t, maker.id)).toEqual({ 'spot.freeze': d('349.999') });
    await cancelOpen(t, A);
    await cancelOpen(t, B);
    expect(await holdRows(t, maker.id)).toEqual({
      'spot.freeze': d('349.999'),
      'spot.release': d('349.999'),
    });
    expect(await wallet(t, A)).toEqual(before);
  });

  it('one batch mixes GTC, IOC, FOK and post-only orders; every hold matches the open orders', async () => {
    const t = getApp();
    const spot = t.app.ctx.services.spot.engine;
    const trades0 = await tradeCount(t);
    const [a0, b0] = [await wallet(t, A), await wallet(t, B)];
    // The user ids first, so every place below queues in the same tick: one batch, one transaction.
    const users: Record<string, number> = { [A]: await t.userId(A), [B]: await t.userId(B) };
    const place = (email: string, input: Omit<PlaceInput, 'legal_id' | 'currency_id'>) =>
      spot.placeOrder(
        { userId: users[email]!, hasTradePassword: true },
        { legal_id: USDT, currency_id: ETH, ...input },
        null,
      );
    const requests = [
      place(B, { type: 2, target_price: '3600', amount: '0.5' }), // rests
      place(B, { type: 2, target_price: '3610', amount: '0.5', postOnly: true }), // rests
      place(A, { type: 1, target_price: '3600', amount: '0.3', timeInForce: 'IOC' }), // fills 0.3
      place(A, { type: 1, target_price: '3610', amount: '1', timeInForce: 'FOK' }), // 0.7 left: nothing
      place(A, { type: 1, target_price: '3610', amount: '0.4', timeInForce: 'FOK' }), // 0.2 + 0.2
      place(A, { type: 1, target_price: '3610', amount: '0.1', postOnly: true }), // would trade: refused
      place(A, { type: 1, target_price: '3590', amount: '0.1', postOnly: true }), // rests
      place(A, { type: 1, target_price: '3700', amount: '1', timeInForce: 'IOC' }), // 0.3 at 3610, rest cancelled
    ];
    expect(spot.committer.queued).toBe(requests.length);
    const settled = await Promise.allSettled(requests);
    const replies = settled.map((r) =>
      r.status === 'fulfilled' ? r.value : (r.reason as { code: string }).code,
    );
    const view = replies.map((r) =>
      typeof r === 'string' ? r : [r.state, r.cancel_reason, r.deal_amount, r.deal_money],
    );
    expect(view).toEqual([
      // Each reply is the order as its own command left it; later commands of the batch filled these two.
      ['open', null, '0.00000000', '0.00000000'],
      ['open', null, '0.00000000', '0.00000000'],
      ['filled', null, '0.30000000', '1080.00000000'],
      ['cancelled', 'FOK_NOT_FILLED', '0.00000000', '0.00000000'],
      ['filled', null, '0.40000000', '1442.00000000'], // 0.2 x 3600 + 0.2 x 3610
      'SPOT_POST_ONLY_WOULD_TRADE',
      ['open', null, '0.00000000', '0.00000000'],
      ['cancelled', 'IOC_REMAINDER', '0.30000000', '1083.00000000'],
    ]);
    expect(await tradeCount(t)).toBe(trades0 + 4);
    // Money only moved between A, B and the fee account; what A paid in USDT B received before fees.
    const [a1, b1] = [await wallet(t, A), await wallet(t, B)];
    expect(a1.usdt + a1.usdtFrozen - (a0.usdt + a0.usdtFrozen)).toBe(-d('3605'));
    expect(b1.eth + b1.ethFrozen - (b0.eth + b0.ethFrozen)).toBe(-d('1'));
    expect(a1.usdtFrozen - a0.usdtFrozen).toBe(d('359'));
    await expectHeldMatchesOpen(t, A);
    await expectHeldMatchesOpen(t, B);
    expect(spot.committer.book(MARKET)!.book.size()).toBe(1);
    const bOrders = await t.app.ctx.db
      .selectFrom('spot_orders')
      .select(['status', 'filled_quote_minor'])
      .where(
        'id',
        'in',
        replies.slice(0, 2).map((r) => (r as { id: number }).id),
      )
      .orderBy('id')
      .execute();
    expect(bOrders).toEqual([
      { status: 2, filled_quote_minor: d('1800') },
      { status: 2, filled_quote_minor: d('1805') },
    ]);
    await cancelOpen(t, A);
  });
});

describe.each(DB_KINDS)('spot time in force across a restart [%s]', (kind) => {
  it('rebuilds the same book: IOC and FOK orders never rest, post-only ones rest like any other', async () => {
    const db = await persistentDb(kind);
    let t: TestApp | undefined;
    let again: TestApp | undefined;
    try {
      t = await startTestApp(kind, { env: { DATABASE_URL: db.url } });
      const place = placer(t);
      await place(B, { type: 2, target_price: '3400', amount: '0.5' });
      await place(B, { type: 2, target_price: '3420', amount: '0.5', postOnly: true });
      const ioc = await place(A, { type: 1, target_price: '3410', amount: '1', timeInForce: 'IOC' });
      const fok = await place(A, { type: 1, target_price: '3420', amount: '2', timeInForce: 'FOK' });
      const maker = await place(A, { type: 1, target_price: '3390', amount: '0.2', postOnly: true });
      expect([ioc.state, fok.state, maker.state]).toEqual(['cancelled', 'cancelled', 'open']);
      const before = t.app.ctx.services.spot.engine.committer.book(MARKET)!.book.snapshot();
      const open = await t.app.ctx.db
        .selectFrom('spot_orders')
        .select('id')
        .where('status', '=', 1)
        .execute();
      expect(open.map((r) => r.id)).not.toContain(ioc.id);
      expect(open.map((r) => r.id)).not.toContain(fok.id);
      const clock = t.clock;
      await t.close();
      t = undefined;
      again = await startTestApp(kind, { env: { DATABASE_URL: db.url }, clock });
      expect(again.app.ctx.services.spot.engine.committer.book(MARKET)!.book.snapshot()).toEqual(before);
    } finally {
      await t?.close();
      await again?.close();
      await db.drop();
    }
  });
});
