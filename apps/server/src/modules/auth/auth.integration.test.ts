import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, describeEachDb, startTestApp, type TestApp, TEST_HASH_LOG2N } from '../../../test/harness';
import {
  freshIp,
  fromIp,
  lastCode,
  login,
  pastResend,
  postAs,
  registerAndLogin,
  registerUser,
} from '../../../test/accounts';

import type * as passwordModule from './password';
import { hashPassword } from './password';
import { newTotpSecret, totpNow } from './two-factor';
import { requireTradePassword } from '../account/guards';

// Counts the scrypt checks the server makes (the limits are about how many passwords get tested).
const scrypt = vi.hoisted(() => ({ checks: 0 }));
vi.mock('./password', async (importOriginal) => {
  const real = await importOriginal<typeof passwordModule>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      scrypt.checks++;
      return real.verifyPassword(password, stored);
    },
  };
});

let n = 0;
const newEmail = () => `auth-${++n}-${Date.now()}@example.com`;

async function registerBody(t: TestApp, overrides: Record<string, unknown> = {}, ip = freshIp()) {
  const email = (overrides.user_string as string | undefined) ?? newEmail();
  await t.call('POST', '/api/sms_mail', { user_string: email, scene: 'register' }, fromIp(ip));
  return {
    ip,
    body: {
      type: 'email',
      user_string: email,
      code: await lastCode(t, email.toLowerCase()),
      password: 'secret-123',
      re_password: 'secret-123',
      extension_code: 'DEMO0001',
      area_code: '66',
      area_code_id: 0,
      nationality: 'Thailand',
      ...overrides,
    },
  };
}

