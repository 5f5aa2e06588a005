/**
 * The C2C deal around its state changes: pushes to both parties' rooms, the payment voucher and appeal
 * images as private files (parties and operators only), the configurable `out_fee`, the confirm call
 * per side, the localized `way_name`, and the daily cancel limit under concurrent cancels.
 */
import { describe, expect, it } from 'vitest';
import { consoleNotices, TOLD_OPERATORS } from '../notifications/test-helpers';
import { pngBytes, upload } from '../../../test/accounts';
import { DB_KINDS, describeEachDb, startTestApp, type TestApp } from '../../../test/harness';
import type { RecordingRealtime } from '../../realtime/realtime';
import { ledger, systemAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { runInTransaction } from '../../db/transaction';
import { C2C_TERMS } from './config';
import { transitionDeal } from './engine';
import { p2pRepo } from './repo';
import { actOnDeal, checkCancelLimit } from './deal-calls';
import { U, USDT, call, lastAdOf, legal, post, ready, sellAd, type Party } from './test-helpers';

const buyAd = { ...sellAd, type: 'buy' };
const deal = (t: TestApp, p: Party, id: number, locale = 'en') =>
  t.call('GET', '/api/c2c_deal', { id: String(id) }, { token: p.token, headers: { 'x-locale': locale } });
async function take(t: TestApp, p: Party, adId: number): Promise<number> {
  const r = await call(t, p, '/api/c2c/do_legal_deal', adId);
  if (r.body.type !== 'ok') throw new Error(JSON.stringify(r.body));
  return r.body.message.data.id as number;
}
const pushes = (t: TestApp, dealId: number) =>
  (t.app.ctx.realtime as RecordingRealtime).sent
    .filter((s) => s.event === 'c2c_deal' && (s.payload as { id: number }).id === dealId)
    .map((s) => `${s.room}:${(s.payload as { is_sure: number }).is_sure}`);
const image = (t: TestApp, p: Party | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: p ? { authorization: p.token } : {} });

