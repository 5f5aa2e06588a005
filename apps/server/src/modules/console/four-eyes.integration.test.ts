/**
 * Four-eyes against the attacks it exists for, replayed over HTTP: corrections split under the amount in
 * the rolling window (per operator and per account), an operator correcting or approving their own
 * account, a currency with no price moved alone; and an audit log a padded field cannot blind.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { ledger, userAccount } from '../ledger/service';
import { JC_CURRENCY_ID } from '../points/config';

const OPERATOR = 'operator@oryx.local';
const OPERATOR2 = 'operator2@oryx.local';
const ADMIN = 'admin@oryx.local';
const USDT = 1;
const U = 100_000_000n;
const DAY = 24 * 3_600_000;

async function setup(t: TestApp) {
  // Every test starts with an empty window.
  t.clock.advance(DAY + 1);
  const tokens = {
    op1: await t.tokenFor(OPERATOR),
    op2: await t.tokenFor(OPERATOR2),
    admin: await t.tokenFor(ADMIN),
  };
  const adjust = (token: string, id: number, amount: string, currency_id = USDT, reason = 'correction') =>
    t.call(
      'POST',
      '/api/admin/console/adjust',
      { id, wallet: 'change', currency_id, amount, reason },
      { token },
    );
  const decide = (token: string, id: number, decision: 'approve' | 'reject') =>
    t.call('POST', '/api/admin/console/approval', { id, decision }, { token });
  const balance = async (userId: number, currencyId = USDT) =>
    (await ledger.balance(t.app.ctx.db, userAccount(userId, 'change'), currencyId)).availableMinor;
  const lastAudit = async () =>
    t.app.ctx.db.selectFrom('staff_audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { tokens, adjust, decide, balance, lastAudit };
}

describeEachDb('four-eyes: by value over time, never on one’s own account', (getApp) => {
  it('five corrections of 9,999 by one operator: the first alone, the others wait for a second operator', async () => {
    const t = getApp();
    const s = await setup(t);
    const victim = await t.userId('demo2@oryx.local');
    const before = await s.balance(victim);
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await s.adjust(s.tokens.op1, victim, '9999');
      statuses.push(r.body.message.status);
    }
    expect(statuses).toEqual(['done', 'pending', 'pending', 'pending', 'pending']);
    expect(await s.balance(victim)).toBe(before + 9_999n * U);

    // Per operator: another account does not reset what this operator moved alone.
    const other = await t.userId('demo1@oryx.local');
    const otherBefore = await s.balance(other);
    expect((await s.adjust(s.tokens.op1, other, '9999')).body.message.status).toBe('pending');
    // Per account: another operator cannot add to what was moved alone to the same account.
    expect((await s.adjust(s.tokens.op2, victim, '9999')).body.message.status).toBe('pending');
    // Up to the amount (9,999 + 1) is still one operator's; a debit weighs like a credit.
    expect((await s.adjust(s.tokens.op2, victim, '1')).body.message.status).toBe('done');
    expect((await s.adjust(s.tokens.op2, victim, '-1')).body.message.status).toBe('pending');
    expect(await s.balance(victim)).toBe(before + 10_000n * U);

    // Once the window has passed, one operator may move within the amount alone again.
    t.clock.advance(DAY + 1);
    expect((await s.adjust(s.tokens.op1, victim, '-9999')).body.message.status).toBe('done');
    expect((await s.adjust(s.tokens.op2, victim, '-1')).body.message.status).toBe('done');
    expect(await s.balance(victim)).toBe(before);

    // The requests left waiting are rejected; nothing moved for them.
    const pending = await t.app.ctx.db
      .selectFrom('staff_approvals')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    for (const p of pending) expect((await s.decide(s.tokens.admin, p.id, 'reject')).body.type).toBe('ok');
    expect(await s.balance(victim)).toBe(before);
    expect(await s.balance(other)).toBe(otherBefore);
  });

  it('an operator never corrects, nor approves a correction of, their own account', async () => {
    const t = getApp();
    const s = await setup(t);
    const me = await t.userId(OPERATOR);
    const before = await s.balance(me);
    const own = await s.adjust(s.tokens.op1, me, '9999', USDT, 'my bonus');
    expect(own.body).toMatchObject({ type: 'error', code: 'CONSOLE_FOUR_EYES_OWN_ACCOUNT' });
    expect(await s.balance(me)).toBe(before);
    // The attempt is in the audit log with its refusal and what it tried.
    const row = await s.lastAudit();
    expect(row).toMatchObject({
      call: '/api/admin/console/adjust',
      outcome: 'CONSOLE_FOUR_EYES_OWN_ACCOUNT',
    });
    expect(JSON.parse(row.input_json)).toMatchObject({ id: me, amount: '9999', reason: 'my bonus' });

    // Requested by a colleague, it still needs a second operator who is not the account's owner.
    const asked = await s.adjust(s.tokens.op2, me, '20000');
    const id = asked.body.message.approval_id;
    expect(asked.body.message.status).toBe('pending');
    expect((await s.decide(s.tokens.op1, id, 'approve')).body.code).toBe('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
    expect((await s.decide(s.tokens.op1, id, 'reject')).body.code).toBe('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
    expect(await s.balance(me)).toBe(before);
    expect((await s.decide(s.tokens.admin, id, 'approve')).body.type).toBe('ok');
    expect(await s.balance(me)).toBe(before + 20_000n * U);
    const undo = await s.adjust(s.tokens.op2, me, '-20000');
    expect(undo.body.message.status).toBe('pending');
    expect((await s.decide(s.tokens.admin, undo.body.message.approval_id, 'approve')).body.type).toBe('ok');
    expect(await s.balance(me)).toBe(before);
  });

  it('a currency with no price (JC) needs a second operator for any amount', async () => {
    const t = getApp();
    const s = await setup(t);
    const userId = await t.userId('demo2@oryx.local');
    const before = await s.balance(userId, JC_CURRENCY_ID);
    for (const amount of ['100000000', '1']) {
      const r = await s.adjust(s.tokens.op1, userId, amount, JC_CURRENCY_ID);
      expect(r.body.message.status).toBe('pending');
      expect(await s.balance(userId, JC_CURRENCY_ID)).toBe(before);
      const list = await t.call('GET', '/api/admin/console/approvals', undefined, { token: s.tokens.op2 });
      const row = list.body.message.data.find((a: { id: number }) => a.id === r.body.message.approval_id);
      // The operators are named by their login, not by id.
      expect(row).toMatchObject({
        currency: 'JC',
        worth_usdt: null,
        beneficiary_id: userId,
        requested_by_name: OPERATOR,
        decided_by_name: null,
      });
      const verdict = amount === '1' ? 'approve' : 'reject';
      expect((await s.decide(s.tokens.op2, r.body.message.approval_id, verdict)).body.type).toBe('ok');
    }
    expect(await s.balance(userId, JC_CURRENCY_ID)).toBe(before + U);
  });

  it('a padded field no longer hides the subject id and the result of an operator call', async () => {
    const t = getApp();
    const s = await setup(t);
    const pad = 'x'.repeat(100_000);
    // An appeal decision with a padded extra field: the contract drops it, the deal id and result stay.
    await t.call(
      'POST',
      '/api/admin/p2p/decide',
      { note: pad, id: 424_242, result: 'release', zz: pad },
      { token: s.tokens.op1 },
    );
    const decided = await s.lastAudit();
    expect(decided.call).toBe('/api/admin/p2p/decide');
    expect(decided.subject_id).toBe('424242');
    const acted = JSON.parse(decided.input_json) as Record<string, unknown>;
    expect(acted).toMatchObject({ id: 424_242, result: 'release' });
    expect(Object.keys(acted).every((k) => ['id', 'reason', 'result'].includes(k))).toBe(true);
    expect(decided.input_json.length).toBeLessThan(1_000);
    expect(decided.outcome).not.toBe('ok');

    // Input that does not parse: every field kept, each cut on its own; the ids and amount survive.
    const userId = await t.userId('demo2@oryx.local');
    const before = await s.balance(userId);
    const r = await t.call(
      'POST',
      '/api/admin/console/adjust',
      { reason: pad, wallet: 'change', id: userId, currency_id: USDT, amount: '5', zzz: pad },
      { token: s.tokens.op1 },
    );
    expect(r.body).toMatchObject({ type: 'error', code: 'VALIDATION' });
    expect(await s.balance(userId)).toBe(before);
    const refused = await s.lastAudit();
    expect(refused.outcome).toBe('VALIDATION');
    expect(refused.input_json.length).toBeLessThan(8_000);
    const input = JSON.parse(refused.input_json);
    expect(input).toMatchObject({ id: userId, currency_id: USDT, amount: '5', wallet: 'change' });
    expect(input.reason.startsWith('x'.repeat(200))).toBe(true);
    expect(input.reason.length).toBeLessThan(300);

    // A correction that went through: its subject, change and reply are recorded.
    const ok = await s.adjust(s.tokens.op1, userId, '3', USDT, 'refund');
    expect(ok.body.message.status).toBe('done');
    const done = await s.lastAudit();
    expect(done).toMatchObject({
      outcome: 'ok',
      subject: 'adjustment',
      subject_id: String(ok.body.message.approval_id),
    });
    expect(JSON.parse(done.result_json!)).toEqual({
      status: 'done',
      approval_id: ok.body.message.approval_id,
    });
    const listed = await t.call('GET', '/api/admin/console/audit?call=adjust', undefined, {
      token: s.tokens.op2,
    });
    expect(JSON.parse(listed.body.message.data[0].result)).toMatchObject({ status: 'done' });
    expect((await s.adjust(s.tokens.op1, userId, '-3', USDT, 'undo')).body.message.status).toBe('done');
  });
});
