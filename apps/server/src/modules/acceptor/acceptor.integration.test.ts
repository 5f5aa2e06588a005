/**
 * Acceptor deals over the real app: buy and sell through confirm and reject with exact escrow and rate
 * amounts, the 20-minute auto-confirm on the manual clock (exactly at 20 minutes, and after a restart),
 * only the deal's acceptor acting, and bad input refused with nothing changed. Every app ends with the
 * ledger check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTOR_AUTO_CONFIRM_MS } from '@oryx/contracts/acceptor/calls';
import { demoCredit, registerAndLogin } from '../../../test/accounts';
import {
  DB_KINDS,
  describeEachDb,
  persistentDb,
  startTestApp,
  type TestApp,
  TEST_HASH_LOG2N,
} from '../../../test/harness';
import { hashPassword } from '../auth/password';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { acceptorParty } from './test-helpers';

const USDT = 1;
const PW = 'trade-pw-1';
const U = 100_000_000n;

interface Party {
  id: number;
  token: string;
}

const legal = async (t: TestApp, id: number) =>
  (await ledger.balance(t.app.ctx.db, userAccount(id, 'legal'), USDT)).availableMinor;
const escrow = async (t: TestApp) =>
  (await ledger.balance(t.app.ctx.db, systemAccount('c2c_escrow'), USDT)).availableMinor;

let userSeq = 0;
async function freshUser(t: TestApp, fundUnits = 1000n): Promise<Party> {
  const p = await registerAndLogin(t, `acc-${++userSeq}-${t.kind}@example.com`);
  await t.app.ctx.db
    .updateTable('users')
    .set({ trade_password_hash: await hashPassword(PW, TEST_HASH_LOG2N) })
    .where('id', '=', p.id)
    .execute();
  if (fundUnits === 0n) return p;
  await demoCredit(t, p.id, 'legal', USDT, fundUnits * U, `acc-${p.id}`);
  return p;
}

const dealBody = (acceptorId: number, over: Record<string, unknown> = {}) => ({
  acceptor_id: acceptorId,
  type: 'buy',
  way: 'bank',
  mobile: '13812345678',
  deal_account: '6222 0000 1111',
  money: '720',
  password: PW,
  ...over,
});

const post = (t: TestApp, p: Party, url: string, body: Record<string, unknown>) =>
  t.call('POST', url, body, { token: p.token });

async function open(t: TestApp, p: Party, body: Record<string, unknown>): Promise<number> {
  const r = await post(t, p, '/api/acceptor/deal', body);
  expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
  return r.body.message.data.id as number;
}

const dealOf = (t: TestApp, id: number) =>
  t.app.ctx.db.selectFrom('acceptor_deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDb('acceptor deals', (getApp) => {
  let otc: Party & { acceptorId: number };
  let coinDesk: Party & { acceptorId: number };
  beforeAll(async () => {
    const t = getApp();
    otc = await acceptorParty(t, 'seller@oryx.local'); // CNY acceptor, USDT, 7.2 in / 7.05 out
    coinDesk = await acceptorParty(t, 'demo2@oryx.local'); // virtual-coin acceptor, ETH
  });

  it('lists acceptors by tab and shows one with balances', async () => {
    const t = getApp();
    const u = await freshUser(t);
    const cny = (await t.call('GET', '/api/acceptor/list', { address: 'cny' })).body.message;
    expect(cny.map((a: { id: number }) => a.id)).toEqual([otc.acceptorId]);
    expect(cny[0]).toMatchObject({
      recharge_rate: '7.2000',
      cash_rate: '7.0500',
      recharge_amount: '50000.00',
    });
    const coin = (await t.call('GET', '/api/acceptor/list', { kind: 'coin' })).body.message;
    expect(coin.map((a: { id: number }) => a.id)).toEqual([coinDesk.acceptorId]);
    const info = await t.call(
      'GET',
      '/api/acceptor/info',
      { id: String(otc.acceptorId) },
      { token: u.token },
    );
    expect(info.body.message).toMatchObject({
      user_balance: '1000.00000000',
      bank_address: expect.any(String),
    });
  });

  it('runs a buy deal: the acceptor’s coin to escrow, confirm pays the user at the deposit rate', async () => {
    const t = getApp();
    const u = await freshUser(t, 0n);
    const [a0, e0] = [await legal(t, otc.id), await escrow(t)];
    const id = await open(t, u, dealBody(otc.acceptorId, { money: '100' }));
    const coins = 1_388_888_888n; // 100 / 7.2 = 13.888888888..., rounded down for the user
    expect(await legal(t, otc.id)).toBe(a0 - coins);
    expect(await escrow(t)).toBe(e0 + coins);
    const mine = (await t.call('GET', '/api/acceptor/my_deal', { type: '0' }, { token: u.token })).body
      .message;
    expect(mine.data[0]).toMatchObject({
      id,
      is_sure: 0,
      update_time: 0,
      number: '13.88888888',
      money: '100.00',
    });
    t.clock.advance(5000);
    expect((await post(t, otc, '/api/acceptor/desk/confirm', { id })).body.type).toBe('ok');
    expect(await legal(t, u.id)).toBe(coins);
    expect(await escrow(t)).toBe(e0);
    const after = (await t.call('GET', '/api/acceptor/my_deal', {}, { token: u.token })).body.message.data[0];
    expect(after).toMatchObject({ is_sure: 1, update_time: Math.floor(t.clock.now() / 1000) });
    expect((await post(t, otc, '/api/acceptor/desk/reject', { id })).body.code).toBe('ACCEPTOR_DEAL_STATE');
  });

  it('rejects a buy deal: escrow goes back to the acceptor', async () => {
    const t = getApp();
    const u = await freshUser(t, 0n);
    const [a0, e0] = [await legal(t, otc.id), await escrow(t)];
    const id = await open(t, u, dealBody(otc.acceptorId));
    expect((await post(t, otc, '/api/acceptor/desk/reject', { id })).body.type).toBe('ok');
    expect([await legal(t, otc.id), await escrow(t), await legal(t, u.id)]).toEqual([a0, e0, 0n]);
    expect((await dealOf(t, id)).is_sure).toBe(2);
  });

  it('runs a sell deal: my coin to escrow, transferred, confirmed by me; reject returns it', async () => {
    const t = getApp();
    const u = await freshUser(t, 100n);
    const [a0, e0] = [await legal(t, otc.id), await escrow(t)];
    const id = await open(t, u, dealBody(otc.acceptorId, { type: 'sell', money: '100' }));
    const coins = 1_418_439_717n; // 100 / 7.05 = 14.184397163..., rounded up against the user
    expect(await legal(t, u.id)).toBe(100n * U - coins);
    expect(await escrow(t)).toBe(e0 + coins);
    // Neither side confirms before the acceptor marked the money sent.
    expect((await post(t, otc, '/api/acceptor/desk/confirm', { id })).body.code).toBe('ACCEPTOR_DEAL_STATE');
    expect((await post(t, u, '/api/acceptor/deal_sure', { id })).body.code).toBe('ACCEPTOR_DEAL_STATE');
    expect((await post(t, otc, '/api/acceptor/desk/transferred', { id })).body.type).toBe('ok');
    expect((await post(t, otc, '/api/acceptor/desk/transferred', { id })).body.code).toBe(
      'ACCEPTOR_DEAL_STATE',
    );
    expect((await post(t, otc, '/api/acceptor/desk/reject', { id })).body.code).toBe('ACCEPTOR_DEAL_STATE');
    expect((await post(t, u, '/api/acceptor/deal_sure', { id })).body.type).toBe('ok');
    expect(await legal(t, otc.id)).toBe(a0 + coins);
    expect(await escrow(t)).toBe(e0);

    const second = await open(t, u, dealBody(otc.acceptorId, { type: 'sell', money: '100' }));
    expect((await post(t, otc, '/api/acceptor/desk/reject', { id: second })).body.type).toBe('ok');
    expect(await legal(t, u.id)).toBe(100n * U - coins);
    expect(await escrow(t)).toBe(e0);
  });

  it('confirms a transferred sell deal itself at exactly 20 minutes', async () => {
    const t = getApp();
    const u = await freshUser(t, 100n);
    const a0 = await legal(t, otc.id);
    const id = await open(t, u, dealBody(otc.acceptorId, { type: 'sell', money: '141' })); // 20 USDT
    await post(t, otc, '/api/acceptor/desk/transferred', { id });
    const markedAt = t.clock.now();
    const row = (await t.call('GET', '/api/acceptor/my_deal', {}, { token: u.token })).body.message.data[0];
    expect(row).toMatchObject({ transferred: 1, auto_confirm_at: markedAt + ACCEPTOR_AUTO_CONFIRM_MS });
    t.clock.set(markedAt + ACCEPTOR_AUTO_CONFIRM_MS - 1);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect((await dealOf(t, id)).is_sure).toBe(0);
    t.clock.set(markedAt + ACCEPTOR_AUTO_CONFIRM_MS);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect(await dealOf(t, id)).toMatchObject({
      is_sure: 1,
      updated_at: markedAt + ACCEPTOR_AUTO_CONFIRM_MS,
    });
    expect(await legal(t, otc.id)).toBe(a0 + 20n * U);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now() + 3600_000); // nothing twice
    expect(await legal(t, otc.id)).toBe(a0 + 20n * U);
  });

  it('lets only the deal’s acceptor act, and only its user confirm', async () => {
    const t = getApp();
    const u = await freshUser(t, 100n);
    const stranger = await freshUser(t, 0n);
    const id = await open(t, u, dealBody(otc.acceptorId, { type: 'sell', money: '141' }));
    const e0 = await escrow(t);
    for (const url of [
      '/api/acceptor/desk/confirm',
      '/api/acceptor/desk/reject',
      '/api/acceptor/desk/transferred',
    ]) {
      expect((await post(t, coinDesk, url, { id })).body.code).toBe('ACCEPTOR_DEAL_NOT_FOUND');
      expect((await post(t, stranger, url, { id })).body.code).toBe('ACCEPTOR_NOT_ACCEPTOR');
    }
    await post(t, otc, '/api/acceptor/desk/transferred', { id });
    expect((await post(t, stranger, '/api/acceptor/deal_sure', { id })).body.code).toBe(
      'ACCEPTOR_DEAL_NOT_FOUND',
    );
    expect((await post(t, otc, '/api/acceptor/deal_sure', { id })).body.code).toBe('ACCEPTOR_DEAL_NOT_FOUND');
    expect(await dealOf(t, id)).toMatchObject({ is_sure: 0 });
    expect(await escrow(t)).toBe(e0);
    const desk = (await t.call('GET', '/api/acceptor/desk', {}, { token: otc.token })).body.message;
    expect(desk.data.some((d: { id: number }) => d.id === id)).toBe(true);
    const other = (await t.call('GET', '/api/acceptor/desk', {}, { token: coinDesk.token })).body.message;
    expect(other.data.some((d: { id: number }) => d.id === id)).toBe(false);
    await post(t, otc, '/api/acceptor/desk/confirm', { id });
  });

  it('lets exactly one of two concurrent confirms win, and takes the older field names', async () => {
    const t = getApp();
    const u = await freshUser(t, 100n);
    const a0 = await legal(t, otc.id);
    const body = {
      acceptor: otc.acceptorId,
      type: 'sell',
      way: 'bank',
      mobile: '13812345678',
      account: 'x1',
      money: '141',
      password: PW,
    };
    const id = await open(t, u, body);
    expect(await dealOf(t, id)).toMatchObject({ deal_account: 'x1', number_minor: 20n * U });
    await post(t, otc, '/api/acceptor/desk/transferred', { id });
    const replies = await Promise.all([
      post(t, u, '/api/acceptor/deal_sure', { id }),
      post(t, otc, '/api/acceptor/desk/confirm', { id }),
    ]);
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(await legal(t, otc.id)).toBe(a0 + 20n * U);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now() + ACCEPTOR_AUTO_CONFIRM_MS);
    expect(await legal(t, otc.id)).toBe(a0 + 20n * U);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const t = getApp();
    const u = await freshUser(t, 10n);
    const cases: [Record<string, unknown>, string][] = [
      [{ money: '0' }, 'ACCEPTOR_MONEY_INVALID'],
      [{ money: '-5' }, 'ACCEPTOR_MONEY_INVALID'],
      [{ money: 'abc' }, 'ACCEPTOR_MONEY_INVALID'],
      [{ money: '1e3' }, 'ACCEPTOR_MONEY_INVALID'],
      [{ money: '100.001' }, 'ACCEPTOR_MONEY_INVALID'],
      [{ mobile: '' }, 'ACCEPTOR_MOBILE_REQUIRED'],
      [{ mobile: 'phone' }, 'ACCEPTOR_MOBILE_REQUIRED'],
      [{ deal_account: '  ' }, 'ACCEPTOR_ACCOUNT_REQUIRED'],
      [{ way: '' }, 'ACCEPTOR_WAY_REQUIRED'],
      [{ type: 'lend' }, 'ACCEPTOR_TYPE_INVALID'],
      [{ acceptor_id: 999_999 }, 'ACCEPTOR_NOT_FOUND'],
      [{ acceptor_id: 'x' }, 'ACCEPTOR_NOT_FOUND'],
      [{ money: '99.99' }, 'ACCEPTOR_BELOW_MIN'],
      [{ money: '50000.01' }, 'ACCEPTOR_ABOVE_MAX'],
      [{ type: 'sell', money: '1000' }, 'ACCEPTOR_BALANCE_LOW'], // 141.8 USDT > 10
    ];
    const before = [await legal(t, u.id), await legal(t, otc.id), await escrow(t)];
    const count = async () => (await t.app.ctx.db.selectFrom('acceptor_deals').select('id').execute()).length;
    const n0 = await count();
    for (const [over, code] of cases) {
      const r = await post(t, u, '/api/acceptor/deal', dealBody(otc.acceptorId, over));
      expect([r.body.type, r.body.code], JSON.stringify(over)).toEqual(['error', code]);
    }
    const coinWay = await post(t, u, '/api/acceptor/deal', dealBody(coinDesk.acceptorId, { way: 'we_chat' }));
    expect(coinWay.body.code).toBe('ACCEPTOR_WAY_UNAVAILABLE');
    expect((await post(t, otc, '/api/acceptor/deal', dealBody(otc.acceptorId))).body.code).toBe(
      'ACCEPTOR_OWN',
    );
    expect([await legal(t, u.id), await legal(t, otc.id), await escrow(t)]).toEqual(before);
    expect(await count()).toBe(n0);
  });

  it('refuses a buy above the acceptor’s stock', async () => {
    const t = getApp();
    const u = await freshUser(t, 0n);
    const admin = { id: 0, token: await t.tokenFor('admin@oryx.local') };
    const poor = await freshUser(t, 1n); // 1 USDT of stock
    const setup = {
      user_id: poor.id,
      kind: 'cny',
      name: 'Small desk',
      quote_code: 'cny',
      currency_id: USDT,
      recharge_rate: '7',
      recharge_min: '1',
      recharge_amount: '1000',
      cash_rate: '6.5',
      cash_min: '1',
      cash_amount: '1000',
      ali_account: 'small@example.com',
    };
    expect((await post(t, u, '/api/admin/acceptor/save', setup)).body.type).not.toBe('ok');
    expect((await post(t, admin, '/api/admin/acceptor/save', { ...setup, cash_min: '2000' })).body.code).toBe(
      'ACCEPTOR_SETUP_INVALID',
    );
    const saved = await post(t, admin, '/api/admin/acceptor/save', setup);
    expect(saved.body.type).toBe('ok');
    const body = dealBody(saved.body.message.id, { way: 'ali_pay', money: '14' }); // 2 USDT
    expect((await post(t, u, '/api/acceptor/deal', body)).body.code).toBe('ACCEPTOR_STOCK_LOW');
    expect(await legal(t, poor.id)).toBe(U);
    await post(t, admin, '/api/admin/acceptor/save', { ...setup, status: 0 });
    expect((await post(t, u, '/api/acceptor/deal', body)).body.code).toBe('ACCEPTOR_NOT_FOUND');
  });
});

describe('acceptor auto-confirm after a restart', () => {
  for (const kind of DB_KINDS) {
    it(`confirms an overdue transferred sell deal as of its due time [${kind}]`, async () => {
      const store = await persistentDb(kind);
      try {
        const env = { DATABASE_URL: store.url };
        let t = await startTestApp(kind, { env });
        const u = await freshUser(t, 100n);
        const otc = await acceptorParty(t, 'seller@oryx.local');
        const a0 = await legal(t, otc.id);
        const id = await open(t, u, dealBody(otc.acceptorId, { type: 'sell', money: '141' }));
        await post(t, otc, '/api/acceptor/desk/transferred', { id });
        const markedAt = t.clock.now();
        const clock = t.clock;
        await t.close();
        clock.advance(ACCEPTOR_AUTO_CONFIRM_MS + 3600_000);
        t = await startTestApp(kind, { env, clock });
        await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
        expect(await dealOf(t, id)).toMatchObject({
          is_sure: 1,
          updated_at: markedAt + ACCEPTOR_AUTO_CONFIRM_MS,
        });
        expect(await legal(t, otc.id)).toBe(a0 + 20n * U);
        await t.close();
      } finally {
        await store.drop();
      }
    });
  }
});
