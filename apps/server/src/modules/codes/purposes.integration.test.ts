/**
 * Every code is issued for one purpose and accepted by that purpose's call only. The table: each call
 * that spends a code (as the role that makes it) × every purpose a code can be issued for to the address
 * that call checks. Only the call's own purpose passes; a code of any other purpose, an expired code and
 * a used code are refused with CODE_INVALID and change nothing. Then the client spellings: `type:
 * 'forget'` asked for with a session (the transaction-password page) is a transaction-password code that
 * cannot reset the login password; asked for without one it is a reset code that cannot set the
 * transaction password.
 */
import { expect, it } from 'vitest';
import type { CodeScene } from '@oryx/contracts/auth/calls';
import { describeEachDb, type TestApp } from '../../../test/harness';
import {
  freshIp,
  fromIp,
  lastCode,
  login,
  pastResend,
  pngBytes,
  registerAndLogin,
  upload,
} from '../../../test/accounts';
import { sandboxAddress } from '../funding/chain/sandbox';
import { CODE_TTL_MS } from './service';

let n = 0;
const newEmail = () => `purpose-${++n}-${Date.now()}@example.com`;
const PASSWORD = 'secret-123';

interface User {
  token: string;
  id: number;
  email: string;
}

/** What a row works on: a fresh user, and (for register and e-mail binding) a fresh address. */
interface Subject {
  user: User;
  freshAddress: string;
  qr: string;
}

interface ConsumingCall {
  /** Who makes the call. */
  role: 'visitor' | 'user';
  /** The purpose the call accepts. */
  scene: CodeScene;
  /** Where the call looks for its code: the user's own e-mail, or an address nobody has yet. */
  destination: 'own' | 'fresh';
  run: (t: TestApp, s: Subject, code: string) => Promise<{ body: { type: string; code?: string } }>;
  /** What the call would change, read back (equal before and after a refusal). */
  state: (t: TestApp, s: Subject) => Promise<unknown>;
}

