import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';

describeEachDb('operator console: coins, networks and deposit-earning products', (getApp) => {
  it('an operator changes a coin and a network; bad terms are refused and change nothing; each change is audited', async () => {
    const t = getApp();
    const op = await t.tokenFor('operator@oryx.local');
    const coins = (await t.call('GET', '/api/admin/funding/coins', undefined, { token: op })).body.message;
    const usdt = coins.find((c: { name: string }) => c.name === 'USDT');
    const save = (patch: Record<string, unknown>) =>
      t.call('POST', '/api/admin/funding/coin', { ...usdt, ...patch }, { token: op });
    expect((await save({ withdraw_fee: '2.5' })).body.type).toBe('ok');
    const after = (await t.call('GET', '/api/admin/funding/coins', undefined, { token: op })).body.message;
    expect(after.find((c: { name: string }) => c.name === 'USDT').withdraw_fee).toBe('2.50000000');
    expect((await save({ max_withdraw: '1', min_withdraw: '5' })).body.code).toBe('FUNDING_AMOUNT_INVALID');
    expect((await save({ withdraw_fee: '1e3' })).body.code).toBe('VALIDATION');
    const net = usdt.networks[0];
    const n = await t.call(
      'POST',
      '/api/admin/funding/network',
      { id: net.id, confirmations: 3, min_withdraw: net.min_withdraw, fee_rate_bps: 5, is_enabled: 1 },
      { token: op },
    );
    expect(n.body.type).toBe('ok');
    const log = (await t.call('GET', '/api/admin/console/audit?call=funding', undefined, { token: op })).body
      .message;
    expect(log.data.map((r: { subject: string }) => r.subject)).toEqual(
      expect.arrayContaining(['coin', 'network']),
    );
    await save({ withdraw_fee: usdt.withdraw_fee });
  });

  it('a new product is offered to users at once; a rate above 100 % or an unknown product is refused', async () => {
    const t = getApp();
    const op = await t.tokenFor('operator@oryx.local');
    const add = await t.call(
      'POST',
      '/api/admin/earning/product',
      { day: 14, rate: '0.35', is_open: 1 },
      { token: op },
    );
    expect(add.body.type).toBe('ok');
    const setup = await t.call('GET', '/api/wallet/deposit_setup', undefined, {
      token: await t.tokenFor('demo1@oryx.local'),
    });
    expect(JSON.stringify(setup.body.message)).toContain('14');
    const bad = await t.call(
      'POST',
      '/api/admin/earning/product',
      { day: 14, rate: '101', is_open: 1 },
      { token: op },
    );
    expect(bad.body.code).toBe('VALIDATION');
    const unknown = await t.call(
      'POST',
      '/api/admin/earning/product',
      { id: 999, day: 7, rate: '1', is_open: 1 },
      { token: op },
    );
    expect(unknown.body.code).toBe('EARNING_PRODUCT_UNKNOWN');
  });
});
