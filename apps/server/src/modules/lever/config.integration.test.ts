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

  /** Proposes `body` as `token`; returns the reply's body. */
  const propose = async (body: Record<string, unknown>, token = admin) =>
    (await t.call('POST', '/api/admin/lever/market', body, { token })).body;
  const decide = async (id: number, decision: 'approve' | 'reject', token: string) =>
    (await t.call('POST', '/api/admin/lever/terms_decide', { id, decision }, { token })).body;
  const config = async () =>
    (await t.call('GET', '/api/admin/lever/config', undefined, { token: admin })).body.message[0];

  it('only staff who act propose; bad values are refused and record nothing', async () => {
    const body = { ...btcTerms, spread: '0.1', multiples: '10,20', share_presets: [2, 4] };
    expect((await propose(body, user)).code).toBe('FORBIDDEN');
    expect((await propose(body, await t.tokenFor('auditor@oryx.local'))).code).toBe('FORBIDDEN');
    for (const bad of [
      { multiples: '10,30' },
      { spread: '-1' },
      { lever_trade_fee: '0.001' },
      { lever_share_num: '0' },
      { min_share: 5, max_share: 2 },
      { liquidation_rate: 'x' },
      // At or above 100 % a position with nothing free beside it is liquidated at once.
      { liquidation_rate: '100' },
      { liquidation_rate: '200' },
    ]) {
      expect((await propose({ ...body, ...bad })).code, JSON.stringify(bad)).toBe('LEVER_CONFIG_INVALID');
    }
    expect(await config()).toEqual(btcTerms);
    const list = await t.call('GET', '/api/admin/lever/terms_requests', undefined, { token: admin });
    expect(list.body.message.data).toEqual([]);
  });

  it('a change by one operator does nothing until a second operator approves it', async () => {
    const operator = await t.tokenFor('operator@oryx.local');
    const operator2 = await t.tokenFor('operator2@oryx.local');
    const auditor = await t.tokenFor('auditor@oryx.local');
    const body = { ...btcTerms, spread: '0.1', multiples: '10,20', share_presets: [2, 4] };
    const req = await propose(body, operator);
    expect(req.type).toBe('ok');
    expect(req.message).toMatchObject({
      market_id: 1,
      symbol: 'BTC/USDT',
      status: 'pending',
      terms: { spread: '0.10', multiples: [10, 20], share_presets: [2, 4] },
      before: btcTerms,
      decided_by: null,
    });
    const id = req.message.id as number;
    // Nothing changed; a second proposal for the market waits for this one.
    expect(await config()).toEqual(btcTerms);
    expect((await propose({ ...body, spread: '0.2' }, operator2)).code).toBe('LEVER_TERMS_PENDING');
    // The proposer cannot approve it, an auditor cannot decide, a user cannot either.
    expect((await decide(id, 'approve', operator)).code).toBe('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    expect((await decide(id, 'approve', auditor)).code).toBe('FORBIDDEN');
    expect((await decide(id, 'approve', user)).code).toBe('FORBIDDEN');
    expect(await config()).toEqual(btcTerms);
    const pending = await t.call('GET', '/api/admin/lever/terms_requests', undefined, { token: auditor });
    expect(pending.body.message.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [id, 'pending'],
    ]);
    // The requesting operator is named by login, not by id.
    expect(pending.body.message.data[0]).toMatchObject({
      requested_by_name: 'operator@oryx.local',
      decided_by_name: null,
    });
    // A second operator approves: the terms apply from now on.
    const approved = await decide(id, 'approve', operator2);
    expect(approved.message).toMatchObject({
      id,
      status: 'approved',
      decided_by: await t.userId('operator2@oryx.local'),
    });
    expect(await config()).toMatchObject({ spread: '0.10', multiples: [10, 20], share_presets: [2, 4] });
    expect((await decide(id, 'reject', admin)).code).toBe('CONSOLE_APPROVAL_DECIDED');
    // Back to the seeded terms, the same way: proposed, withdrawn by its proposer, proposed again, approved.
    const back = await propose(btcTerms, operator2);
    expect((await decide(back.message.id, 'reject', operator2)).message.status).toBe('rejected');
    expect(await config()).toMatchObject({ spread: '0.10' });
    const again = await propose(btcTerms, operator2);
    expect((await decide(again.message.id, 'approve', admin)).message.status).toBe('approved');
    expect(await config()).toEqual(btcTerms);
    // The audit log has every step, with the terms before and after the approval.
    const audit = await t.app.ctx.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('call', 'like', '%/admin/lever/%')
      .orderBy('id')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(8);
  });
});