describeEachDb('c2c deal pushes, images and sides', (getApp) => {
  it('pushes every state change to both parties', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    await post(t, a, sellAd);
    const adId = await lastAdOf(t, a);
    const id = await take(t, b, adId);
    const listed = await t.call('GET', '/api/c2c_deal_platform', { type: 'sell', page: '1' });
    expect(listed.body.message.data.map((r: { id: number }) => r.id)).not.toContain(adId); // nothing left
    await call(t, b, '/api/c2c/user_legal_pay', id);
    await call(t, a, '/api/c2c/legal_deal_sure', id);
    const rooms = (s: number) => [`user:${b.id}:${s}`, `user:${a.id}:${s}`];
    expect(pushes(t, id)).toEqual([...rooms(0), ...rooms(3), ...rooms(1)]);

    await post(t, a, sellAd);
    const late = await take(t, b, await lastAdOf(t, a));
    t.clock.advance(C2C_TERMS.payWindowMs);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect(pushes(t, late)).toEqual([...rooms(0), ...rooms(2)]);
    await call(t, a, '/api/c2c/back_send', await lastAdOf(t, a));
  });

  it('keeps the voucher and appeal images private to the parties and operators', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    const c = await ready(t, 'seller@oryx.local');
    const admin = { id: 0, token: await t.tokenFor('admin@oryx.local') };
    await post(t, a, sellAd);
    const id = await take(t, b, await lastAdOf(t, a));
    const voucher = (await upload(t, b.token, pngBytes())).body.message as string;
    const foreign = (await upload(t, c.token, pngBytes())).body.message as string;
    const payWith = (img: string) =>
      t.call('POST', '/api/c2c/user_legal_pay', { id, password: 'trade-pw-1', pay_orders_img: img }, b);
    expect((await payWith(foreign)).body.code).toBe('P2P_IMAGE_INVALID'); // someone else's upload
    expect((await deal(t, b, id)).body.message.is_sure).toBe(0); // nothing changed
    expect((await payWith(voucher)).body.type).toBe('ok');
    expect((await image(t, null, voucher)).statusCode).toBe(404); // no longer public

    const seen = (await deal(t, a, id)).body.message;
    expect(seen.pay_voucher).toMatch(/^\/api\/c2c\/deal_image\?id=\d+&name=/);
    for (const [who, status] of [
      [a, 200],
      [b, 200],
      [admin, 200],
      [c, 404],
    ] as const) {
      const r = await image(t, who, seen.pay_voucher as string);
      expect(r.statusCode, String(who.id)).toBe(status);
      if (status === 200) expect(r.headers['content-type']).toBe('image/png');
    }
    expect((await image(t, null, seen.pay_voucher as string)).statusCode).not.toBe(200);

    const appeal = (body: Record<string, unknown>) =>
      t.call('POST', '/api/c2c/arbitrate', { id, ...body }, { token: a.token });
    const imgs = [];
    for (let i = 0; i < 4; i++) imgs.push((await upload(t, a.token, pngBytes())).body.message as string);
    expect((await appeal({ note: 'x', images: imgs })).body.type).toBe('error'); // four
    expect((await appeal({ note: 'x', images: [voucher] })).body.code).toBe('P2P_IMAGE_INVALID');
    expect((await appeal({ note: 'not received', images: imgs.slice(0, 2) })).body.type).toBe('ok');
    // Every staff user who may decide it is told of the appeal; the auditor, who only reads, is not.
    expect(await consoleNotices(t, id, 'console.appeal c2c')).toEqual(TOLD_OPERATORS);
    const appealed = (await deal(t, b, id)).body.message;
    expect(appealed).toMatchObject({
      is_sure: 4,
      appeal: { by: 'seller', note: 'not received', result: null },
    });
    expect(appealed.appeal.images).toHaveLength(2);
    expect((await image(t, c, appealed.appeal.images[1])).statusCode).toBe(404);
    expect((await image(t, b, appealed.appeal.images[1])).statusCode).toBe(200);
    const queue = await t.call('GET', '/api/admin/p2p/appeals', {}, admin);
    expect(queue.body.message.data.at(-1)).toMatchObject({
      id,
      is_sure: 4,
      pay_voucher: seen.pay_voucher,
      appeal: { by: 'seller', note: 'not received', images: appealed.appeal.images },
    });
    expect((await t.call('GET', '/api/admin/p2p/appeals', {}, b)).body.type).not.toBe('ok');
    const decided = await t.call(
      'POST',
      '/api/admin/p2p/decide',
      { id, result: 'return', reason: 'no payment' },
      admin,
    );
    expect(decided.body.message).toEqual({ id, is_sure: 2, four_eyes_pending: false });
    expect((await deal(t, a, id)).body.message.appeal.result).toBe('return');
    const pending = await t.call('GET', '/api/admin/p2p/appeals', { status: 'pending' }, admin);
    expect(pending.body.message.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(pushes(t, id).slice(-2)).toEqual([`user:${b.id}:2`, `user:${a.id}:2`]);
    await call(t, a, '/api/c2c/back_send', await lastAdOf(t, a));
  });

  it('takes each confirm call from its own side and localizes way_name', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    const [a0, b0] = [await legal(t, a.id), await legal(t, b.id)];
    await post(t, a, { ...buyAd, way: 'ali_pay' }); // a buys: b (the taker) sells and confirms
    const id = await take(t, b, await lastAdOf(t, a));
    expect((await deal(t, a, id, 'zh')).body.message.way_name).toBe('支付宝');
    expect((await deal(t, a, id, 'en')).body.message.way_name).toBe('Alipay');
    expect((await call(t, a, '/api/c2c/user_legal_pay', id)).body.type).toBe('ok');
    expect((await call(t, b, '/api/c2c/legal_deal_sure', id)).body.code).toBe('P2P_CONFIRM_SIDE');
    expect((await call(t, b, '/api/c2c/legal_deal_user_sure', id)).body.type).toBe('ok');
    expect(await legal(t, a.id)).toBe(a0 + 2n * U);
    expect(await legal(t, b.id)).toBe(b0 - 2n * U);

    await post(t, a, sellAd); // a sells: a (the owner) confirms
    const sold = await take(t, b, await lastAdOf(t, a));
    await call(t, b, '/api/c2c/user_legal_pay', sold);
    expect((await call(t, a, '/api/c2c/legal_deal_user_sure', sold)).body.code).toBe('P2P_CONFIRM_SIDE');
    expect((await call(t, a, '/api/c2c/legal_deal_sure', sold)).body.type).toBe('ok');
  });

  it('holds the daily cancel limit when one buyer cancels several deals at once', async () => {
    const t = getApp();
    t.clock.advance(86_400_000); // a new UTC day
    const owner = await ready(t, 'demo1@oryx.local');
    const takers = [
      await ready(t, 'demo2@oryx.local'),
      await ready(t, 'seller@oryx.local'),
      await ready(t, 'admin@oryx.local'),
    ];
    const open = async (p: Party) => {
      await post(t, owner, buyAd);
      return take(t, p, await lastAdOf(t, owner));
    };
    for (const p of takers.slice(0, 2)) {
      expect((await call(t, owner, '/api/c2c/user_legal_pay_cancel', await open(p))).body.type).toBe('ok');
    }
    const ids = [];
    for (const p of takers) ids.push(await open(p));
    const replies = await Promise.all(ids.map((id) => call(t, owner, '/api/c2c/user_legal_pay_cancel', id)));
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 'P2P_CANCEL_LIMIT')).toHaveLength(2);
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('c2c cancel limit on PostgreSQL', () => {
  it('makes a cancel wait for a concurrent one of the same buyer, then counts it', async () => {
    const t = await startTestApp('postgres');
    try {
      const owner = await ready(t, 'demo1@oryx.local');
      const takers = [await ready(t, 'demo2@oryx.local'), await ready(t, 'seller@oryx.local')];
      const open = async (p: Party) => {
        await post(t, owner, buyAd);
        return take(t, p, await lastAdOf(t, owner));
      };
      for (const p of takers) await call(t, owner, '/api/c2c/user_legal_pay_cancel', await open(p));
      const [first, second] = [await open(takers[0]!), await open(takers[1]!)];
      const ctx = t.app.ctx;
      let racing: Promise<unknown> = Promise.resolve();
      // The third cancel of the day, held open while the fourth arrives: the fourth must wait and refuse.
      await runInTransaction(ctx.db, async (trx) => {
        await checkCancelLimit(ctx, trx, owner.id, t.clock.now());
        racing = actOnDeal(ctx, owner.id, second, { action: 'cancel', password: 'trade-pw-1' }).catch(
          (e: unknown) => e,
        );
        await new Promise((r) => setTimeout(r, 400));
        const deal = (await p2pRepo.findDeal(trx, first))!;
        await transitionDeal(trx, deal, 'cancel', 'buyer', t.clock.now());
      });
      expect(await racing).toMatchObject({ code: 'P2P_CANCEL_LIMIT' });
      expect((await p2pRepo.findDeal(ctx.db, second))!.is_sure).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('c2c out_fee', () => {
  for (const kind of DB_KINDS) {
    it(`keeps C2C_OUT_FEE_BPS of the coins from the buyer for the fees account [${kind}]`, async () => {
      const t = await startTestApp(kind, { env: { C2C_OUT_FEE_BPS: '150' } });
      try {
        const a = await ready(t, 'demo1@oryx.local');
        const b = await ready(t, 'demo2@oryx.local');
        const fees = async () =>
          (await ledger.balance(t.app.ctx.db, systemAccount('fees'), USDT)).availableMinor;
        const [b0, f0] = [await legal(t, b.id), await fees()];
        await post(t, a, sellAd);
        const id = await take(t, b, await lastAdOf(t, a));
        expect((await deal(t, b, id)).body.message.out_fee).toBe('0.03000000'); // 1.5 % of 2
        await call(t, b, '/api/c2c/user_legal_pay', id);
        await call(t, a, '/api/c2c/legal_deal_sure', id);
        expect(await legal(t, b.id)).toBe(b0 + 2n * U - 3_000_000n);
        expect(await fees()).toBe(f0 + 3_000_000n);
      } finally {
        await t.close();
      }
    });
  }
});
