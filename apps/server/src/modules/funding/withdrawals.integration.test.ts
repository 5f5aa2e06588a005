/**
 * Withdrawals over HTTP on the sandbox chain: frozen at request, sent automatically or after approval,
 * final or failed, rejected; exact ledger amounts; every bad input refused with nothing changed.
 */
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../test/harness';
import { lastCode } from '../../../test/accounts';
import { formatMinor } from '@oryx/contracts/money';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { sandboxAddress, sandboxChain } from './chain/sandbox';
import { processWithdrawals } from './withdrawals';

const U = 100_000_000n;
const USDT = 1;
const TO = sandboxAddress('elsewhere', 42);

async function setup(t: TestApp, email: string) {
  const { db } = t.app.ctx;
  const userId = await t.userId(email);
  const token = await t.tokenFor(email);
  await runInTransaction(db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId: USDT,
      amountMinor: 50_000n * U,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: email },
      at: t.clock.now(),
    }),
  );
  // Binding needs a code sent to the user (one per resend interval: the clock moves past it first).
  const bind = async (address: string) => {
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/wallet/address_code', {}, { token })).body.type).toBe('ok');
    const code = await lastCode(t, email);
    const body = { currency: USDT, type: 'erc20', address, code };
    return t.call('POST', '/api/wallet/add_address', body, { token });
  };
  expect((await bind(TO)).body.type).toBe('ok');
  t.clock.advance(25 * 3_600_000); // past the cool-off
  const bal = async () => ledger.balance(db, userAccount(userId, 'change'), USDT);
  const sys = async (name: 'fees' | 'chain_hot_wallet') =>
    (await ledger.balance(db, systemAccount(name), USDT)).availableMinor;
  const out = (body: Record<string, unknown>) =>
    t.call(
      'POST',
      '/api/wallet/out',
      { currency: USDT, type: 'erc20', address: TO, pay_password: DEMO_PASSWORD, ...body },
      { token },
    );
  const last = async () =>
    db
      .selectFrom('funding_withdrawals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const mine = async (n: number) => {
    for (let i = 0; i < n; i++) await sandboxChain.mine(db, t.clock.now());
  };
  const process = () => processWithdrawals(t.app.ctx);
  return { db, userId, token, bind, bal, sys, out, last, mine, process };
}