describeEachDb('auth: registration', (getApp) => {
  // The login form's rules (packages/contracts auth/forms), in the order they are checked.
  it.each([
    ['no invite code', { extension_code: '' }, 'AUTH_INVITE_REQUIRED'],
    ['an unknown invite code', { extension_code: 'NOPE0000' }, 'AUTH_INVITE_INVALID'],
    ['no account', { user_string: '' }, 'AUTH_ACCOUNT_REQUIRED'],
    ['a 5-character password', { password: '12345', re_password: '12345' }, 'AUTH_PASSWORD_LENGTH'],
    [
      'a 17-character password',
      { password: 'a'.repeat(17), re_password: 'a'.repeat(17) },
      'AUTH_PASSWORD_LENGTH',
    ],
    ['no repeated password', { re_password: '' }, 'AUTH_REPASSWORD_REQUIRED'],
    ['different passwords', { re_password: 'secret-124' }, 'AUTH_PASSWORD_MISMATCH'],
    ['no code', { code: '' }, 'AUTH_CODE_REQUIRED'],
    ['a wrong code', { code: '000000x' }, 'CODE_INVALID'],
    ['an unknown area code', { area_code: '999' }, 'AUTH_AREA_CODE_INVALID'],
  ])('refuses %s', async (_name, overrides, code) => {
    const t = getApp();
    const { body, ip } = await registerBody(t);
    const res = await t.call('POST', '/api/user/register', { ...body, ...overrides }, fromIp(ip));
    expect(res.status).toBe(200); // a refusal is read from a successful reply
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it('refuses an invalid e-mail and a phone number with letters', async () => {
    const t = getApp();
    const email = await t.call('POST', '/api/user/register', {
      type: 'email',
      user_string: 'not-an-email',
      code: '123456',
      password: 'secret-123',
      re_password: 'secret-123',
      extension_code: 'DEMO0001',
    });
    expect(email.body.code).toBe('AUTH_EMAIL_INVALID');
    const phone = await t.call('POST', '/api/user/register', {
      type: 'mobile',
      user_string: '08x1234',
      code: '123456',
      password: 'secret-123',
      re_password: 'secret-123',
      extension_code: 'DEMO0001',
    });
    expect(phone.body.code).toBe('AUTH_PHONE_INVALID');
  });

  it('registers under the inviter with its own invite code, and accepts form-encoded bodies', async () => {
    const t = getApp();
    const { body, ip } = await registerBody(t, { extension_code: 'demo0002' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register?timestamp=1',
      payload: new URLSearchParams(
        Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    });
    // The new user is logged in: the reply carries a session like a login's.
    const reply = res.json();
    expect(reply).toEqual({
      type: 'ok',
      message: 'Registration complete. Welcome to Oryx!',
      token: expect.any(String),
      id: expect.any(Number),
    });
    const info = await t.call('GET', '/api/user/info', undefined, { token: reply.token });
    expect(info.body.message).toMatchObject({ id: reply.id, email: String(body.user_string) });
    // ...and, as after a login, the session cookie that proves this session to the socket is set.
    expect(String(res.headers['set-cookie'] ?? '')).toMatch(
      /^oryx_sid=\d+\.[A-Za-z0-9_-]{43}; Path=\/;.*HttpOnly/,
    );
    const user = await t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', String(body.user_string))
      .executeTakeFirstOrThrow();
    expect(user.parent_id).toBe(await t.userId('demo2@oryx.local'));
    expect(user.extension_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(user).toMatchObject({
      area_code: '66',
      area_code_id: 0,
      nationality: 'Thailand',
      review_status: 0,
      type: '1',
    });
    expect(user.password_hash).toMatch(/^scrypt\$/);
    // The invite code is really a different user's, and the new code invites further.
    await registerUser(t, newEmail(), { invite: user.extension_code });
  });

  it('registers a phone number; +86 gets area_code_id 1, others 0', async () => {
    const t = getApp();
    for (const [area, id] of [
      ['86', 1],
      ['66', 0],
    ] as const) {
      const ip = freshIp();
      const phone = `1380013${String(Date.now()).slice(-4)}${id}`;
      await t.call(
        'POST',
        '/api/sms_send',
        { user_string: phone, scene: 'register', area_code: area },
        fromIp(ip),
      );
      const code = await lastCode(t, `+${area} ${phone}`);
      const res = await t.call(
        'POST',
        '/api/user/register',
        {
          type: 'mobile',
          user_string: phone,
          code,
          password: 'secret-123',
          re_password: 'secret-123',
          extension_code: 'DEMO0001',
          area_code: area,
          // The server derives it; a wrong value from the client does not matter.
          area_code_id: 1 - id,
          nationality: '',
        },
        fromIp(ip),
      );
      expect(res.body.type).toBe('ok');
      const user = await t.app.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ area_code: area, area_code_id: id, account_number: phone, email: null });
      expect(user.nationality).toBe(area === '86' ? 'China' : 'Thailand');
      const logged = await t.call(
        'POST',
        '/api/user/login',
        { user_string: phone, password: 'secret-123', area_code: area },
        fromIp(ip),
      );
      expect(logged.body.type).toBe('ok');
    }
  });

  it('cannot register an address that already has an account (no code is ever issued for it)', async () => {
    const t = getApp();
    const { body, ip } = await registerBody(t, { user_string: 'demo1@oryx.local', code: '123456' });
    const res = await t.call('POST', '/api/user/register', body, fromIp(ip));
    expect(res.body.code).toBe('CODE_INVALID');
  });
});

describeEachDb('auth: login', (getApp) => {
  it('answers {type: "ok", message: <token>, id} and the token opens the session', async () => {
    const t = getApp();
    const res = await login(t, 'demo1@oryx.local', 'oryx-demo-1');
    expect(Object.keys(res.body).sort()).toEqual(['id', 'message', 'type']);
    expect(res.body.type).toBe('ok');
    expect(res.body.id).toBe(await t.userId('demo1@oryx.local'));
    const info = await t.call('GET', '/api/user/info', undefined, { token: res.body.message });
    expect(info.body.message.id).toBe(res.body.id);
    // Upper case and spaces in the account do not matter.
    expect((await login(t, '  DEMO1@oryx.local ', 'oryx-demo-1')).body.type).toBe('ok');
  });

  it.each([
    ['no account', '', 'oryx-demo-1', 'AUTH_ACCOUNT_REQUIRED'],
    ['a short password', 'demo1@oryx.local', '12345', 'AUTH_PASSWORD_SHORT'],
    ['a wrong password', 'demo1@oryx.local', 'oryx-demo-2', 'AUTH_LOGIN_FAILED'],
    ['an unknown account', 'nobody-at-all@example.com', 'oryx-demo-1', 'AUTH_LOGIN_FAILED'],
    ['an account that is neither e-mail nor phone', 'demo1', 'oryx-demo-1', 'AUTH_LOGIN_FAILED'],
  ])('refuses %s', async (_name, account, password, code) => {
    const t = getApp();
    const res = await login(t, account, password);
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it('gives unknown accounts and wrong passwords the same answer', async () => {
    const t = getApp();
    const a = await login(t, 'demo2@oryx.local', 'wrong-pass');
    const b = await login(t, 'nobody-else@example.com', 'wrong-pass');
    expect([a.status, a.body]).toEqual([b.status, b.body]);
  });

  it('locks an account for one address after 5 wrong passwords in 15 minutes, for 15 minutes', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const ip = freshIp();
    for (let i = 0; i < 4; i++)
      expect((await login(t, email, 'wrong-pass', ip)).body.code).toBe('AUTH_LOGIN_FAILED');
    const fifth = await login(t, email, 'wrong-pass', ip);
    expect(fifth.status).toBe(200);
    expect(fifth.body.code).toBe('AUTH_LOGIN_LOCKED');
    expect(fifth.body.message).toMatch(/until 2026-\d\d-\d\d \d\d:\d\d:\d\d \(about 15 min\)/);
    // Even the right password is refused while locked; another address is not affected.
    expect((await login(t, email, 'secret-123', ip)).body.code).toBe('AUTH_LOGIN_LOCKED');
    expect((await login(t, email, 'secret-123', freshIp())).body.type).toBe('ok');
    t.clock.advance(14 * 60_000);
    expect((await login(t, email, 'secret-123', ip)).body.message).toContain('about 1 min');
    t.clock.advance(61_000);
    expect((await login(t, email, 'secret-123', ip)).body.type).toBe('ok');
  });

  it('forgets failures older than 15 minutes and clears them on success', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login(t, email, 'wrong-pass', ip);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(t, email, 'wrong-pass', ip)).body.code).toBe('AUTH_LOGIN_FAILED');
    for (let i = 0; i < 3; i++) await login(t, email, 'wrong-pass', ip);
    expect((await login(t, email, 'secret-123', ip)).body.type).toBe('ok');
    expect((await login(t, email, 'wrong-pass', ip)).body.code).toBe('AUTH_LOGIN_FAILED');
  });

  it('locks unknown accounts the same way (no enumeration through locks)', async () => {
    const t = getApp();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login(t, 'ghost@example.com', 'wrong-pass', ip);
    expect((await login(t, 'ghost@example.com', 'wrong-pass', ip)).body.code).toBe('AUTH_LOGIN_LOCKED');
  });

  it('throttles an address with many failures across accounts', async () => {
    const t = getApp();
    const ip = freshIp();
    let last: { body: { code?: string } } = { body: {} };
    for (let i = 0; i < 30; i++) last = await login(t, `spray-${i}@example.com`, 'wrong-pass', ip);
    expect(last.body.code).toBe('AUTH_LOGIN_THROTTLED');
    expect((await login(t, 'demo1@oryx.local', 'oryx-demo-1', ip)).body.code).toBe('AUTH_LOGIN_THROTTLED');
    expect((await login(t, 'demo1@oryx.local', 'oryx-demo-1', freshIp())).body.type).toBe('ok');
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(t, 'demo1@oryx.local', 'oryx-demo-1', ip)).body.type).toBe('ok');
  });

  it('offers the points-exchange variant with the same rules and reply', async () => {
    const t = getApp();
    const ok = await t.call(
      'POST',
      '/api/Independent/points',
      { user_string: 'demo1@oryx.local', password: 'oryx-demo-1' },
      fromIp(freshIp()),
    );
    expect(ok.body).toMatchObject({ type: 'ok', id: await t.userId('demo1@oryx.local') });
    const bad = await t.call(
      'POST',
      '/api/Independent/points',
      { user_string: 'demo1@oryx.local', password: 'nope-nope' },
      fromIp(freshIp()),
    );
    expect(bad.body.code).toBe('AUTH_LOGIN_FAILED');
  });

  it('logs out with GET and POST; the token then answers 999 everywhere', async () => {
    const t = getApp();
    for (const method of ['GET', 'POST']) {
      const token = (await login(t, 'demo2@oryx.local', 'oryx-demo-1')).body.message as string;
      expect(
        (await t.call(method, '/api/user/logout', method === 'POST' ? {} : undefined, { token })).body.type,
      ).toBe('ok');
      for (const url of ['/api/user/info', '/api/user/center', '/api/user/get_user_bank']) {
        expect((await t.call('GET', url, undefined, { token })).body).toMatchObject({
          type: '999',
          code: 'AUTH_EXPIRED',
        });
      }
    }
  });
});

