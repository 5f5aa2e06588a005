/**
 * Lever terms: seeded for lever-enabled markets, shown in the quotation items, edited by the operator
 * only, and refused when out of range (nothing changed).
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';

describeEachDb('lever: terms per market', (getApp) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  beforeAll(async () => {
    t = getApp();
    admin = await t.tokenFor('admin@oryx.local');
    user = await t.tokenFor('demo1@oryx.local');
  });

  const btcTerms = {
    market_id: 1,
    symbol: 'BTC/USDT',
    open_lever: 1,
    lever_share_num: '0.01000000',
    spread: '0.05',
    lever_trade_fee: '0.10',
    overnight: '0.05',
    min_share: 1,
    max_share: 100,
    multiples: [5, 10, 20, 50, 100, 150],
    share_presets: [1, 5, 10, 20],
    liquidation_rate: '50.00',
    max_open: 20,
  };

  it('seeds the lever markets and shows their terms in the quotation', async () => {
    const r = await t.call('GET', '/api/admin/lever/config', undefined, { token: admin });
    expect(r.body.type).toBe('ok');
    expect(r.body.message.map((m: { market_id: number }) => m.market_id)).toEqual([1, 2]);
    expect(r.body.message[0]).toEqual(btcTerms);
    const q = await t.call('GET', '/api/currency/quotation_new');
    const items = q.body.message[0].quotation as Record<string, unknown>[];
    expect(items.find((i) => i.currency_name === 'BTC')).toMatchObject({
      open_lever: 1,
      lever_share_num: '0.01',
      lever_trade_fee: '0.10',
      spread: '0.05',
    });
    expect(items.find((i) => i.currency_name === 'LTC')).toMatchObject({
      open_lever: 0,
      lever_share_num: '1',
      lever_trade_fee: '0',
      spread: '0',
    });
  });

  it('only an admin edits; bad values are refused and change nothing', async () => {
    const body = { ...btcTerms, spread: '0.1', multiples: '10,20', share_presets: [2, 4] };
    expect((await t.call('POST', '/api/admin/lever/market', body, { token: user })).body.code).toBe(
      'FORBIDDEN',
    );
    for (const bad of [
      { multiples: '10,30' },
      { spread: '-1' },
      { lever_trade_fee: '0.001' },
      { lever_share_num: '0' },
      { min_share: 5, max_share: 2 },
      { liquidation_rate: 'x' },
    ]) {
      const r = await t.call('POST', '/api/admin/lever/market', { ...body, ...bad }, { token: admin });
      expect(r.body.code, JSON.stringify(bad)).toBe('LEVER_CONFIG_INVALID');
    }
    const unchanged = await t.call('GET', '/api/admin/lever/config', undefined, { token: admin });
    expect(unchanged.body.message[0]).toEqual(btcTerms);
    const ok = await t.call('POST', '/api/admin/lever/market', body, { token: admin });
    expect(ok.body.message[0]).toMatchObject({ spread: '0.10', multiples: [10, 20], share_presets: [2, 4] });
    const back = await t.call('POST', '/api/admin/lever/market', btcTerms, { token: admin });
    expect(back.body.message[0]).toEqual(btcTerms);
  });
});
