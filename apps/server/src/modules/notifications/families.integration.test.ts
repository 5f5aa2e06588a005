/**
 * Each family of events writes its notification for the user it happened to: a spot fill, a lever
 * stop-loss, a seconds option settled, a deposit credited, a withdrawal rejected.
 */
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../test/harness';
import { lastCode } from '../../../test/accounts';
import { formatMinor } from '@oryx/contracts/money';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { ScriptedTrades } from '../mark/scripted-trades';
import { sandboxAddress, sandboxChain } from '../funding/chain/sandbox';
import { scanChain } from '../funding/deposits';
import { coinOf, depositAddressOf, networkOf } from '../funding/service';
import { evaluateNow, lastOrder, ok, setMark, setup } from '../lever/test-helpers';
import { trader } from '../spot/test-helpers';

const U = 100_000_000n;
const USDT = 1;

const latest = async (t: TestApp, userId: number) => {
  const row = await t.app.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row && { kind: row.kind, params: JSON.parse(row.params) as Record<string, string> };
};

async function fund(t: TestApp, userId: number, amountMinor: bigint) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId: USDT,
      amountMinor,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `${userId}-${t.clock.now()}` },
      at: t.clock.now(),
    }),
  );
}

describeEachDb('notifications of each family', (getApp) => {
  it('a spot order that fills tells its owner', async () => {
    const t = getApp();
    const place = (token: string, type: number) =>
      trader(t, token)({ target_price: '3512.34', amount: '0.1', type });
    const sellerId = await t.userId('demo1@oryx.local');
    const buyerId = await t.userId('demo2@oryx.local');
    expect((await place(await t.tokenFor('demo1@oryx.local'), 2)).body.type).toBe('ok');
    expect(await latest(t, sellerId)).toBeUndefined(); // resting in the book: nothing yet
    expect((await place(await t.tokenFor('demo2@oryx.local'), 1)).body.order).toMatchObject({
      state: 'filled',
    });
    await t.elapse(10); // stored after the commit, outside the request
    expect(await latest(t, sellerId)).toMatchObject({
      kind: 'spot.filled',
      params: { symbol: 'ETH/USDT', side: 'sell' },
    });
    expect(await latest(t, buyerId)).toMatchObject({ kind: 'spot.filled', params: { side: 'buy' } });
  });

  it('a lever stop-loss tells the trader what it closed and at what loss', async () => {
    const c = await setup(getApp());
    setMark(c, '60000');
    await ok(c, '/api/lever/submit', {
      legal_id: USDT,
      currency_id: 2,
      multiple: 10,
      share: 2,
      type: 1,
      status: 1,
      password: DEMO_PASSWORD,
    });
    const o = await lastOrder(c);
    await ok(c, '/api/lever/setstop', { id: o.id, target_profit_price: '61000', stop_loss_price: '59000' });
    setMark(c, '59000');
    await evaluateNow(c);
    expect((await lastOrder(c)).close_reason).toBe('stop_loss');
    expect(await latest(c.t, c.userId)).toEqual({
      kind: 'lever.stop_loss',
      params: { id: String(o.id), symbol: 'BTC/USDT', amount: '-20.60000000', coin: 'USDT' },
    });
  });

  it('a settled seconds option tells its owner the result', async () => {
    const t = getApp();
    const feed = new ScriptedTrades();
    t.app.ctx.services.mark.prices = feed;
    const userId = await t.userId('demo1@oryx.local');
    const t0 = t.clock.now();
    feed.add(1, 200n * U, t0);
    const body = { match_id: 1, currency_id: USDT, type: 1, seconds: 60, number: 10 };
    const placed = await t.call('POST', '/api/microtrade/submit', body, {
      token: await t.tokenFor('demo1@oryx.local'),
    });
    expect(placed.body.type).toBe('ok');
    feed.add(1, 201n * U, t0 + 60_000);
    t.clock.set(t0 + 60_000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const o = await t.app.ctx.db
      .selectFrom('micro_orders')
      .select(['id', 'result', 'fact_profits_minor'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const word = { 1: 'win', 0: 'draw', [-1]: 'loss' }[o.result!];
    const amount = formatMinor(o.fact_profits_minor!, 8);
    expect(await latest(t, userId)).toEqual({
      kind: 'micro.settled',
      params: { id: String(o.id), result: word, symbol: 'BTC/USDT', coin: 'USDT', amount },
    });
  });

  it('a deposit credited tells its owner the amount', async () => {
    const t = getApp();
    const { ctx } = t.app;
    const userId = await t.userId('demo2@oryx.local');
    const coin = await coinOf(ctx.db, USDT);
    const network = await networkOf(ctx.db, coin, 'erc20');
    const { address } = await depositAddressOf(ctx, userId, coin, network);
    const asset = network.contract_address;
    await sandboxChain.faucet(ctx.db, ctx.clock.now(), { to: address, memo: '', asset, amountMinor: 7n * U });
    for (let i = 0; i < 6; i++) await sandboxChain.mine(ctx.db, ctx.clock.now());
    expect((await scanChain(ctx, 'sandbox'))!.credited).toBe(1);
    expect(await latest(t, userId)).toMatchObject({
      kind: 'deposit.credited',
      params: { amount: '7.00000000', coin: 'USDT' },
    });
  });

  it('a withdrawal an operator rejects tells its owner', async () => {
    const t = getApp();
    const email = 'demo2@oryx.local';
    const userId = await t.userId(email);
    const token = await t.tokenFor(email);
    await fund(t, userId, 30_000n * U);
    const to = sandboxAddress('elsewhere', 77);
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/wallet/address_code', {}, { token })).body.type).toBe('ok');
    const bind = { currency: USDT, type: 'erc20', address: to, code: await lastCode(t, email) };
    expect((await t.call('POST', '/api/wallet/add_address', bind, { token })).body.type).toBe('ok');
    t.clock.advance(25 * 3_600_000); // past the new address's cool-off
    const out = { currency: USDT, type: 'erc20', address: to, pay_password: DEMO_PASSWORD, number: '20000' };
    expect((await t.call('POST', '/api/wallet/out', out, { token })).body.type).toBe('ok');
    const w = await t.app.ctx.db
      .selectFrom('funding_withdrawals')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(w.status).toBe(0); // waits for review
    const admin = await t.tokenFor('admin@oryx.local');
    const r = await t.call(
      'POST',
      '/api/admin/funding/withdrawal',
      { id: w.id, approve: 0 },
      { token: admin },
    );
    expect(r.body.type).toBe('ok');
    expect(await latest(t, userId)).toEqual({
      kind: 'withdraw.rejected',
      params: { id: String(w.id), amount: '20000.00000000', coin: 'USDT' },
    });
  });
});
