/**
 * Withdrawal and payment fields as clients of this API family send them: `wallet/out` with `rate` the
 * percent read from `get_info.type_data[].rate`, `calculat_fee` with only `currency` and `number`, the
 * wallet service's `coin_name` naming the network ("ERC20"), `charge_req_pay` without `bank_code` (the
 * provider's page asks for the bank); the demo's minutes-long address cool-off and its sandbox test address.
 */
import { expect, it } from 'vitest';
import { formatMinor } from '@oryx/contracts/money';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../test/harness';
import { lastCode } from '../../../test/accounts';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { isSandboxAddress, sandboxAddress } from './chain/sandbox';

const U = 100_000_000n;
const USDT = 1;
const MINUTE = 60_000;

async function user(t: TestApp, email: string) {
  const userId = await t.userId(email);
  const token = await t.tokenFor(email);
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId: USDT,
      amountMinor: 1_000n * U,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `client-fields-${email}` },
      at: t.clock.now(),
    }),
  );
  const post = (path: string, body: Record<string, unknown>) => t.call('POST', path, body, { token });
  const code = async () => {
    t.clock.advance(61_000); // past the resend interval of the last code
    expect((await post('/api/wallet/address_code', {})).body.type).toBe('ok');
    return lastCode(t, email);
  };
  const bal = async () => ledger.balance(t.app.ctx.db, userAccount(userId, 'change'), USDT);
  return { userId, token, post, code, bal };
}