describeEachDb('auth: forgot and changed passwords', (getApp) => {
  it.each([
    ['no account', { account: '' }, 'AUTH_ACCOUNT_REQUIRED'],
    ['no password', { password: '' }, 'AUTH_PASSWORDS_REQUIRED'],
    ['no repeated password', { repassword: '' }, 'AUTH_PASSWORDS_REQUIRED'],
    ['a short password', { password: 'abc', repassword: 'abc' }, 'AUTH_PASSWORD_LENGTH'],
    ['different passwords', { repassword: 'other-pass' }, 'AUTH_PASSWORD_MISMATCH'],
    ['no code', { code: '' }, 'AUTH_CODE_REQUIRED'],
    ['a wrong code', { code: '999999x' }, 'CODE_INVALID'],
    ['an unknown account', { account: 'nobody@example.com' }, 'CODE_INVALID'],
  ])('refuses %s', async (_name, overrides, code) => {
    const t = getApp();
    const res = await t.call('POST', '/api/user/forget', {
      account: 'demo1@oryx.local',
      password: 'new-pass-1',
      repassword: 'new-pass-1',
      code: '123456',
      scene: 'forget',
      ...overrides,
    });
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it('resets the password with a code and ends every session of the user', async () => {
    const t = getApp();
    const email = newEmail();
    const { token: first } = await registerAndLogin(t, email);
    const second = (await login(t, email, 'secret-123')).body.message as string;
    pastResend(t);
    const ip = freshIp();
    expect(
      (await t.call('POST', '/api/sms_mail', { user_string: email, type: 'forget' }, fromIp(ip))).body.type,
    ).toBe('ok');
    const code = await lastCode(t, email);
    const res = await t.call(
      'POST',
      '/api/user/forget',
      { account: email, password: 'brand-new-1', repassword: 'brand-new-1', code, scene: 'forget' },
      fromIp(ip),
    );
    expect(res.body).toEqual({ type: 'ok', message: 'Password changed. Please log in again.' });
    for (const token of [first, second])
      expect((await t.call('GET', '/api/user/info', undefined, { token })).body.type).toBe('999');
    expect((await login(t, email, 'secret-123')).body.code).toBe('AUTH_LOGIN_FAILED');
    expect((await login(t, email, 'brand-new-1')).body.type).toBe('ok');
    // The code was used up.
    const again = await t.call('POST', '/api/user/forget', {
      account: email,
      password: 'again-new-1',
      repassword: 'again-new-1',
      code,
    });
    expect(again.body.code).toBe('CODE_INVALID');
  });

  it('lifts a login lock when the password is reset', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login(t, email, 'wrong-pass', ip);
    expect((await login(t, email, 'secret-123', ip)).body.code).toBe('AUTH_LOGIN_LOCKED');
    pastResend(t);
    await t.call('POST', '/api/sms_mail', { user_string: email, type: 'forget' }, fromIp(ip));
    const code = await lastCode(t, email);
    await t.call(
      'POST',
      '/api/user/forget',
      { account: email, password: 'reset-pass', repassword: 'reset-pass', code },
      fromIp(ip),
    );
    expect((await login(t, email, 'reset-pass', ip)).body.type).toBe('ok');
  });

  it('changes the password with the current one and ends every session', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const other = (await login(t, email, 'secret-123')).body.message as string;
    const change = postAs(t, token, '/api/user/change_password');
    const wrong = await change({
      old_password: 'nope-nope',
      password: 'changed-1',
      re_password: 'changed-1',
    });
    expect(wrong.body.code).toBe('AUTH_OLD_PASSWORD_WRONG');
    const mismatch = await change({
      old_password: 'secret-123',
      password: 'changed-1',
      re_password: 'changed-2',
    });
    expect(mismatch.body.code).toBe('AUTH_PASSWORD_MISMATCH');
    const ok = await change({ old_password: 'secret-123', password: 'changed-1', re_password: 'changed-1' });
    expect(ok.body.type).toBe('ok');
    for (const tk of [token, other])
      expect((await t.call('GET', '/api/user/info', undefined, { token: tk })).body.type).toBe('999');
    expect((await login(t, email, 'changed-1')).body.type).toBe('ok');
    expect((await t.call('POST', '/api/user/change_password', {})).body.type).toBe('999');
  });
});

