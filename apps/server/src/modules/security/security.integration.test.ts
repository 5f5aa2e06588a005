/**
 * Two-factor authentication end to end (setup, confirmation, every login path, single-use codes, recovery
 * codes, the lock, the actions it protects), open sessions and login history, the anti-phishing phrase in
 * e-mails, and an operator's freeze.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp, TEST_HASH_LOG2N } from '../../../test/harness';
import { fromIp, freshIp, lastCode, registerAndLogin } from '../../../test/accounts';
import type { RecordingRealtime } from '../../realtime/realtime';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { hashPassword } from '../auth/password';
import { totpNow } from '../auth/two-factor';
import { sandboxAddress } from '../funding/chain/sandbox';

let n = 0;
const newEmail = () => `sec-${++n}-${Date.now()}@example.com`;
const PASSWORD = 'secret-123';
const STEP = 30_000;

async function withTwoFactor(t: TestApp) {
  const email = newEmail();
  const { token, id } = await registerAndLogin(t, email);
  const setup = await t.call('POST', '/api/security/2fa/setup', {}, { token });
  expect(setup.body.type).toBe('ok');
  const { secret, uri, qr } = setup.body.message as { secret: string; uri: string; qr: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/Oryx:.+secret=/);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const code = () => totpNow(secret, t.clock.now());
  const confirm = await t.call(
    'POST',
    '/api/security/2fa/confirm',
    { code: await code(), password: PASSWORD },
    { token },
  );
  expect(confirm.body.type).toBe('ok');
  const recovery = confirm.body.message.recovery_codes as string[];
  t.clock.advance(STEP); // the confirming code is spent: the next one belongs to the next step
  return { email, token, id, secret, code, recovery };
}

const login = (t: TestApp, email: string, totp_code?: string, path = '/api/user/login') =>
  t.call('POST', path, { user_string: email, password: PASSWORD, totp_code }, fromIp(freshIp()));

describeEachDb('security: two-factor, sessions, anti-phishing, freeze', (getApp) => {
  it('is confirmed with a current code, then required at every login path; each code works once', async () => {
    const t = getApp();
    const u = await withTwoFactor(t);
    expect(u.recovery).toHaveLength(10);
    expect(u.recovery[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const overview = await t.call('GET', '/api/security/overview', undefined, { token: u.token });
    expect(overview.body.message).toEqual({ two_factor: true, recovery_left: 10, anti_phishing: '' });

    expect((await login(t, u.email)).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await login(t, u.email, '', '/api/Independent/points')).body.code).toBe('TWO_FACTOR_REQUIRED');
    const code = await u.code();
    expect((await login(t, u.email, code)).body.type).toBe('ok');
    // The same code again, on either path: spent.
    expect((await login(t, u.email, code)).body.code).toBe('TWO_FACTOR_INVALID');
    expect((await login(t, u.email, code, '/api/Independent/points')).body.code).toBe('TWO_FACTOR_INVALID');
    t.clock.advance(STEP);
    expect((await login(t, u.email, await u.code(), '/api/Independent/points')).body.type).toBe('ok');
    // A wrong password never reveals that a code is needed.
    const wrong = await t.call('POST', '/api/user/login', { user_string: u.email, password: 'nope-123' });
    expect(wrong.body.code).toBe('AUTH_LOGIN_FAILED');
  });

  it('one code sent twice at once logs in once', async () => {
    const t = getApp();
    const u = await withTwoFactor(t);
    const code = await u.code();
    const both = await Promise.all([login(t, u.email, code), login(t, u.email, code)]);
    expect(both.map((r) => r.body.type).sort()).toEqual(['error', 'ok']);
  });

  it('recovery codes work once each; five wrong codes lock the codes for 15 minutes', async () => {
    const t = getApp();
    const u = await withTwoFactor(t);
    const spare = u.recovery[3]!;
    expect((await login(t, u.email, spare.toLowerCase())).body.type).toBe('ok');
    expect((await login(t, u.email, spare)).body.code).toBe('TWO_FACTOR_INVALID');
    const left = await t.call('GET', '/api/security/overview', undefined, { token: u.token });
    expect(left.body.message.recovery_left).toBe(9);
    // A used code again is refused but is no wrong guess (a double submit burns nothing): four wrong codes,
    // then the fifth locks.
    for (let i = 0; i < 4; i++)
      expect((await login(t, u.email, '000000')).body.code).toBe('TWO_FACTOR_INVALID');
    expect((await login(t, u.email, '000000')).body.code).toBe('TWO_FACTOR_LOCKED');
    expect((await login(t, u.email, await u.code())).body.code).toBe('TWO_FACTOR_LOCKED');
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(t, u.email, await u.code())).body.type).toBe('ok');
  });

  it('guards password changes, turning it off and new recovery codes', async () => {
    const t = getApp();
    const u = await withTwoFactor(t);
    const change = { old_password: PASSWORD, password: 'secret-456', re_password: 'secret-456' };
    const noCode = await t.call('POST', '/api/user/change_password', change, {
      token: u.token,
      ...fromIp(freshIp()),
    });
    expect(noCode.body.code).toBe('TWO_FACTOR_REQUIRED');
    const fresh = await t.call(
      'POST',
      '/api/security/2fa/recovery_codes',
      { code: await u.code() },
      { token: u.token },
    );
    expect(fresh.body.message.recovery_codes).toHaveLength(10);
    expect((await login(t, u.email, u.recovery[0])).body.code).toBe('TWO_FACTOR_INVALID');
    t.clock.advance(STEP);
    expect(
      (
        await t.call(
          'POST',
          '/api/security/2fa/disable',
          { code: '', password: PASSWORD },
          { token: u.token },
        )
      ).body.code,
    ).toBe('TWO_FACTOR_REQUIRED');
    expect(
      (
        await t.call(
          'POST',
          '/api/security/2fa/disable',
          { code: fresh.body.message.recovery_codes[0], password: PASSWORD },
          { token: u.token },
        )
      ).body.type,
    ).toBe('ok');
    expect((await login(t, u.email)).body.type).toBe('ok');
  });

  it('guards withdrawals and withdrawal-address binding', async () => {
    const t = getApp();
    const u = await withTwoFactor(t);
    const { db } = t.app.ctx;
    await db
      .updateTable('users')
      .set({ trade_password_hash: await hashPassword('trade-123', TEST_HASH_LOG2N) })
      .where('id', '=', u.id)
      .execute();
    await runInTransaction(db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(u.id, 'change'),
        currencyId: 1,
        amountMinor: 1_000n * 100_000_000n,
        reason: 'wallet.demo_credit',
        ref: { type: 'test', id: u.email },
        at: t.clock.now(),
      }),
    );
    const to = sandboxAddress('elsewhere', 7);
    t.clock.advance(61_000); // past the resend interval of the codes sent before
    await t.call('POST', '/api/wallet/address_code', {}, { token: u.token });
    const code = await lastCode(t, u.email);
    const bind = (totp_code?: string) =>
      t.call(
        'POST',
        '/api/wallet/add_address',
        { currency: 1, type: 'erc20', address: to, code, totp_code },
        { token: u.token },
      );
    expect((await bind()).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await bind(await u.code())).body.type).toBe('ok');
    t.clock.advance(25 * 3_600_000);
    const out = (totp_code?: string) =>
      t.call(
        'POST',
        '/api/wallet/out',
        {
          currency: 1,
          type: 'erc20',
          address: to,
          number: '10',
          pay_password: 'trade-123',
          totp_code,
        },
        { token: u.token },
      );
    const before = await ledger.balance(db, userAccount(u.id, 'change'), 1);
    expect((await out()).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await ledger.balance(db, userAccount(u.id, 'change'), 1)).toEqual(before);
    expect((await out(await u.code())).body.type).toBe('ok');
  });

  it('lists open sessions and the login history; logs out one or all others, their sockets included', async () => {
    const t = getApp();
    const email = newEmail();
    const first = await registerAndLogin(t, email);
    const ua = {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
    };
    const second = await t.call(
      'POST',
      '/api/user/login',
      { user_string: email, password: PASSWORD },
      { headers: ua },
    );
    const third = await login(t, email);
    const token = first.token;
    const list = (await t.call('GET', '/api/security/sessions', undefined, { token })).body.message.list;
    // The sign-up's own session (registration logs the new user in) and the three logins.
    expect(list).toHaveLength(4);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.map((s: { device: string }) => s.device)).toContain('Safari · iOS');
    const recorded = t.app.ctx.realtime as RecordingRealtime;
    const before = recorded.ended.length;
    const secondId = list.find((s: { device: string }) => s.device === 'Safari · iOS').id;
    expect((await t.call('POST', '/api/security/sessions/end', { id: secondId }, { token })).body.type).toBe(
      'ok',
    );
    expect((await t.call('GET', '/api/user/info', undefined, { token: second.body.message })).body.type).toBe(
      '999',
    );
    expect(recorded.ended.slice(before)).toEqual([{ userId: first.id, sessionId: secondId }]);
    // Not theirs, or already ended: not found.
    expect((await t.call('POST', '/api/security/sessions/end', { id: secondId }, { token })).body.code).toBe(
      'NOT_FOUND',
    );
    const others = await t.call('POST', '/api/security/sessions/end_others', {}, { token });
    expect(others.body.message).toEqual({ ended: 2 });
    expect((await t.call('GET', '/api/user/info', undefined, { token: third.body.message })).body.type).toBe(
      '999',
    );
    expect((await t.call('GET', '/api/user/info', undefined, { token })).body.type).toBe('ok');
    const history = (await t.call('GET', '/api/security/logins', undefined, { token })).body.message.list;
    // Newest first: the third and second logins, this one, then the sign-up's session.
    expect(history.map((h: { state: string }) => h.state)).toEqual(['ended', 'ended', 'open', 'ended']);
    // Another user cannot end this user's session.
    const other = await registerAndLogin(t, newEmail());
    const mine = list.find((s: { current: boolean }) => s.current).id;
    expect(
      (await t.call('POST', '/api/security/sessions/end', { id: mine }, { token: other.token })).body.code,
    ).toBe('NOT_FOUND');
  });

  it('puts the anti-phishing phrase in every e-mail to the user', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const set = (phrase: string) => t.call('POST', '/api/security/anti_phishing', { phrase }, { token });
    expect((await set('no')).body.code).toBe('SECURITY_PHRASE_INVALID');
    expect((await set('<script>')).body.code).toBe('SECURITY_PHRASE_INVALID');
    expect((await set('Blue42Tiger')).body.type).toBe('ok');
    t.clock.advance(61_000); // past the resend wait after the registration code
    const sent = await t.call(
      'POST',
      '/api/sms_mail',
      { user_string: email, scene: 'forget' },
      fromIp(freshIp()),
    );
    expect(sent.body.type).toBe('ok');
    await lastCode(t, email);
    const mail = await t.app.ctx.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('destination', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('Blue42Tiger');
  });

  it('an operator’s login freeze (console) ends every session and refuses logins until lifted; users cannot freeze', async () => {
    const t = getApp();
    const email = newEmail();
    const u = await registerAndLogin(t, email);
    const admin = await t.tokenFor('admin@oryx.local');
    const freeze = (frozen: number, token = admin) =>
      t.call(
        'POST',
        '/api/admin/console/restrict',
        { id: u.id, login: frozen, trade: 0, withdraw: 0, reason: 'security review' },
        { token },
      );
    expect((await freeze(1, u.token)).body.code).toBe('FORBIDDEN');
    expect((await freeze(1)).body.type).toBe('ok');
    expect((await t.call('GET', '/api/user/info', undefined, { token: u.token })).body.type).toBe('999');
    expect((await login(t, email)).body.code).toBe('ACCOUNT_LOGIN_FROZEN');
    expect((await freeze(0)).body.type).toBe('ok');
    expect((await login(t, email)).body.type).toBe('ok');
  });
});