describeEachDb('funding: fields as clients of this API family send them', (getApp) => {
  it('calculat_fee with only currency and number answers for the default network, with the fee parts', async () => {
    const t = getApp();
    const u = await user(t, 'demo1@oryx.local');
    const r = await u.post('/api/wallet/calculat_fee', { currency: USDT, number: '100' });
    // ERC20, the first network: 1 fixed + 0.1 % of 100.
    expect(r.body).toEqual({
      type: 'ok',
      message: {
        rate: '1.10000000',
        real_number: '98.90000000',
        withdraw_fee: '1.00000000',
        fee_rate: '0.10',
        type: 'erc20',
      },
    });
    const omni = await u.post('/api/wallet/calculat_fee', { currency: USDT, number: '100', type: 'omni' });
    expect(omni.body.message).toMatchObject({ rate: '1.20000000', fee_rate: '0.20', type: 'omni' });
    expect(
      (await u.post('/api/wallet/calculat_fee', { currency: USDT, number: '1', type: 'trc20' })).body.code,
    ).toBe('FUNDING_NETWORK_UNKNOWN');
  });

  it('wallet/out takes rate as get_info’s percent, charges the server’s fee, and refuses another rate', async () => {
    const t = getApp();
    const u = await user(t, 'demo2@oryx.local');
    const info = (await u.post('/api/wallet/get_info', { currency: USDT })).body.message;
    const erc20 = info.type_data.find((n: { type: string }) => n.type === 'erc20');
    expect(erc20.rate).toBe('0.10');
    const to = sandboxAddress('elsewhere', 501);
    const bound = await u.post('/api/wallet/add_address', {
      currency: USDT,
      type: 'erc20',
      address: to,
      code: await u.code(),
    });
    expect(bound.body.type).toBe('ok');
    t.clock.advance(t.app.ctx.env.FUNDING_ADDRESS_COOLOFF_HOURS * 3_600_000 + 1);
    const out = (rate: string) =>
      u.post('/api/wallet/out', {
        type: erc20.type,
        currency: USDT,
        number: '200',
        rate,
        address: to,
        pay_password: DEMO_PASSWORD,
        memo: '',
      });
    const before = await u.bal();
    // Neither the percent nor the fee: refused, nothing frozen.
    const wrong = await out('0.5');
    expect([wrong.body.type, wrong.body.code]).toEqual(['error', 'FUNDING_FEE_MISMATCH']);
    expect(await u.bal()).toEqual(before);
    expect((await out(erc20.rate)).body.type).toBe('ok');
    const row = await t.app.ctx.db
      .selectFrom('funding_withdrawals')
      .selectAll()
      .where('user_id', '=', u.userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The fee is the server's: 1 + 0.1 % of 200 = 1.2, whatever the client computed.
    expect([formatMinor(row.amount_minor, 8), formatMinor(row.fee_minor, 8)]).toEqual([
      '200.00000000',
      '1.20000000',
    ]);
    expect(await u.bal()).toEqual({
      availableMinor: before.availableMinor - 200n * U,
      frozenMinor: before.frozenMinor + 200n * U,
    });
    // The fee itself (what calculat_fee answered) is still taken.
    expect((await out('1.2')).body.type).toBe('ok');
    // Sent without `type` (as some clients do): the network the address is bound on.
    const bare = await u.post('/api/wallet/out', { currency: USDT, number: '20', rate: '0.10', address: to });
    expect(bare.body.code).toBe('TRADE_PASSWORD_REQUIRED'); // the funds password is still required
    const typeless = { currency: USDT, number: '20', rate: '0.10', address: to, pay_password: DEMO_PASSWORD };
    expect((await u.post('/api/wallet/out', typeless)).body.type).toBe('ok');
    const last = await t.app.ctx.db
      .selectFrom('funding_withdrawals as w')
      .innerJoin('funding_networks as n', 'n.id', 'w.network_id')
      .select(['n.type', 'w.fee_minor'])
      .where('w.user_id', '=', u.userId)
      .orderBy('w.id', 'desc')
      .executeTakeFirstOrThrow();
    expect([last.type, formatMinor(last.fee_minor, 8)]).toEqual(['erc20', '1.02000000']);
  });

  it('walletMiddle coin_name takes the network name the client sends (ERC20 for USDT on ERC20)', async () => {
    const t = getApp();
    const u = await user(t, 'seller@oryx.local');
    const to = sandboxAddress('elsewhere', 502);
    const data = JSON.stringify({
      address: to,
      memo: '',
      coin_name: 'ERC20',
      contract_address: 'SBX-USDT-ERC20',
      verificationcode: await u.code(),
      user_id: u.userId,
    });
    const bound = await t.call(
      'POST',
      '/walletMiddle/BindDrawAddress',
      { data, sign: 'x' },
      { token: u.token },
    );
    expect(bound.body).toEqual({ code: 0, msg: 'Withdrawal address bound', data: { address: to, memo: '' } });
    const list = (await u.post('/api/wallet/get_address', { currency: USDT })).body.message;
    expect(list.at(-1)).toMatchObject({ type: 'erc20', address: to });
    const get = (q: Record<string, string>) =>
      t.call('GET', '/walletMiddle/GetDrawAddress', { user_id: String(u.userId), ...q }, { token: u.token });
    const asked: Record<string, string>[] = [
      { coin_name: 'ERC20', contract_address: 'SBX-USDT-ERC20' },
      { coin_name: 'erc20' },
      { coin_name: 'USDT', contract_address: 'SBX-USDT-ERC20' },
    ];
    for (const q of asked) {
      expect((await get(q)).body).toEqual({ code: 0, msg: 'ok', data: { address: to, memo: '' } });
    }
    // The OMNI network of USDT has no address of this user; an unknown name is refused as {code 1}.
    expect((await get({ coin_name: 'OMNI' })).body).toEqual({
      code: 0,
      msg: 'ok',
      data: { address: '', memo: '' },
    });
    expect((await get({ coin_name: 'TRC20' })).body).toMatchObject({ code: 1, data: null });
  });

  it('charge_req_pay without bank_code opens the provider’s page, which asks for the bank', async () => {
    const t = getApp();
    const u = await user(t, 'demo1@oryx.local');
    const pay = (body: Record<string, unknown>) =>
      u.post('/api/wallet/charge_req_pay', {
        currency: USDT,
        amount: '160000',
        pay_type: 1,
        recharge: 1,
        ...body,
      });
    expect((await pay({ bank_code: 'NOPE' })).body.code).toBe('PAY_BANK_REQUIRED');
    const r = await pay({});
    expect(r.body.type).toBe('ok');
    const url = r.body.message as string;
    const ref = /\/api\/pay\/sandbox\/(pay-\d+)\?/.exec(url)![1]!;
    const order = () =>
      t.app.ctx.db
        .selectFrom('funding_pay_orders')
        .selectAll()
        .where('id', '=', Number(ref.slice(4)))
        .executeTakeFirstOrThrow();
    expect(await order()).toMatchObject({ pay_type: 1, bank_code: '', status: 0 });
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('<select name="bank"');
    const form = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    // Paying without a bank goes back to the page; nothing is credited.
    const before = await u.bal();
    expect((await form('outcome=paid')).statusCode).toBe(302);
    expect(await order()).toMatchObject({ bank_code: '', status: 0 });
    expect(await u.bal()).toEqual(before);
    const paid = await form('outcome=paid&bank=bri');
    expect(paid.statusCode).toBe(200);
    expect(await order()).toMatchObject({ bank_code: 'BRI', status: 1 });
    expect((await u.bal()).availableMinor).toBe(before.availableMinor + 10n * U); // 160,000 Rp at 16,000
  });

  it('demo mode: the cool-off is minutes and get_info offers a sandbox test address nobody owns', async () => {
    const t = getApp();
    const u = await user(t, 'demo2@oryx.local');
    const info = (await u.post('/api/wallet/get_info', { currency: USDT })).body.message;
    expect(info.address_cooloff_ms).toBe(2 * MINUTE);
    const test = info.type_data[0].test_address as string;
    expect(isSandboxAddress(test)).toBe(true);
    expect(info.type_data.map((n: { test_address: string }) => n.test_address)).toEqual([test, test]);
    // Not a deposit address of anybody (the scanner would credit it).
    const owned = await t.app.ctx.db
      .selectFrom('funding_addresses')
      .select('user_id')
      .where('address', '=', test)
      .execute();
    expect(owned).toEqual([]);
    const bound = await u.post('/api/wallet/add_address', {
      currency: USDT,
      type: 'omni',
      address: test,
      code: await u.code(),
    });
    expect(bound.body.message.usable_at - bound.body.message.created_at).toBe(2 * MINUTE);
    const out = { currency: USDT, type: 'omni', number: '50', address: test, pay_password: DEMO_PASSWORD };
    expect((await u.post('/api/wallet/out', out)).body.code).toBe('FUNDING_ADDRESS_COOLING');
    t.clock.advance(2 * MINUTE);
    expect((await u.post('/api/wallet/out', out)).body.type).toBe('ok');
  });
});