describeEachDb('funding: withdrawals', (getApp) => {
  it('computes the fee; below the approval amount it goes out by itself and moves the exact amounts', async () => {
    const t = getApp();
    const s = await setup(t, 'demo1@oryx.local');
    const fee = await t.call(
      'POST',
      '/api/wallet/calculat_fee',
      { currency: USDT, type: 'erc20', number: '100' },
      { token: s.token },
    );
    expect(fee.body.message).toMatchObject({ rate: '1.10000000', real_number: '98.90000000' });
    const [b0, fees0, hot0] = [await s.bal(), await s.sys('fees'), await s.sys('chain_hot_wallet')];
    const r = await s.out({ number: '100', rate: '1.1' });
    expect(r.body.type).toBe('ok');
    expect(await s.bal()).toEqual({
      availableMinor: b0.availableMinor - 100n * U,
      frozenMinor: b0.frozenMinor + 100n * U,
    });
    expect((await s.last()).status).toBe(1);
    await s.process(); // sent
    const { tx_hash } = await s.last();
    expect(tx_hash).toMatch(/^0x/);
    await s.mine(6);
    await s.process();
    expect((await s.last()).status).toBe(2);
    expect(await s.bal()).toEqual({
      availableMinor: b0.availableMinor - 100n * U,
      frozenMinor: b0.frozenMinor,
    });
    expect((await s.sys('fees')) - fees0).toBe(110_000_000n);
    expect((await s.sys('chain_hot_wallet')) - hot0).toBe(9_890_000_000n);
    const sent = await s.db
      .selectFrom('sandbox_chain_txs')
      .selectAll()
      .where('tx_hash', '=', tx_hash!)
      .executeTakeFirstOrThrow();
    expect([sent.to_address, sent.amount_minor]).toEqual([TO, 9_890_000_000n]);
    const log = (await t.call('POST', '/api/wallet/out_log', {}, { token: s.token })).body.message;
    expect(log.data[0]).toMatchObject({ number: '100.00000000', fee: '1.10000000', status: 2 });
  });

  it('above the approval amount it waits; approved it goes out, rejected or failed it is refunded', async () => {
    const t = getApp();
    const s = await setup(t, 'demo2@oryx.local');
    const admin = await t.tokenFor('admin@oryx.local');
    const decide = (id: number, approve: number, token = admin) =>
      t.call('POST', '/api/admin/funding/withdrawal', { id, approve }, { token });
    const b0 = await s.bal();
    await s.out({ number: '20000' });
    const big = await s.last();
    expect(big.status).toBe(0);
    await s.process();
    expect((await s.last()).tx_hash).toBeNull(); // nothing sent before approval
    expect((await decide(big.id, 1, s.token)).body.type).not.toBe('ok');
    // 20,000 USDT is above the four-eyes amount: the first approval is a request, a second operator sends.
    expect((await decide(big.id, 1)).body.message).toEqual({
      id: big.id,
      status: 0,
      four_eyes_pending: true,
    });
    expect((await decide(big.id, 1)).body.code).toBe('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    const operator = await t.tokenFor('operator@oryx.local');
    expect((await decide(big.id, 1, operator)).body.message).toEqual({
      id: big.id,
      status: 1,
      four_eyes_pending: false,
    });
    expect((await decide(big.id, 0)).body.code).toBe('FUNDING_ALREADY_DECIDED');
    await s.process();
    await s.mine(6);
    await s.process();
    expect((await s.last()).status).toBe(2);

    await s.out({ number: '15000' });
    const rejected = await s.last();
    expect((await decide(rejected.id, 0)).body.message).toEqual({
      id: rejected.id,
      status: 3,
      four_eyes_pending: false,
    });

    // 20,000 USDT went out in the last 24 hours: even 50 more waits for an operator now.
    await s.out({ number: '50' });
    const split = await s.last();
    expect(split.status).toBe(0);
    expect((await decide(split.id, 0)).body.message).toMatchObject({ status: 3 });
    t.clock.advance(25 * 3_600_000);
    await s.out({ number: '50' });
    const failing = await s.last();
    expect(failing.status).toBe(1);
    await s.process();
    await s.mine(1);
    await sandboxChain.failTx(s.db, (await s.last()).tx_hash!);
    await s.process();
    expect(await s.last()).toMatchObject({ id: failing.id, status: 3, notes: 'reverted' });
    expect(await s.bal()).toEqual({
      availableMinor: b0.availableMinor - 20_000n * U,
      frozenMinor: b0.frozenMinor,
    });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const t = getApp();
    const s = await setup(t, 'admin@oryx.local');
    const b0 = await s.bal();
    const count = async () => (await s.db.selectFrom('funding_withdrawals').select('id').execute()).length;
    const n0 = await count();
    // Room above the balance under the maximum, so the balance is what refuses.
    const maxBefore = (
      await s.db
        .selectFrom('funding_coins')
        .select('max_withdraw_minor')
        .where('currency_id', '=', USDT)
        .executeTakeFirstOrThrow()
    ).max_withdraw_minor;
    await s.db
      .updateTable('funding_coins')
      .set({ max_withdraw_minor: b0.availableMinor * 2n + U })
      .where('currency_id', '=', USDT)
      .execute();
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '5' }, 'FUNDING_AMOUNT_BELOW_MIN'],
      [{ number: formatMinor(b0.availableMinor * 2n + 2n * U, 8) }, 'FUNDING_AMOUNT_ABOVE_MAX'],
      [{ number: formatMinor(b0.availableMinor + U, 8) }, 'FUNDING_INSUFFICIENT'],
      [
        {
          number: '100',
          address: `${TO.slice(0, -1)}0` === TO ? `${TO.slice(0, -1)}1` : `${TO.slice(0, -1)}0`,
        },
        'FUNDING_ADDRESS_INVALID',
      ],
      [{ number: '100', address: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'FUNDING_ADDRESS_INVALID'],
      [{ number: '100', address: '' }, 'FUNDING_ADDRESS_REQUIRED'],
      [{ number: '100', type: 'trc20' }, 'FUNDING_NETWORK_UNKNOWN'],
      // Without `type`, the network of the bound address; an address bound on none leaves it unknown.
      [
        { number: '100', type: undefined, address: sandboxAddress('elsewhere', 44) },
        'FUNDING_NETWORK_UNKNOWN',
      ],
      [{ number: '100', currency: 999 }, 'FUNDING_CURRENCY_UNKNOWN'],
      [{ number: 'abc' }, 'FUNDING_AMOUNT_INVALID'],
      [{ number: '100', rate: '0.5' }, 'FUNDING_FEE_MISMATCH'],
      [{ number: '100', pay_password: 'wrong-one' }, 'TRADE_PASSWORD_WRONG'],
      [{ number: '100', currency: 5, type: 'native' }, 'FUNDING_MEMO_REQUIRED'],
    ];
    for (const [body, code] of cases) {
      const r = await s.out(body);
      expect([JSON.stringify(body), r.body.code]).toEqual([JSON.stringify(body), code]);
      expect(r.body.message).not.toBe(code);
    }
    await s.db
      .updateTable('funding_coins')
      .set({ max_withdraw_minor: maxBefore })
      .where('currency_id', '=', USDT)
      .execute();
    expect(await s.bal()).toEqual(b0);
    expect(await count()).toBe(n0);
    // A valid address not bound, then bound but still cooling off.
    const fresh = sandboxAddress('elsewhere', 43);
    expect((await s.out({ number: '100', address: fresh })).body.code).toBe('FUNDING_ADDRESS_NOT_FOUND');
    const bound = (await s.bind(fresh)).body.message;
    expect(bound.usable_at - bound.created_at).toBe(2 * 60_000); // demo mode: minutes (24 h in production)
    expect((await s.out({ number: '100', address: fresh })).body.code).toBe('FUNDING_ADDRESS_COOLING');
    expect((await s.bind('not-an-address')).body.code).toBe('FUNDING_ADDRESS_INVALID');
    const list = (await t.call('POST', '/api/wallet/get_address', { currency: USDT }, { token: s.token }))
      .body.message;
    expect(list.map((a: { address: string }) => a.address)).toEqual([TO, fresh]);
    // Another user's address id cannot be deleted; one's own can.
    const other = await t.tokenFor('demo1@oryx.local');
    const del = (token: string) =>
      t.call('POST', '/api/wallet/deladdress', { address_id: bound.id }, { token });
    expect((await del(other)).body.code).toBe('FUNDING_ADDRESS_NOT_FOUND');
    expect((await del(s.token)).body.message).toEqual({ id: bound.id });
    expect(await count()).toBe(n0);
    await s.db.updateTable('users').set({ trade_password_hash: null }).where('id', '=', s.userId).execute();
    expect((await s.out({ number: '100' })).body.type).toBe('not');
    expect(await count()).toBe(n0);
  });
});
