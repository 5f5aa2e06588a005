/**
 * Coin info (`wallet/get_info`), the funding fields of `wallet/list`, binding with a code (main API and
 * the wallet service's `{code, msg, data}` calls) and the operator's list of withdrawals.
 */
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDb } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { lastCode } from '../../../test/accounts';
import { sandboxAddress } from './chain/sandbox';

const EMAIL = 'demo2@oryx.local';

describeEachDb('funding: coin info, address binding with a code', (getApp) => {
  it('get_info and wallet/list carry the networks, memo and terms', async () => {
    const t = getApp();
    const token = await t.tokenFor(EMAIL);
    const info = (await t.call('POST', '/api/wallet/get_info', { currency: 1 }, { token })).body.message;
    expect(info).toMatchObject({ name: 'USDT', multi_protocol: 1, make_wallet: 1, is_show: 1 });
    expect(info.type_data.map((n: { type: string }) => n.type)).toEqual(['erc20', 'omni']);
    expect(info.type_data[0]).toMatchObject({ min_number: '10.00000000', rate: '0.10', chain: 'sandbox' });
    expect(info.withdraw_fee).toBe('1.00000000');
    const xrp = (await t.call('POST', '/api/wallet/get_info', { currency: 5 }, { token })).body.message;
    expect([xrp.make_wallet, xrp.extension_code]).toEqual([2, String(await t.userId(EMAIL))]);
    expect((await t.call('POST', '/api/wallet/get_info', { currency: 999 }, { token })).body.code).toBe(
      'FUNDING_CURRENCY_UNKNOWN',
    );
    const list = (await t.call('POST', '/api/wallet/list', {}, { token })).body.message;
    const row = (id: number) =>
      list.change_wallet.balance.find((r: { currency: number }) => r.currency === id);
    expect(row(1)).toMatchObject({ multi_protocol: 1, type: 'erc20', contract_address: 'SBX-USDT-ERC20' });
    expect(row(5)).toMatchObject({ multi_protocol: 0, is_show_memo: 1 });
  });

  it('binds only with the code sent to the user; refusals change nothing', async () => {
    const t = getApp();
    const token = await t.tokenFor(EMAIL);
    const to = sandboxAddress('elsewhere', 77);
    const add = (body: Record<string, unknown>) =>
      t.call(
        'POST',
        '/api/wallet/add_address',
        { currency: 1, type: 'erc20', address: to, ...body },
        { token },
      );
    const count = async () =>
      (await t.call('POST', '/api/wallet/get_address', { currency: 1 }, { token })).body.message.length;
    expect((await add({})).body.code).toBe('AUTH_CODE_REQUIRED');
    const sent = await t.call('POST', '/api/wallet/address_code', {}, { token });
    expect(sent.body.message.destination).toBe('d***@oryx.local');
    const code = await lastCode(t, EMAIL);
    expect((await add({ code: code === '000000' ? '111111' : '000000' })).body.code).toBe('CODE_INVALID');
    // A bad address is refused before the code is spent.
    expect((await add({ code, address: 'nope' })).body.code).toBe('FUNDING_ADDRESS_INVALID');
    expect(await count()).toBe(0);
    expect((await add({ verificationcode: code })).body.type).toBe('ok');
    expect((await add({ code })).body.code).toBe('CODE_INVALID'); // single use
    expect(await count()).toBe(1);
  });

  it('the wallet service answers {code, msg, data} and binds a signed-shape payload', async () => {
    const t = getApp();
    const token = await t.tokenFor(EMAIL);
    const to = sandboxAddress('elsewhere', 78);
    const noSession = await t.call('GET', '/walletMiddle/SendVerificationcode', { user_id: 1 });
    expect(noSession.body).toMatchObject({ code: 999, data: null });
    t.clock.advance(61_000);
    const sent = await t.call('GET', '/walletMiddle/SendVerificationcode', { user_id: 1 }, { token });
    expect(sent.body.code).toBe(0);
    const data = JSON.stringify({
      address: to,
      coin_name: 'usdt',
      contract_address: 'SBX-USDT-OMNI',
      verificationcode: await lastCode(t, EMAIL),
      user_id: 1,
    });
    const bad = await t.call('POST', '/walletMiddle/BindDrawAddress', { data: '{', sign: 'x' }, { token });
    expect(bad.body.code).toBe(1);
    const bound = await t.call('POST', '/walletMiddle/BindDrawAddress', { data, sign: 'ignored' }, { token });
    expect(bound.body).toEqual({ code: 0, msg: 'Withdrawal address bound', data: { address: to, memo: '' } });
    const got = await t.call(
      'GET',
      '/walletMiddle/GetDrawAddress',
      { coin_name: 'USDT', contract_address: 'SBX-USDT-OMNI' },
      { token },
    );
    expect(got.body).toEqual({ code: 0, msg: 'ok', data: { address: to, memo: '' } });
    const list = (await t.call('POST', '/api/wallet/get_address', { currency: 1 }, { token })).body.message;
    expect(list.at(-1)).toMatchObject({ type: 'omni', address: to });
  });

  it('operators list withdrawals waiting for review and decide them; users cannot', async () => {
    const t = getApp();
    const { db } = t.app.ctx;
    const token = await t.tokenFor(EMAIL);
    const userId = await t.userId(EMAIL);
    await runInTransaction(db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(userId, 'change'),
        currencyId: 1,
        amountMinor: 20_000n * 100_000_000n,
        reason: 'wallet.demo_credit',
        ref: { type: 'test', id: 'admin-list' },
        at: t.clock.now(),
      }),
    );
    const to = sandboxAddress('elsewhere', 79);
    t.clock.advance(61_000); // past the resend interval of the codes sent above
    await t.call('POST', '/api/wallet/address_code', {}, { token });
    const body = { currency: 1, type: 'erc20', address: to, code: await lastCode(t, EMAIL) };
    expect((await t.call('POST', '/api/wallet/add_address', body, { token })).body.type).toBe('ok');
    t.clock.advance(25 * 3_600_000);
    const out = { currency: 1, type: 'erc20', number: '12000', address: to, pay_password: DEMO_PASSWORD };
    expect((await t.call('POST', '/api/wallet/out', out, { token })).body.type).toBe('ok');

    const admin = await t.tokenFor('admin@oryx.local');
    const list = async (status?: number) =>
      (
        await t.call('GET', '/api/admin/funding/withdrawals', status === undefined ? {} : { status }, {
          token: admin,
        })
      ).body.message as { id: number; account: string; number: string; fee: string; status: number }[];
    const waiting = (await list()).filter((w) => w.account === EMAIL);
    expect(waiting).toMatchObject([{ number: '12000.00000000', fee: '13.00000000', status: 0 }]);
    const id = waiting[0]!.id;
    const decided = await t.call(
      'POST',
      '/api/admin/funding/withdrawal',
      { id, approve: 1 },
      { token: admin },
    );
    // 12,000 USDT is above the four-eyes amount: a second operator's approval sends it.
    expect(decided.body.message).toEqual({ id, status: 0, four_eyes_pending: true });
    const second = await t.call(
      'POST',
      '/api/admin/funding/withdrawal',
      { id, approve: 1 },
      { token: await t.tokenFor('operator@oryx.local') },
    );
    expect(second.body.message).toEqual({ id, status: 1, four_eyes_pending: false });
    expect((await list()).some((w) => w.id === id)).toBe(false);
    expect((await list(1)).some((w) => w.id === id)).toBe(true);
    expect((await t.call('GET', '/api/admin/funding/withdrawals', {}, { token })).body.code).toBe(
      'FORBIDDEN',
    );
  });
});
