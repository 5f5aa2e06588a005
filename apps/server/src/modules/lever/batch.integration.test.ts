/**
 * What the in-memory index, the batched closes and the throttled pushes must keep: a tick closing many
 * positions of several users pays each the same as one close at a time (profits first, the pool taking
 * what a user cannot pay), one `lever_closed` per user; `lever_trade` at most once per window with the
 * last state and status names in the user's language; a retried submission opens one order.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { LEVER_TRADE_THROTTLE_MS } from './push';
import {
  A,
  USDT,
  body,
  changeTerms,
  fund,
  evaluateNow,
  lever,
  ok,
  orders,
  pool,
  pushes,
  setMark,
  setup,
  type Lc,
} from './test-helpers';

const flat = async (c: Lc) => {
  await ok(c, '/api/lever/batch_close', { type: 0 });
  await ok(c, '/api/lever/batch_close', { type: 0 }, c.token2);
};

describeEachDb('lever: batched closes, throttled pushes, idempotent submit', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
    // No spread and no fee, so the figures are round: 1 lot = 0.01 BTC.
    await changeTerms(c, { spread: '0', lever_trade_fee: '0' });
  });
  beforeEach(async () => {
    setMark(c, '50000');
    await flat(c);
    await fund(c, c.userId, '10000');
    await ok(c, '/api/set/lang', { lang: 'en' });
  });

  it('one tick closes several users’ positions in one batch: a liquidation profits first, and a stop', async () => {
    await fund(c, c.userId, '15');
    // User 1, nothing free: a 2-lot 100x long (margin 10) and a 1-lot 100x short (margin 5).
    await ok(c, '/api/lever/submit', body({ share: 2, multiple: 100, type: 1 }));
    await ok(c, '/api/lever/submit', body({ share: 1, multiple: 100, type: 2 }));
    // User 2: a 1-lot 10x long (margin 50) with a stop-loss at 49500.
    await ok(c, '/api/lever/submit', body({ share: 1, multiple: 10 }), c.token2);
    const stopped = (await orders(c)).at(-1)!;
    await ok(c, '/api/lever/setstop', { id: stopped.id, stop_loss_price: '49500' }, c.token2);
    const mine = (await orders(c)).filter((o) => o.user_id === c.userId && o.status === 1);
    const poolBefore = (await pool(c)).availableMinor;
    const closedBefore = pushes(c, 'lever_closed').length;
    // At 49000: the long -20, the short +10; rate (0 + 15 - 10) / 15 = 33 % <= 50 %.
    setMark(c, '49000');
    expect(await evaluateNow(c)).toMatchObject({ liquidated: 1, stopped: 1 });
    const after = await orders(c);
    expect(mine.map((o) => after.find((x) => x.id === o.id)!.close_reason)).toEqual([
      'liquidation',
      'liquidation',
    ]);
    expect(after.find((x) => x.id === stopped.id)).toMatchObject({ status: 3, close_reason: 'stop_loss' });
    // Profits first: the short's 5 + 10 come back before the long's loss of 20 takes its margin (10) and
    // then 10 of them: user 1 keeps 5, and the pool pays nothing it is not paid back. Losses first would
    // have left the pool 10 short and the user with 15.
    expect(await lever(c)).toEqual({ availableMinor: A('5'), frozenMinor: 0n });
    // The pool: +10 from user 1 (20 - 10 paid out), +10 from user 2's stop (0.01 x 1000).
    expect((await pool(c)).availableMinor - poolBefore).toBe(A('20'));
    const closed = pushes(c, 'lever_closed').slice(closedBefore);
    expect(closed.map((p) => [p.room, (p.payload as { id: number[] }).id.length]).sort()).toEqual([
      [`user:${c.userId}`, 2],
      [`user:${c.userId2}`, 1],
    ]);
  });

  it('pushes lever_trade at most once a window, the last state, status names in the user’s language', async () => {
    await ok(c, '/api/set/lang', { lang: 'zh' });
    const before = pushes(c, 'lever_trade').length;
    c.t.clock.advance(LEVER_TRADE_THROTTLE_MS);
    await ok(c, '/api/lever/submit', body());
    await ok(c, '/api/lever/submit', body());
    await ok(c, '/api/lever/submit', body({ status: 0, target_price: '40000' }));
    const sent = () =>
      pushes(c, 'lever_trade')
        .slice(before)
        .filter((p) => p.room === `user:${c.userId}`);
    expect(sent()).toHaveLength(1);
    expect(JSON.parse((sent()[0]!.payload as { trades_all: string }).trades_all)).toHaveLength(1);
    c.t.clock.advance(LEVER_TRADE_THROTTLE_MS);
    await expect.poll(() => sent().length).toBe(2);
    const last = sent()[1]!.payload as { trades_all: string; trades_entrust: { status_name: string }[] };
    const open = JSON.parse(last.trades_all) as { status_name: string }[];
    expect(open.map((r) => r.status_name)).toEqual(['交易中', '交易中']);
    expect(last.trades_entrust.map((r) => r.status_name)).toEqual(['委托中']);
  });

  it('a retried submission with the same client id opens one order; another payload is refused', async () => {
    const count = async () => (await orders(c)).filter((o) => o.user_id === c.userId).length;
    const n = await count();
    const req = body({ client_id: 'lever-retry-1' });
    expect(await ok(c, '/api/lever/submit', req)).toBe('Order placed');
    expect(await ok(c, '/api/lever/submit', req)).toBe('Order placed');
    expect(await count()).toBe(n + 1);
    const other = await c.t.call('POST', '/api/lever/submit', { ...req, share: 3 }, { token: c.token });
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    const header = await c.t.call('POST', '/api/lever/submit', body(), {
      token: c.token,
      headers: { 'idempotency-key': 'lever-retry-2' },
    });
    expect(header.body.type).toBe('ok');
    expect(await count()).toBe(n + 2);
    // The index follows: the two positions are in it.
    const indexed = c.t.app.ctx.services.lever.book.ofOwner(c.userId, USDT);
    expect(indexed.filter((o) => o.status === 1)).toHaveLength(2);
  });
});
