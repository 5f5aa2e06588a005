/**
 * The team over the real app: the invite tree one level at a time (only the caller's own team, nothing
 * without a session), the direct invitees, and referral commissions on the trading fees the ledger
 * records: exact at both levels, none beyond them, paid once however often the job runs. Every app ends
 * with the ledger check.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { bal, freshUser, U, USDT } from '../earning/test-helpers';
import { COMMISSION_INTERVAL_MS } from './config';
import { ensureCommissionJob } from './commissions';

/** A trading fee as the spot settlement records it: the payer's spot wallet -> fees. */
async function payFee(
  t: TestApp,
  userId: number,
  amountMinor: bigint,
  reason: 'spot.fee' | 'lever.fee' = 'spot.fee',
) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: userAccount(userId, 'change'),
      to: systemAccount('fees'),
      amountMinor,
      currencyId: USDT,
      reason,
      ref: { type: 'test_fee', id: userId },
      at: t.clock.now(),
    }),
  );
}

/** a <- b <- c <- d: b invited by a, and so on. */
async function chain(t: TestApp) {
  const a = await freshUser(t, { name: 'ta' });
  const b = await freshUser(t, { name: 'tb', invite: a.code });
  const c = await freshUser(t, { name: 'tc', invite: b.code, usdtMinor: 100n * U });
  const d = await freshUser(t, { name: 'td', invite: c.code, usdtMinor: 100n * U });
  return { a, b, c, d };
}

describeEachDb('team', (getApp) => {
  it('answers one level of the caller’s own tree, and nothing else', async () => {
    const t = getApp();
    const { a, b, c, d } = await chain(t);
    const root = await t.call('POST', '/api/getNode', {}, { token: a.token });
    expect(root.body.message.show_message).toEqual({ top_upnumber: 3, real_teamnumber: 0 });
    expect(root.body.message.results).toHaveLength(1);
    expect(root.body.message.results[0]).toMatchObject({ id: b.id, team_count: 2, has_children: true });
    // Members appear by their nickname: no part of the e-mail address, masked or not.
    expect(root.body.message.results[0].name).toMatch(/^Trader-[A-Z2-9]{6}$/);
    expect(JSON.stringify(root.body)).not.toMatch(/example\.com|"tb/);
    const level2 = await t.call('POST', '/api/getNode', { user_id: c.id }, { token: a.token });
    expect(level2.body.message.results.map((n: { id: number }) => n.id)).toEqual([d.id]);
    // c asks about a (above c) or b: not c's team.
    const up = await t.call('POST', '/api/getNode', { user_id: a.id }, { token: c.token });
    expect(up.body).toMatchObject({ type: 'error', code: 'TEAM_NODE_FORBIDDEN' });
    const side = await t.call('POST', '/api/getNode', { user_id: b.id }, { token: d.token });
    expect(side.body.code).toBe('TEAM_NODE_FORBIDDEN');
    // Without a session: an empty tree, whatever id is asked.
    const anon = await t.call('POST', '/api/getNode', { user_id: a.id });
    expect(anon.body.message).toEqual({ results: [], show_message: { top_upnumber: 0, real_teamnumber: 0 } });
    const team = await t.call('GET', '/api/user/my_team', undefined, { token: b.token });
    expect(team.body.message).toMatchObject({ team_count: 2, zt_count: 1 });
    expect(team.body.message.team.data[0]).toMatchObject({ id: c.id, active_users: 1, is_verified: 0 });
  });

  it('pays 20 % and 10 % of invitees’ trading fees once, from the fees, at the hourly run', async () => {
    const t = getApp();
    const { a, b, c, d } = await chain(t);
    await ensureCommissionJob(t.app.ctx);
    await payFee(t, d.id, 1_234_567n); // d's fee: c gets 20 %, b 10 %, a nothing (level 3)
    await payFee(t, c.id, 3n); // c's fee: b 0 (floor of 0.6), a 0
    await payFee(t, c.id, 10_000n); // b 2000, a 1000
    await payFee(t, d.id, 50_000n, 'lever.fee'); // not a covered fee
    const run = () => runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    await run();
    expect((await bal(t, c.id, USDT)).available).toBe('99.99989997'); // nothing yet: before the hour
    t.clock.advance(COMMISSION_INTERVAL_MS);
    await run();
    t.clock.advance(COMMISSION_INTERVAL_MS);
    await run();
    expect((await bal(t, c.id, USDT)).available).toBe('100.00236910'); // - fees 10003 + 246913
    expect((await bal(t, b.id, USDT)).available).toBe('0.00125456'); // 123456 + 2000
    expect((await bal(t, a.id, USDT)).available).toBe('0.00001000');
    const profits = await t.call('GET', '/api/profits/show_profits', undefined, {
      token: b.token,
      headers: { 'x-locale': 'en' },
    });
    expect(profits.body.message.total).toBe(2);
    expect(
      profits.body.message.data.map((r: { value: string; level: number }) => [r.value, r.level]),
    ).toEqual([
      ['0.00002000', 1],
      ['0.00123456', 2],
    ]);
    expect(profits.body.message.data[1].info).toContain('Level 2');
    expect(profits.body.message.data[1].info).toContain('0.01234567 USDT');
    const rows = await t.app.ctx.db.selectFrom('team_commissions').selectAll().execute();
    expect(rows).toHaveLength(4);
    const pool = await ledger.balance(t.app.ctx.db, systemAccount('referral_pool'), USDT);
    expect(pool.availableMinor).toBe(0n);
  });

  it('leaves a fee younger than a minute to the next run, and pays it then', async () => {
    const t = getApp();
    const { b, c } = await chain(t);
    await ensureCommissionJob(t.app.ctx);
    t.clock.advance(COMMISSION_INTERVAL_MS - 30_000); // 30 s before the run
    await payFee(t, c.id, 10_000n);
    t.clock.advance(30_000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect((await bal(t, b.id, USDT)).available).toBe('0.00000000');
    t.clock.advance(COMMISSION_INTERVAL_MS);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect((await bal(t, b.id, USDT)).available).toBe('0.00002000');
  });
});
