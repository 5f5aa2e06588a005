/** Deposit and withdrawal terms as configuration: seeded for the demo coins, `is_open_CTbi` from the env. */
import { expect, it } from 'vitest';
import { DB_KINDS, describeEachDb, startTestApp } from '../../../test/harness';
import { fundingConfig, seedFundingConfig } from './config';

describeEachDb('funding: coins and networks as configuration', (getApp) => {
  it('seeds every demo coin with its networks, confirmations and limits', async () => {
    const { db } = getApp().app.ctx;
    const usdt = await fundingConfig.coin(db, 1);
    expect(usdt).toMatchObject({ name: 'USDT', make_wallet: 1, is_show: 1 });
    expect(usdt!.min_withdraw_minor).toBe(10n * 100_000_000n);
    expect(usdt!.approval_above_minor).toBe(10_000n * 100_000_000n);
    const nets = await fundingConfig.networks(db, 1);
    expect(nets.map((n) => [n.type, n.confirmations, n.fee_rate_bps])).toEqual([
      ['erc20', 6, 10],
      ['omni', 3, 20],
    ]);
    expect((await fundingConfig.coin(db, 5))!.make_wallet).toBe(2); // XRP needs a memo
    expect((await fundingConfig.networksOnChain(db, 'sandbox')).length).toBe(9);
  });

  it('never overwrites what the operator changed', async () => {
    const { db } = getApp().app.ctx;
    await db.updateTable('funding_networks').set({ confirmations: 12 }).where('id', '=', 1).execute();
    await seedFundingConfig(db);
    expect((await fundingConfig.network(db, 1))!.confirmations).toBe(12);
    await db.updateTable('funding_networks').set({ confirmations: 6 }).where('id', '=', 1).execute();
  });

  it('reports deposits and withdrawals open in the wallet list', async () => {
    const t = getApp();
    const r = await t.call('POST', '/api/wallet/list', {}, { token: await t.tokenFor('demo1@oryx.local') });
    expect(r.body.message.is_open_CTbi).toBe(1);
  });
});

it.each(DB_KINDS)('is_open_CTbi is 0 when FUNDING_OPEN is off [%s]', async (kind) => {
  const t = await startTestApp(kind, { env: { FUNDING_OPEN: '0' } });
  try {
    const r = await t.call('POST', '/api/wallet/list', {}, { token: await t.tokenFor('demo1@oryx.local') });
    expect(r.body.message.is_open_CTbi).toBe(0);
    const token = await t.tokenFor('demo1@oryx.local');
    const address = await t.call('POST', '/api/wallet/get_in_address', { currency: 1 }, { token });
    expect(address.body.code).toBe('FUNDING_CLOSED');
    expect(address.body.message).not.toBe('FUNDING_CLOSED');
  } finally {
    await t.close();
  }
});
