/**
 * Demo mode's C2C merchants: their ads fill both sides of the market, every sell ad's coins are in
 * escrow through the ledger (credited to the merchant's legal wallet, then escrowed as posting does),
 * the ledger balances, and a restart adds nothing twice but posts again an ad that is gone.
 */
import { expect, it } from 'vitest';
import { parseDecimal } from '@oryx/contracts/money';
import { describeEachDb } from '../../../test/harness';
import { expectLedgerBalanced } from '../ledger/check';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { DEMO_C2C_ADS, seedDemoC2cAds } from './demo-ads';
import { AD_STATUS } from './repo';
import { U, USDT } from './test-helpers';

describeEachDb('demo C2C ads', (getApp) => {
  it('lists the merchants’ ads on both sides, backed by escrowed coins, seeded once', async () => {
    const t = getApp();
    const db = t.app.ctx.db;
    const m1 = await t.userId('merchant1@oryx.local');
    const m2 = await t.userId('merchant2@oryx.local');
    const list = async (type: string) =>
      (await t.call('GET', '/api/c2c_deal_platform', { type, page: '1', currency_id: '1' })).body.message
        .data as { price: string; coin_code: string; surplus_number: string }[];
    const sells = await list('sell');
    const buys = await list('buy');
    expect(sells.map((a) => `${a.price} ${a.coin_code}`).sort()).toEqual([
      '1.00 USD',
      '7.16 CNY',
      '7.18 CNY',
    ]);
    expect(buys.map((a) => `${a.price} ${a.coin_code}`).sort()).toEqual(['7.02 CNY', '7.05 CNY']);

    const legal = async (id: number) =>
      (await ledger.balance(db, userAccount(id, 'legal'), USDT)).availableMinor;
    const sold = (email: string) =>
      DEMO_C2C_ADS.filter((a) => a.email === email && a.type === 'sell').reduce(
        (s, a) => s + parseDecimal(a.total, 8),
        0n,
      );
    expect(await legal(m1)).toBe(10_000n * U - sold('merchant1@oryx.local'));
    expect(await legal(m2)).toBe(10_000n * U - sold('merchant2@oryx.local'));
    // Escrow holds exactly the remaining amounts of the open sell ads (the demo shop's included).
    const open = await db
      .selectFrom('p2p_ads')
      .select('surplus_minor')
      .where('type', '=', 'sell')
      .where('status', '=', AD_STATUS.open)
      .where('currency_id', '=', USDT)
      .execute();
    const escrowed = (await ledger.balance(db, systemAccount('c2c_escrow'), USDT)).availableMinor;
    expect(escrowed).toBe(open.reduce((s, a) => s + a.surplus_minor, 0n));
    await expectLedgerBalanced(db);

    // A restart adds nothing; an ad withdrawn meanwhile is posted again from the merchant's wallet.
    const ads = async () =>
      (await db.selectFrom('p2p_ads').select('id').where('kind', '=', 'c2c').execute()).length;
    const before = await ads();
    await seedDemoC2cAds(db, t.clock);
    expect(await ads()).toBe(before);
    const [mine] = await db
      .selectFrom('p2p_ads')
      .select('id')
      .where('user_id', '=', m1)
      .where('type', '=', 'sell')
      .execute();
    const token = await t.tokenFor('merchant1@oryx.local');
    const back = await t.call(
      'POST',
      '/api/c2c/back_send',
      { id: mine!.id, password: 'oryx-demo-1' },
      { token },
    );
    expect(back.body.type, JSON.stringify(back.body)).toBe('ok');
    expect(await legal(m1)).toBe(10_000n * U);
    await seedDemoC2cAds(db, t.clock);
    expect(await ads()).toBe(before + 1);
    expect(await legal(m1)).toBe(10_000n * U - sold('merchant1@oryx.local'));
    await expectLedgerBalanced(db);
  });
});
