/**
 * What clients of this API family read on the team calls: each `user/my_team` row carries the
 * commission earned through that invitee (`return_commission` on their own fees, `profit_balance` on
 * their whole branch, in USDT), and `user/log {limit, page, user_id, type: wallet_in}` answers a
 * member's deposit record to someone above them, and refuses anyone else with nothing of the member.
 * Every app ends with the ledger check.
 */
import { expect, it } from 'vitest';
import { formatMinor } from '@oryx/contracts/money';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { BTC, credit, freshUser, U, USDT } from '../earning/test-helpers';
import { COMMISSION_INTERVAL_MS } from './config';
import { ensureCommissionJob } from './commissions';

async function move(
  t: TestApp,
  m: { from: ReturnType<typeof userAccount>; to: ReturnType<typeof userAccount> },
  currencyId: number,
  amountMinor: bigint,
  reason: `${string}.${string}`,
) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      ...m,
      amountMinor,
      currencyId,
      reason,
      ref: { type: 'test', id: 1 },
      at: t.clock.now(),
    }),
  );
}

/** A trading fee as spot settlement records it. */
const payFee = (t: TestApp, userId: number, currencyId: number, amountMinor: bigint) =>
  move(
    t,
    { from: userAccount(userId, 'change'), to: systemAccount('fees') },
    currencyId,
    amountMinor,
    'spot.fee',
  );

/** A coin deposit as the chain adapter credits it. */
const deposit = (t: TestApp, userId: number, currencyId: number, amountMinor: bigint) =>
  move(
    t,
    { from: systemAccount('chain_hot_wallet'), to: userAccount(userId, 'change') },
    currencyId,
    amountMinor,
    'funding.deposit',
  );

/** a <- b <- c <- d: b invited by a, and so on; e outside. */
async function chain(t: TestApp) {
  const a = await freshUser(t, { name: 'wa' });
  const b = await freshUser(t, { name: 'wb', invite: a.code });
  const c = await freshUser(t, { name: 'wc', invite: b.code, usdtMinor: 100n * U });
  const d = await freshUser(t, { name: 'wd', invite: c.code, usdtMinor: 100n * U });
  const e = await freshUser(t, { name: 'we' });
  return { a, b, c, d, e };
}

describeEachDb('team: the wire as clients read it', (getApp) => {
  it('my_team rows carry return_commission (the invitee’s own fees) and profit_balance (their branch), in USDT', async () => {
    const t = getApp();
    const { a, b, c, d } = await chain(t);
    await credit(t, c.id, BTC, U);
    await ensureCommissionJob(t.app.ctx);
    await payFee(t, c.id, USDT, 10_000n); // b 20 % = 2000, a 10 % = 1000
    await payFee(t, c.id, BTC, 1_000n); // b 200 BTC minor, a 100
    await payFee(t, d.id, USDT, 1_234_567n); // c 246913, b 123456, a nothing (level 3)
    t.clock.advance(COMMISSION_INTERVAL_MS + 60_000);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const btcUsdt = (
      await t.app.ctx.db
        .selectFrom('currencies')
        .select('reference_usdt_price_minor')
        .where('id', '=', BTC)
        .executeTakeFirstOrThrow()
    ).reference_usdt_price_minor;
    const usdtOfBtc = (minor: bigint) => (minor * btcUsdt) / 100_000_000n;

    const ofB = (await t.call('GET', '/api/user/my_team', undefined, { token: b.token })).body.message;
    expect(ofB.team.data).toHaveLength(1);
    expect(ofB.team.data[0]).toMatchObject({
      id: c.id,
      return_commission: formatMinor(2_000n + usdtOfBtc(200n), 8),
      profit_balance: formatMinor(2_000n + usdtOfBtc(200n) + 123_456n, 8),
    });
    const ofA = (await t.call('GET', '/api/user/my_team', undefined, { token: a.token })).body.message;
    // a's invitee b paid no fee; a earned through b's branch only on c's fees (level 2).
    expect(ofA.team.data[0]).toMatchObject({
      id: b.id,
      return_commission: '0.00000000',
      profit_balance: formatMinor(1_000n + usdtOfBtc(100n), 8),
    });
    // What the commission history says a and b were paid is the same money.
    const paidB = (await t.call('GET', '/api/profits/show_profits', undefined, { token: b.token })).body
      .message;
    expect(paidB.total).toBe(3);
    const ofC = (await t.call('GET', '/api/user/my_team', undefined, { token: c.token })).body.message;
    expect(ofC.team.data[0]).toMatchObject({
      id: d.id,
      return_commission: '0.00246913',
      profit_balance: '0.00246913',
    });
  });

  it('user/log answers a member’s deposit record to those above them and refuses anyone else', async () => {
    const t = getApp();
    const { a, b, c, d, e } = await chain(t);
    await deposit(t, c.id, USDT, 250n * U);
    t.clock.advance(1_000);
    await deposit(t, c.id, BTC, 12_345_678n);
    await payFee(t, c.id, USDT, 5_000n); // not a deposit
    const log = (token: string, body: Record<string, unknown>) =>
      t.call('POST', '/api/user/log', body, { token });

    // The client's call: {limit, page, user_id, type: 'wallet_in'}.
    const byB = await log(b.token, { limit: 10, page: 1, user_id: c.id, type: 'wallet_in' });
    expect(byB.body.type, JSON.stringify(byB.body)).toBe('ok');
    expect(byB.body.message).toMatchObject({ current_page: 1, total: 2, last_page: 1 });
    expect(byB.body.message.data).toEqual([
      expect.objectContaining({
        value: '0.12345678',
        currency_name: 'BTC',
        info: 'Coin deposit',
        balance_type_name: 'Spot account',
      }),
      expect.objectContaining({ value: '250.00000000', currency_name: 'USDT', info: 'Coin deposit' }),
    ]);
    const shanghai = new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(byB.body.message.data[0].created_time).toBe(shanghai);
    // Someone further up the same branch may read it too; pages and the string form of the fields work.
    const byA = await log(a.token, { limit: '1', page: '2', user_id: String(c.id), type: 'wallet_in' });
    expect(byA.body.message).toMatchObject({ current_page: 2, total: 2, last_page: 2 });
    expect(byA.body.message.data.map((r: { value: string }) => r.value)).toEqual(['250.00000000']);
    // No user_id: the caller's own record (nothing for d).
    expect((await log(d.token, {})).body.message).toMatchObject({ data: [], total: 0 });

    // Refused, with nothing of the member: below them, beside them, outside, an unknown id.
    for (const [who, userId] of [
      [d, c.id],
      [e, c.id],
      [c, b.id],
      [b, 9_999_999],
    ] as const) {
      const r = await log(who.token, { limit: 10, page: 1, user_id: userId, type: 'wallet_in' });
      expect(r.body).toMatchObject({ type: 'error', code: 'TEAM_NODE_FORBIDDEN' });
      expect(JSON.stringify(r.body)).not.toMatch(/250|0\.1234|Coin deposit|wc\d/);
    }
    // No session, an unknown record type.
    expect((await t.call('POST', '/api/user/log', { user_id: c.id, type: 'wallet_in' })).body.type).toBe(
      '999',
    );
    expect((await log(b.token, { user_id: c.id, type: 'wallet_out' })).body).toMatchObject({
      type: 'error',
      code: 'VALIDATION',
    });
  });
});
