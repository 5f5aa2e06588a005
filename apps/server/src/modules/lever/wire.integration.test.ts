/**
 * What clients of this API family read on `lever/deal`: each `my_transaction` row carries the margin the
 * order opened with (`origin_caution_money`, the deal page's margin column), as a decimal string.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { BTC_CURRENCY, USDT, ok, setMark, setup, submit, type Lc } from './test-helpers';

describeEachDb('lever: the deal page rows as clients read them', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
    setMark(c, '60000');
  });

  it('my_transaction rows carry origin_caution_money, the opening margin', async () => {
    expect((await submit(c, { type: 1, share: 2, multiple: 10 })).body.type).toBe('ok');
    // 60000 + 0.05 % spread = 60030; 2 lots x 0.01 BTC = 0.02 BTC; value 1200.6; margin / 10 = 120.06.
    setMark(c, '61000');
    const d = await ok(c, '/api/lever/deal', { legal_id: USDT, currency_id: BTC_CURRENCY });
    expect(d.my_transaction).toHaveLength(1);
    const row = d.my_transaction[0];
    expect(row).toMatchObject({ type: 1, status: 1, number: '2', price: '60030' });
    expect(typeof row.origin_caution_money).toBe('string');
    expect(Number(row.origin_caution_money)).toBe(120.06);
    // The same figure as the detailed view's.
    const mine = await ok(c, '/api/lever/my_trade', { status: 1, legal_id: USDT, currency_id: BTC_CURRENCY });
    expect(mine.message.data[0].origin_caution_money).toBe(row.origin_caution_money);
  });
});
