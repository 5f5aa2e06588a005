import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { login } from '../../../test/accounts';
import { registeredCalls } from '../../lib/route';
import { staffLevelOf } from '@oryx/contracts/console/roles';

const ADMIN = 'admin@oryx.local';
const OPERATOR = 'operator@oryx.local';
const OPERATOR2 = 'operator2@oryx.local';
const AUDITOR = 'auditor@oryx.local';
const USER = 'demo1@oryx.local';
const USDT = 1;

describeEachDb('operator console: roles, audit log, restrictions, four-eyes', (getApp) => {
  it('checks the staff role of every admin call: user refused, auditor reads only, operator acts, administrator manages', async () => {
    const t = getApp();
    const tokens = {
      user: await t.tokenFor(USER),
      auditor: await t.tokenFor(AUDITOR),
      operator: await t.tokenFor(OPERATOR),
      admin: await t.tokenFor(ADMIN),
    };
    const adminCalls = registeredCalls(t.app).filter((c) => c.auth === 'admin');
    expect(adminCalls.length).toBeGreaterThan(30);
    const allowed = {
      read: ['auditor', 'operator', 'admin'],
      act: ['operator', 'admin'],
      manage: ['admin'],
    } as const;
    const wrong: string[] = [];
    for (const call of adminCalls) {
      const method = (Array.isArray(call.method) ? call.method[0] : call.method) as string;
      const level = staffLevelOf(call);
      for (const [role, token] of Object.entries(tokens)) {
        // An empty input: a permitted role gets past the role check (to VALIDATION or an answer), a
        // refused one gets FORBIDDEN before any input is read, so nothing changes.
        const res = await t.call(method, call.path, method === 'GET' ? undefined : {}, { token });
        const refused = res.body?.type === 'error' && res.body.code === 'FORBIDDEN';
        const shouldRefuse = !(allowed[level] as readonly string[]).includes(role);
        if (refused !== shouldRefuse) wrong.push(`${role} ${method} ${call.path} (${level})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('records each changing operator call with who, where from, and the values before and after; the log cannot be edited', async () => {
    const t = getApp();
    const operator = await t.tokenFor(OPERATOR);
    const userId = await t.userId('demo2@oryx.local');
    const res = await t.call(
      'POST',
      '/api/admin/console/restrict',
      { id: userId, login: 0, trade: 1, withdraw: 0, reason: 'suspicious orders' },
      { token: operator, headers: { 'x-forwarded-for': '10.1.2.3' } },
    );
    expect(res.body.type).toBe('ok');
    const log = await t.call('GET', '/api/admin/console/audit?call=restrict', undefined, {
      token: await t.tokenFor(AUDITOR),
    });
    const row = log.body.message.data[0];
    expect(row).toMatchObject({
      actor: OPERATOR,
      actor_role: 'operator',
      call: '/api/admin/console/restrict',
      outcome: 'ok',
      subject: 'user',
      subject_id: String(userId),
    });
    expect(JSON.parse(row.before)).toMatchObject({ trade: 0 });
    expect(JSON.parse(row.after)).toMatchObject({ trade: 1, reason: 'suspicious orders' });

    // A refused action is recorded too, with its code.
    await t.call(
      'POST',
      '/api/admin/console/restrict',
      { id: 999999, login: 0, trade: 0, withdraw: 0, reason: 'x' },
      { token: operator },
    );
    const again = await t.call('GET', '/api/admin/console/audit', undefined, { token: operator });
    expect(again.body.message.data[0]).toMatchObject({ outcome: 'CONSOLE_USER_NOT_FOUND' });

    await expect(
      t.app.ctx.db.updateTable('staff_audit_log').set({ outcome: 'ok' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.ctx.db.deleteFrom('staff_audit_log').where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    // Undo for the other tests.
    await t.call(
      'POST',
      '/api/admin/console/restrict',
      { id: userId, login: 0, trade: 0, withdraw: 0, reason: 'cleared' },
      { token: operator },
    );
  });

  it('a trading freeze refuses orders at once; a login freeze ends the sessions and refuses the login', async () => {
    const t = getApp();
    const operator = await t.tokenFor(OPERATOR);
    const email = 'demo2@oryx.local';
    const userId = await t.userId(email);
    const token = await t.tokenFor(email);
    await t.call(
      'POST',
      '/api/admin/console/restrict',
      { id: userId, login: 0, trade: 1, withdraw: 1, reason: 'review' },
      { token: operator },
    );
    const order = await t.call(
      'POST',
      '/api/coin/trade',
      { legal_id: USDT, currency_id: 2, target_price: '1', amount: '1', type: 1 },
      { token },
    );
    expect(order.body).toMatchObject({ type: 'error', code: 'ACCOUNT_TRADE_FROZEN' });
    const out = await t.call(
      'POST',
      '/api/wallet/out',
      { currency: USDT, number: '10', address: 'x' },
      { token },
    );
    expect(out.body).toMatchObject({ type: 'error', code: 'ACCOUNT_WITHDRAW_FROZEN' });

    await t.call(
      'POST',
      '/api/admin/console/restrict',
      { id: userId, login: 1, trade: 0, withdraw: 0, reason: 'account takeover' },
      { token: operator },
    );
    const info = await t.call('GET', '/api/user/info', undefined, { token });
    expect(info.body.type).not.toBe('ok');
    const relog = await login(t, email, 'oryx-demo-1');
    expect(relog.body).toMatchObject({ type: 'error', code: 'ACCOUNT_LOGIN_FROZEN' });

    await t.call(
      'POST',
      '/api/admin/console/restrict',
      { id: userId, login: 0, trade: 0, withdraw: 0, reason: 'cleared' },
      { token: operator },
    );
    expect((await login(t, email, 'oryx-demo-1')).body.type).toBe('ok');
  });

  it('a correction is a ledger movement with its reason; above the four-eyes amount a second operator approves it', async () => {
    const t = getApp();
    const op1 = await t.tokenFor(OPERATOR);
    const op2 = await t.tokenFor(OPERATOR2);
    const userId = await t.userId('demo2@oryx.local');
    const balance = async () => {
      const d = await t.call('GET', `/api/admin/console/user?id=${userId}`, undefined, { token: op1 });
      return d.body.message.balances.find((b: any) => b.wallet === 'change' && b.currency === 'USDT')
        ?.available;
    };
    const before = Number(await balance());

    const small = await t.call(
      'POST',
      '/api/admin/console/adjust',
      { id: userId, wallet: 'change', currency_id: USDT, amount: '12.5', reason: 'refund of a double fee' },
      { token: op1 },
    );
    expect(small.body.message).toMatchObject({ status: 'done' });
    expect(Number(await balance())).toBe(before + 12.5);

    const big = await t.call(
      'POST',
      '/api/admin/console/adjust',
      { id: userId, wallet: 'change', currency_id: USDT, amount: '20000', reason: 'lost deposit' },
      { token: op1 },
    );
    expect(big.body.message).toMatchObject({ status: 'pending' });
    expect(Number(await balance())).toBe(before + 12.5);
    const id = big.body.message.approval_id;
    const self = await t.call(
      'POST',
      '/api/admin/console/approval',
      { id, decision: 'approve' },
      { token: op1 },
    );
    expect(self.body).toMatchObject({ type: 'error', code: 'CONSOLE_FOUR_EYES_SAME_OPERATOR' });
    const ok = await t.call(
      'POST',
      '/api/admin/console/approval',
      { id, decision: 'approve' },
      { token: op2 },
    );
    expect(ok.body.type).toBe('ok');
    expect(Number(await balance())).toBe(before + 20012.5);
    const twice = await t.call(
      'POST',
      '/api/admin/console/approval',
      { id, decision: 'approve' },
      { token: op2 },
    );
    expect(twice.body).toMatchObject({ type: 'error', code: 'CONSOLE_APPROVAL_DECIDED' });

    // A large debit needs a second operator as much as a large credit.
    const bigDebit = await t.call(
      'POST',
      '/api/admin/console/adjust',
      { id: userId, wallet: 'change', currency_id: USDT, amount: '-15000', reason: 'reversal' },
      { token: op1 },
    );
    expect(bigDebit.body.message).toMatchObject({ status: 'pending' });
    const rejected = await t.call(
      'POST',
      '/api/admin/console/approval',
      { id: bigDebit.body.message.approval_id, decision: 'reject' },
      { token: op2 },
    );
    expect(rejected.body.type).toBe('ok');
    expect(Number(await balance())).toBe(before + 20012.5);

    const overdraw = await t.call(
      'POST',
      '/api/admin/console/adjust',
      { id: userId, wallet: 'micro', currency_id: USDT, amount: '-99999999', reason: 'x' },
      { token: op1 },
    );
    expect(overdraw.body).toMatchObject({ type: 'error', code: 'CONSOLE_ADJUST_INSUFFICIENT' });
    // Undo the credit as a debit: a new movement, not an edit.
    const undo = await t.call(
      'POST',
      '/api/admin/console/adjust',
      { id: userId, wallet: 'change', currency_id: USDT, amount: '-12.5', reason: 'test over' },
      { token: op1 },
    );
    expect(undo.body.message.status).toBe('done');
  });

  it('bad input: a clear error and nothing changed', async () => {
    const t = getApp();
    const op = await t.tokenFor(OPERATOR);
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/api/admin/console/adjust',
        { id: 1, wallet: 'change', currency_id: USDT, amount: '0', reason: 'x' },
        'CONSOLE_ADJUST_INVALID',
      ],
      [
        '/api/admin/console/adjust',
        { id: 1, wallet: 'change', currency_id: USDT, amount: '1e3', reason: 'x' },
        'VALIDATION',
      ],
      [
        '/api/admin/console/adjust',
        { id: 1, wallet: 'bank', currency_id: USDT, amount: '1', reason: 'x' },
        'VALIDATION',
      ],
      ['/api/admin/console/restrict', { id: 1, login: 2, trade: 0, withdraw: 0, reason: 'x' }, 'VALIDATION'],
      ['/api/admin/console/restrict', { id: 1, login: 0, trade: 0, withdraw: 0, reason: '' }, 'VALIDATION'],
      ['/api/admin/console/market', { id: 99999, open_coin_trade: 0 }, 'CONSOLE_MARKET_NOT_FOUND'],
      ['/api/admin/console/approval', { id: 99999, decision: 'approve' }, 'CONSOLE_APPROVAL_NOT_FOUND'],
    ];
    for (const [path, body, code] of cases) {
      const res = await t.call('POST', path, body, { token: op });
      expect(res.body, path).toMatchObject({ type: 'error', code });
    }
    const self = await t.call(
      'POST',
      '/api/admin/console/role',
      { id: await t.userId(ADMIN), role: 'user' },
      { token: await t.tokenFor(ADMIN) },
    );
    expect(self.body).toMatchObject({ type: 'error', code: 'CONSOLE_SELF_ROLE' });
  });

  it('closing a market refuses new spot orders at once and reopening accepts them, without a restart', async () => {
    const t = getApp();
    const op = await t.tokenFor(OPERATOR);
    const markets = await t.call('GET', '/api/admin/console/markets', undefined, { token: op });
    const m = markets.body.message.find((x: any) => x.symbol === 'ETH/USDT');
    const user = await t.tokenFor(USER);
    const place = () =>
      t.call(
        'POST',
        '/api/coin/trade',
        { match_id: m.id, target_price: '100', amount: '0.05', type: 1 },
        { token: user },
      );
    await t.call('POST', '/api/admin/console/market', { id: m.id, open_coin_trade: 0 }, { token: op });
    expect((await place()).body.type).toBe('error');
    await t.call('POST', '/api/admin/console/market', { id: m.id, open_coin_trade: 1 }, { token: op });
    const placed = await place();
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ type: 'ok' });
    await t.call('PUT', '/api/coin/trade', { id: placed.body.order.id }, { token: user });
  });

  it('the dashboard shows the ledger check it ran, system accounts, users and queues', async () => {
    const t = getApp();
    const auditor = await t.tokenFor(AUDITOR);
    const run = await t.call('POST', '/api/admin/console/ledger_check', {}, { token: auditor });
    expect(run.body.message.ok).toBe(true);
    const d = await t.call('GET', '/api/admin/console/dashboard', undefined, { token: auditor });
    expect(d.body.message.ledger_check).toMatchObject({ ok: true });
    expect(d.body.message.users.total).toBeGreaterThan(3);
    expect(d.body.message.queues.map((q: any) => q.name)).toContain('withdrawals');
    expect(d.body.message.system_accounts.length).toBeGreaterThan(0);
  });

  it("audits every staff read of a user's personal data: the profile and the payment details", async () => {
    const t = getApp();
    const userId = await t.userId('demo2@oryx.local');
    await t.app.ctx.db
      .insertInto('user_banks')
      .values({
        user_id: userId,
        receive_name: 'Demo Two',
        receive_account: '1234567890',
        bank_code: 'BCA',
        bank_name: 'Bank Central Asia',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const reads = (call: string) =>
      t.app.ctx.db.selectFrom('staff_audit_log').selectAll().where('call', '=', call).orderBy('id').execute();
    const auditor = await t.tokenFor(AUDITOR);
    const user = await t.tokenFor(USER);
    expect(
      (await t.call('GET', '/api/admin/console/user_payments', { id: userId }, { token: user })).body.code,
    ).toBe('FORBIDDEN');
    const before = (await reads('/api/admin/console/user_payments')).length;
    const payments = await t.call(
      'GET',
      '/api/admin/console/user_payments',
      { id: userId },
      { token: auditor },
    );
    expect(payments.body.message).toMatchObject({
      bank: { receive_name: 'Demo Two', receive_account: '1234567890', bank_name: 'Bank Central Asia' },
      cash: null,
    });
    const paymentReads = await reads('/api/admin/console/user_payments');
    expect(paymentReads).toHaveLength(before + 1);
    expect(paymentReads.at(-1)).toMatchObject({
      actor_id: await t.userId(AUDITOR),
      actor_role: 'auditor',
      outcome: 'ok',
      subject: 'user_payments',
      subject_id: String(userId),
    });
    // A user who does not exist: refused, and the attempt is in the log too.
    const missing = await t.call(
      'GET',
      '/api/admin/console/user_payments',
      { id: 99999 },
      { token: auditor },
    );
    expect(missing.body.code).toBe('CONSOLE_USER_NOT_FOUND');
    expect((await reads('/api/admin/console/user_payments')).at(-1)).toMatchObject({
      outcome: 'CONSOLE_USER_NOT_FOUND',
    });

    const profileBefore = (await reads('/api/admin/console/user')).length;
    expect(
      (await t.call('GET', '/api/admin/console/user', { id: userId }, { token: auditor })).body.type,
    ).toBe('ok');
    const profileReads = await reads('/api/admin/console/user');
    expect(profileReads).toHaveLength(profileBefore + 1);
    expect(profileReads.at(-1)).toMatchObject({ subject: 'user', subject_id: String(userId) });
    // The audit log itself shows them to the auditor.
    const log = await t.call('GET', '/api/admin/console/audit?call=payments', undefined, {
      token: auditor,
    });
    expect(log.body.message.data[0]).toMatchObject({ call: '/api/admin/console/user_payments' });
  });
});