const userRow = (t: TestApp, id: number) =>
  t.app.ctx.db
    .selectFrom('users')
    .select(['email', 'password_hash', 'trade_password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();

const CALLS: Record<string, ConsumingCall> = {
  'user/register': {
    role: 'visitor',
    scene: 'register',
    destination: 'fresh',
    run: (t, s, code) =>
      t.call('POST', '/api/user/register', {
        type: 'email',
        user_string: s.freshAddress,
        code,
        password: PASSWORD,
        re_password: PASSWORD,
        extension_code: 'DEMO0001',
      }),
    state: (t, s) =>
      t.app.ctx.db.selectFrom('users').select('id').where('email', '=', s.freshAddress).execute(),
  },
  'user/forget': {
    role: 'visitor',
    scene: 'forget',
    destination: 'own',
    run: (t, s, code) =>
      t.call('POST', '/api/user/forget', {
        account: s.user.email,
        password: 'new-pass-9',
        repassword: 'new-pass-9',
        code,
      }),
    state: (t, s) => userRow(t, s.user.id),
  },
  'safe/update_password': {
    role: 'user',
    scene: 'trade_password',
    destination: 'own',
    run: (t, s, code) =>
      t.call(
        'POST',
        '/api/safe/update_password',
        { password: 'trade-123', re_password: 'trade-123', code },
        { token: s.user.token },
      ),
    state: (t, s) => userRow(t, s.user.id),
  },
  'safe/email': {
    role: 'user',
    scene: 'bind',
    destination: 'fresh',
    run: (t, s, code) =>
      t.call(
        'POST',
        '/api/safe/email',
        { email: s.freshAddress, code, password: PASSWORD },
        { token: s.user.token },
      ),
    state: (t, s) => userRow(t, s.user.id),
  },
  'wallet/add_address': {
    role: 'user',
    scene: 'safe',
    destination: 'own',
    run: (t, s, code) =>
      t.call(
        'POST',
        '/api/wallet/add_address',
        { currency: 1, type: 'erc20', address: sandboxAddress('purpose', s.user.id), code },
        { token: s.user.token },
      ),
    state: (t, s) =>
      t.app.ctx.db
        .selectFrom('funding_withdraw_addresses')
        .select('address')
        .where('user_id', '=', s.user.id)
        .execute(),
  },
  'user/add_bank': {
    role: 'user',
    scene: 'bank',
    destination: 'own',
    run: (t, s, code) =>
      t.call(
        'POST',
        '/api/user/add_bank',
        { receive_name: 'Budi', bank_code: 'BRI', receive_account: '12345', code, password: PASSWORD },
        { token: s.user.token },
      ),
    state: async (t, s) => [
      await t.app.ctx.db.selectFrom('user_banks').selectAll().where('user_id', '=', s.user.id).execute(),
      await t.app.ctx.db
        .selectFrom('user_banks_pending')
        .selectAll()
        .where('user_id', '=', s.user.id)
        .execute(),
    ],
  },
  'user/cash_save': {
    role: 'user',
    scene: 'payment',
    destination: 'own',
    run: (t, s, code) =>
      t.call(
        'POST',
        '/api/user/cash_save',
        {
          real_name: 'Li Lei',
          bank_name: 'ICBC',
          bank_account: '6222',
          alipay_account: 'a@alipay',
          wechat_account: 'wx',
          wechat_nickname: 'Lei',
          alipay_collect: s.qr,
          wechat_collect: s.qr,
          code,
          password: PASSWORD,
        },
        { token: s.user.token },
      ),
    state: async (t, s) => [
      await t.app.ctx.db.selectFrom('user_cash_info').selectAll().where('user_id', '=', s.user.id).execute(),
      await t.app.ctx.db
        .selectFrom('user_cash_info_pending')
        .selectAll()
        .where('user_id', '=', s.user.id)
        .execute(),
    ],
  },
};

/**
 * How a code of each purpose is asked for, and whether one can exist at an address of the kind given:
 * login / forget codes go only to existing accounts (a visitor asks), register codes only to addresses
 * without one, the own-address purposes only to the logged-in user's own address, bind codes to any
 * address (an address owned by someone else gets a notice, not a code).
 */
const ISSUERS: Record<CodeScene, { role: 'visitor' | 'user'; to: ReadonlyArray<'own' | 'fresh'> }> = {
  login: { role: 'visitor', to: ['own'] },
  register: { role: 'visitor', to: ['fresh'] },
  forget: { role: 'visitor', to: ['own'] },
  trade_password: { role: 'user', to: ['own'] },
  safe: { role: 'user', to: ['own'] },
  bank: { role: 'user', to: ['own'] },
  payment: { role: 'user', to: ['own'] },
  bind: { role: 'user', to: ['own', 'fresh'] },
};

async function subject(t: TestApp): Promise<Subject> {
  const email = newEmail();
  const user = { ...(await registerAndLogin(t, email)), email };
  const qr = (await upload(t, user.token, pngBytes())).body.message as string;
  return { user, freshAddress: newEmail(), qr };
}

async function issue(t: TestApp, s: Subject, scene: CodeScene, address: string): Promise<string> {
  pastResend(t);
  const res = await t.call(
    'POST',
    '/api/sms_mail',
    { user_string: address, scene },
    { ...fromIp(freshIp()), ...(ISSUERS[scene].role === 'user' ? { token: s.user.token } : {}) },
  );
  expect([scene, res.body.type]).toEqual([scene, 'ok']);
  const code = await lastCode(t, address);
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

const rows = Object.entries(CALLS).flatMap(([name, call]) =>
  (Object.keys(ISSUERS) as CodeScene[])
    .filter((scene) => ISSUERS[scene].to.includes(call.destination))
    .map((scene) => [name, call.role, scene, scene === call.scene ? 'accepted' : 'refused'] as const),
);

describeEachDb('codes: one purpose per code, for every call that spends one', (getApp) => {
  it.each(rows)('%s (as %s) with a %s code: %s', async (name, _role, scene, outcome) => {
    const t = getApp();
    const call = CALLS[name]!;
    const s = await subject(t);
    const address = call.destination === 'own' ? s.user.email : s.freshAddress;
    const code = await issue(t, s, scene, address);
    const before = await call.state(t, s);
    const res = await call.run(t, s, code);
    if (outcome === 'accepted') {
      expect(res.body.type).toBe('ok');
      // Used: the same code again is refused and changes nothing more.
      const after = await call.state(t, s);
      const again = await call.run(t, s, code);
      expect(again.body.code).toBe('CODE_INVALID');
      expect(await call.state(t, s)).toEqual(after);
    } else {
      expect(res.body.code).toBe('CODE_INVALID');
      expect(await call.state(t, s)).toEqual(before);
    }
  });

  it.each(Object.keys(CALLS))('%s refuses its own code once expired, changing nothing', async (name) => {
    const t = getApp();
    const call = CALLS[name]!;
    const s = await subject(t);
    const code = await issue(t, s, call.scene, call.destination === 'own' ? s.user.email : s.freshAddress);
    t.clock.advance(CODE_TTL_MS + 1);
    const before = await call.state(t, s);
    expect((await call.run(t, s, code)).body.code).toBe('CODE_INVALID');
    expect(await call.state(t, s)).toEqual(before);
  });

  it("the transaction-password page's `type: 'forget'` code cannot reset the login password", async () => {
    const t = getApp();
    const s = await subject(t);
    pastResend(t);
    // Logged in, as /bindmpwd asks for it.
    await t.call(
      'POST',
      '/api/sms_mail',
      { user_string: s.user.email, type: 'forget' },
      { token: s.user.token },
    );
    const code = await lastCode(t, s.user.email);
    const mail = await t.app.ctx.db
      .selectFrom('outbox_messages')
      .select(['scene', 'subject', 'body'])
      .where('destination', '=', s.user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.scene).toBe('trade_password');
    expect(mail.subject).toContain('transaction password');
    expect(mail.body).toContain('Never share it');
    // From a logged-out browser: refused, and the old password still logs in.
    const reset = await CALLS['user/forget']!.run(t, s, code);
    expect(reset.body.code).toBe('CODE_INVALID');
    expect((await login(t, s.user.email, PASSWORD)).body.type).toBe('ok');
    // With the session too.
    const withSession = await t.call(
      'POST',
      '/api/user/forget',
      { account: s.user.email, password: 'new-pass-9', repassword: 'new-pass-9', code },
      { token: s.user.token },
    );
    expect(withSession.body.code).toBe('CODE_INVALID');
    // It is still good for what it was sent for.
    expect((await CALLS['safe/update_password']!.run(t, s, code)).body.type).toBe('ok');
  });

  it("a reset code asked for without a session (`type: 'forget'`) cannot set the transaction password", async () => {
    const t = getApp();
    const s = await subject(t);
    pastResend(t);
    await t.call('POST', '/api/sms_mail', { user_string: s.user.email, type: 'forget' }, fromIp(freshIp()));
    const code = await lastCode(t, s.user.email);
    expect((await CALLS['safe/update_password']!.run(t, s, code)).body.code).toBe('CODE_INVALID');
    expect((await userRow(t, s.user.id))?.trade_password_hash).toBeNull();
    expect((await CALLS['user/forget']!.run(t, s, code)).body.type).toBe('ok');
    expect((await login(t, s.user.email, 'new-pass-9')).body.type).toBe('ok');
  });

  it('each code says what it is for, in the reader’s language, and to share it with no one', async () => {
    const t = getApp();
    const s = await subject(t);
    pastResend(t);
    await t.call(
      'POST',
      '/api/sms_mail',
      { user_string: s.user.email, scene: 'bank' },
      { token: s.user.token, headers: { 'x-locale': 'ind' } },
    );
    const mail = await t.app.ctx.db
      .selectFrom('outbox_messages')
      .select(['subject', 'body'])
      .where('destination', '=', s.user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The reader's saved language (registration's: en) wins over the request's.
    expect(mail.subject).toBe('Your Oryx code to bind a bank card for rupiah payouts');
    expect(mail.body).toMatch(/works for nothing else\. Never share it/);
  });
});