for (const kind of DB_KINDS) {
  describe(`auth: login with login_need_smscode [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { env: { LOGIN_NEED_SMSCODE: '1' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('requires a login code sent to the account, once', async () => {
      expect((await t.call('GET', '/api/env.json')).body.login_need_smscode).toBe(true);
      const ip = freshIp();
      const noCode = await login(t, 'demo1@oryx.local', 'oryx-demo-1', ip);
      expect(noCode.body.code).toBe('AUTH_CODE_REQUIRED');
      await t.call('POST', '/api/sms_mail', { user_string: 'demo1@oryx.local', scene: 'login' }, fromIp(ip));
      const code = await lastCode(t, 'demo1@oryx.local');
      const withCode = (sms_code: string) =>
        t.call(
          'POST',
          '/api/user/login',
          { user_string: 'demo1@oryx.local', password: 'oryx-demo-1', sms_code },
          fromIp(ip),
        );
      expect((await withCode('1')).body.code).toBe('CODE_INVALID');
      expect((await withCode(code)).body.type).toBe('ok');
      expect((await withCode(code)).body.code).toBe('CODE_INVALID');
    });
  });
}

describeEachDb('auth: password checks under concurrency and across addresses', (getApp) => {
  /** A new user, a fresh address, and `guess(password)`: `body(password)` posted to `path` by them. */
  const guesser = async (t: TestApp, path: string, body: (password: string) => Record<string, unknown>) => {
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const ip = freshIp();
    const guess = (password: string) =>
      t.call('POST', path, body(password), { token, headers: { 'x-forwarded-for': ip } });
    return { email, token, ip, guess };
  };
  const checksDuring = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const before = scrypt.checks;
    const result = await work();
    return [result, scrypt.checks - before];
  };

  it('gives 40 simultaneous logins from one address 5 password checks; the right one at 38 is refused', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const ip = freshIp();
    const [replies, checks] = await checksDuring(() =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) => login(t, email, i === 37 ? 'secret-123' : `wrong-${i}`, ip)),
      ),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(0);
    expect(replies[37]!.body.code).toBe('AUTH_LOGIN_LOCKED');
    expect((await login(t, email, 'secret-123', ip)).body.code).toBe('AUTH_LOGIN_LOCKED');
  });

  it('checks no more than 5 of 200 simultaneous wrong guesses', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const ip = freshIp();
    const [replies, checks] = await checksDuring(() =>
      Promise.all(Array.from({ length: 200 }, (_, i) => login(t, email, `wrong-${i}`, ip))),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.body.code === 'AUTH_LOGIN_FAILED').length).toBeLessThanOrEqual(5);
    expect(replies.every((r) => r.status === 200)).toBe(true);
  });

  it('pauses an account guessed from many addresses, with growing back-off; a reset lets the owner in', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    // 80 guesses from 20 addresses at once: 10 are checked, then the account is paused everywhere.
    const ips = Array.from({ length: 20 }, () => freshIp());
    const [guesses, checks] = await checksDuring(() =>
      Promise.all(ips.flatMap((ip, i) => [1, 2, 3, 4].map((k) => login(t, email, `guess-${i}-${k}`, ip)))),
    );
    expect(checks).toBeLessThanOrEqual(10);
    expect(guesses.filter((g) => g.body.code === 'AUTH_ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(70);
    const paused = await login(t, email, 'secret-123', freshIp());
    expect(paused.body.code).toBe('AUTH_ACCOUNT_LOCKED');
    expect(paused.body.message).toContain('about 15 min');
    // A back-off, not a permanent lock.
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(t, email, 'secret-123', freshIp())).body.type).toBe('ok');
    // The next pause within a day is twice as long.
    for (let i = 0; i < 9; i++)
      expect((await login(t, email, 'wrong-pass', freshIp())).body.code).toBe('AUTH_LOGIN_FAILED');
    const second = await login(t, email, 'wrong-pass', freshIp());
    expect(second.body.code).toBe('AUTH_ACCOUNT_LOCKED');
    expect(second.body.message).toContain('about 30 min');
    // The owner gets in at once with a code sent to the account.
    const ip = freshIp();
    pastResend(t);
    await t.call('POST', '/api/sms_mail', { user_string: email, type: 'forget' }, fromIp(ip));
    const code = await lastCode(t, email);
    const reset = await t.call(
      'POST',
      '/api/user/forget',
      { account: email, password: 'reset-pass', repassword: 'reset-pass', code },
      fromIp(ip),
    );
    expect(reset.body.type).toBe('ok');
    expect((await login(t, email, 'reset-pass', ip)).body.type).toBe('ok');
  });

  it('counts unknown accounts across addresses the same way', async () => {
    const t = getApp();
    for (let i = 0; i < 9; i++) await login(t, 'ghost-many@example.com', 'wrong-pass', freshIp());
    expect((await login(t, 'ghost-many@example.com', 'wrong-pass', freshIp())).body.code).toBe(
      'AUTH_ACCOUNT_LOCKED',
    );
  });

  it('limits password guesses through user/setaccount like logins (30 at once, then the right one)', async () => {
    const t = getApp();
    const { email, token, ip, guess } = await guesser(t, '/api/user/setaccount', (password) => ({
      account: 'Mallory',
      password,
      repassword: password,
    }));
    const [replies, checks] = await checksDuring(() =>
      Promise.all(Array.from({ length: 30 }, (_, i) => guess(`wrong-${i}`))),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.body.code === 'AUTH_LOGIN_LOCKED').length).toBeGreaterThanOrEqual(25);
    expect((await guess('secret-123')).body.code).toBe('AUTH_LOGIN_LOCKED');
    expect((await t.call('GET', '/api/user/center', undefined, { token })).body.message.nickname).not.toBe(
      'Mallory',
    );
    // The same counters as logging in from that address.
    expect((await login(t, email, 'secret-123', ip)).body.code).toBe('AUTH_LOGIN_LOCKED');
  });

  it('limits change_password guesses the same way', async () => {
    const t = getApp();
    const { guess: change } = await guesser(t, '/api/user/change_password', (old_password) => ({
      old_password,
      password: 'taken-over',
      re_password: 'taken-over',
    }));
    const [, checks] = await checksDuring(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => change(`wrong-${i}`))),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect((await change('secret-123')).body.code).toBe('AUTH_LOGIN_LOCKED');
  });

  it('checks no more than 5 of 20 simultaneous transaction passwords', async () => {
    const t = getApp();
    const { id } = await registerAndLogin(t, newEmail());
    await t.app.ctx.db
      .updateTable('users')
      .set({ trade_password_hash: await hashPassword('trade-123', TEST_HASH_LOG2N) })
      .where('id', '=', id)
      .execute();
    // An attacker's burst: only wrong answers count, and no more are checked than the five it has left.
    // (A right answer in such a burst is the owner's, who may be served: see the suite below.)
    const [results, checks] = await checksDuring(() =>
      Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => requireTradePassword(t.app.ctx, id, `wrong-${i}`)),
      ),
    );
    expect(checks).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(0);
    // Then locked: the right password too, for the lock's 15 minutes.
    await expect(requireTradePassword(t.app.ctx, id, 'trade-123')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_LOCKED',
    });
  });
});

describeEachDb('auth: locks count wrong answers only, and never lock the owner out', (getApp) => {
  const counter = (t: TestApp, key: string) =>
    t.app.ctx.db.selectFrom('auth_counters').selectAll().where('counter_key', '=', key).executeTakeFirst();
  const withTwoFactor = async (t: TestApp, email: string) => {
    const id = await t.userId(email);
    const secret = newTotpSecret();
    await t.app.ctx.db
      .insertInto('user_security')
      .values({ user_id: id, totp_secret: secret, totp_enabled_at: t.clock.now(), updated_at: 0 })
      .execute();
    return { id, code: () => totpNow(secret, t.clock.now()) };
  };

  it('lets 12 simultaneous right logins from one address all in', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const ip = freshIp();
    const replies = await Promise.all(Array.from({ length: 12 }, () => login(t, email, 'secret-123', ip)));
    expect(replies.map((r) => r.body.type)).toEqual(Array(12).fill('ok'));
    expect(await counter(t, `login-user:${await t.userId(email)}`)).toBeUndefined();
  });

  it('answers 8 simultaneous right transaction passwords, none locked', async () => {
    const t = getApp();
    const { id } = await registerAndLogin(t, newEmail());
    await t.app.ctx.db
      .updateTable('users')
      .set({ trade_password_hash: await hashPassword('trade-123', TEST_HASH_LOG2N) })
      .where('id', '=', id)
      .execute();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => requireTradePassword(t.app.ctx, id, 'trade-123')),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    await expect(requireTradePassword(t.app.ctx, id, 'trade-123')).resolves.toBeUndefined();
  });

  it('burns no two-factor attempts when a login is sent twice at once', async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    const { id, code } = await withTwoFactor(t, email);
    for (let round = 0; round < 6; round++) {
      const totp = await code();
      const body = { user_string: email, password: 'secret-123', totp_code: totp };
      const ip = freshIp();
      const [a, b] = await Promise.all([
        t.call('POST', '/api/user/login', body, fromIp(ip)),
        t.call('POST', '/api/user/login', body, fromIp(ip)),
      ]);
      expect([a.body.type, b.body.type].filter((x) => x === 'ok')).toHaveLength(1);
      expect([a, b].find((r) => r.body.type !== 'ok')!.body.code).toBe('TWO_FACTOR_INVALID');
      expect((await counter(t, `2fa:${id}`))?.attempts ?? 0).toBe(0);
      t.clock.advance(30_000); // the next step's code
    }
    // Wrong codes still count.
    const wrong = await t.call('POST', '/api/user/login', {
      user_string: email,
      password: 'secret-123',
      totp_code: '000000',
    });
    expect(wrong.body.code).toBe('TWO_FACTOR_INVALID');
    expect((await counter(t, `2fa:${id}`))?.attempts).toBe(1);
  });

  it("lets the owner in past an attacker's pause with the right password and a second factor", async () => {
    const t = getApp();
    const email = newEmail();
    await registerUser(t, email);
    for (let i = 0; i < 10; i++) await login(t, email, `guess-${i}`, freshIp());
    const ownerIp = freshIp();
    expect((await login(t, email, 'secret-123', ownerIp)).body.code).toBe('AUTH_ACCOUNT_LOCKED');
    // The attacker gains nothing: a wrong login code, or a code with a wrong password, is refused.
    const attacker = freshIp();
    const attempt = (body: Record<string, unknown>, ip: string) =>
      t.call('POST', '/api/user/login', { user_string: email, ...body }, fromIp(ip));
    expect((await attempt({ password: 'secret-123', sms_code: '123456' }, attacker)).body.code).toBe(
      'CODE_INVALID',
    );
    expect((await attempt({ password: 'secret-123', totp_code: '123456' }, attacker)).body.code).toBe(
      'TWO_FACTOR_INVALID',
    );
    // The owner asks for a login code sent to the account, and gets in with it and the password.
    pastResend(t);
    await t.call('POST', '/api/sms_mail', { user_string: email, scene: 'login' }, fromIp(ownerIp));
    const code = await lastCode(t, email);
    expect((await attempt({ password: 'wrong-again', sms_code: code }, ownerIp)).body.code).toBe(
      'AUTH_LOGIN_FAILED',
    );
    const inside = await attempt({ password: 'secret-123', sms_code: code }, ownerIp);
    expect(inside.body.type).toBe('ok');
    // Spent: the same code does not open a second session.
    expect((await attempt({ password: 'secret-123', sms_code: code }, ownerIp)).body.code).toBe(
      'CODE_INVALID',
    );
    // Others are still paused.
    expect((await login(t, email, 'secret-123', freshIp())).body.code).toBe('AUTH_ACCOUNT_LOCKED');

    // With two-factor on, the authenticator's code is the second factor.
    const { code: totp } = await withTwoFactor(t, email);
    t.clock.advance(30_000);
    const viaTotp = await attempt({ password: 'secret-123', totp_code: await totp() }, freshIp());
    expect(viaTotp.body.type).toBe('ok');
  });
});
