import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RESEND_SECONDS } from '@oryx/contracts/auth/calls';
import { describeEachDb, startTestApp, type TestApp } from '../../../test/harness';
import { MASKED_CODE } from './delivery';
import { freshIp, fromIp, lastCode, outboxCount, pastResend, registerAndLogin } from '../../../test/accounts';

const mail = (t: TestApp, body: Record<string, unknown>, ip = freshIp(), token?: string) =>
  t.call('POST', '/api/sms_mail', body, { ...fromIp(ip), ...(token ? { token } : {}) });
const sms = (t: TestApp, body: Record<string, unknown>, ip = freshIp(), token?: string) =>
  t.call('POST', '/api/sms_send', body, { ...fromIp(ip), ...(token ? { token } : {}) });

let n = 0;
const newEmail = () => `codes-${++n}-${Date.now()}@example.com`;

describeEachDb('codes: sending, limits, checking', (getApp) => {
  it('sends a random 6-digit code through the sandbox outbox and stores only a salted hash', async () => {
    const t = getApp();
    const email = newEmail();
    const res = await mail(t, { user_string: email.toUpperCase(), scene: 'register' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'ok', message: 'Verification code sent' });
    const code = await lastCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await t.app.ctx.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('destination', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{16}\$[0-9a-f]{64}$/);
    expect(row.expires_at - row.created_at).toBe(10 * 60_000);
    const msg = await t.app.ctx.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('destination', '=', email)
      .executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ channel: 'email', scene: 'register' });
    expect(msg.body).toContain(code);
  });

  it('normalizes phone numbers and area codes (+66, 0-prefixed local numbers)', async () => {
    const t = getApp();
    const res = await sms(t, {
      user_string: '0812 345-601',
      scene: 'register',
      area_code: '+66',
      area_code_id: 0,
    });
    expect(res.body.type).toBe('ok');
    expect(await lastCode(t, '+66 812345601')).toMatch(/^\d{6}$/);
    const login = await sms(t, { user_string: '812345602', scene: 'register', country_code: '+86' });
    expect(login.body.type).toBe('ok');
    expect(await lastCode(t, '+86 812345602')).toMatch(/^\d{6}$/);
  });

  it.each([
    ['an empty account', '/api/sms_mail', { user_string: '', scene: 'register' }, 'AUTH_ACCOUNT_REQUIRED'],
    [
      'a malformed e-mail',
      '/api/sms_mail',
      { user_string: 'nobody@', scene: 'register' },
      'AUTH_EMAIL_INVALID',
    ],
    [
      'an e-mail without a TLD',
      '/api/sms_mail',
      { user_string: 'a@b', scene: 'register' },
      'AUTH_EMAIL_INVALID',
    ],
    [
      'letters as a phone number',
      '/api/sms_send',
      { user_string: 'abc', scene: 'register' },
      'AUTH_PHONE_INVALID',
    ],
    [
      'a too short phone number',
      '/api/sms_send',
      { user_string: '1234', scene: 'register' },
      'AUTH_PHONE_INVALID',
    ],
    [
      'an unknown area code',
      '/api/sms_send',
      { user_string: '812345678', scene: 'register', area_code: '999' },
      'AUTH_AREA_CODE_INVALID',
    ],
    ['an unknown scene', '/api/sms_mail', { user_string: 'x@example.com', scene: 'hack' }, 'VALIDATION'],
    ['binding by SMS', '/api/sms_send', { user_string: '812345678', scene: 'bind' }, 'AUTH_REQUIRED'],
  ])('refuses %s', async (_name, url, body, code) => {
    const t = getApp();
    const res = await t.call('POST', url, body, fromIp(freshIp()));
    expect(res.body).toMatchObject({ type: code === 'AUTH_REQUIRED' ? '999' : 'error', code });
  });

  it('allows one send per destination per 60 s, whatever the scene of the last code', async () => {
    const t = getApp();
    const email = newEmail();
    expect((await mail(t, { user_string: email, scene: 'register' })).body.type).toBe('ok');
    t.clock.advance(20_000);
    const soon = await mail(t, { user_string: email, scene: 'login' });
    expect(soon.status).toBe(200);
    expect(soon.body).toMatchObject({ type: 'error', code: 'CODE_TOO_SOON' });
    expect(soon.body.message).toContain('40');
    t.clock.advance(40_000);
    expect((await mail(t, { user_string: email, scene: 'register' })).body.type).toBe('ok');
  });

  it('waits 31 s before a password-reset code, the countdown of the reset page', async () => {
    const t = getApp();
    const email = newEmail();
    await registerAndLogin(t, email);
    pastResend(t);
    expect(CODE_RESEND_SECONDS.forget).toBe(31);
    expect((await mail(t, { user_string: email, type: 'forget' })).body.type).toBe('ok');
    t.clock.advance(30_000);
    const soon = await mail(t, { user_string: email, type: 'forget' });
    expect(soon.body).toMatchObject({ type: 'error', code: 'CODE_TOO_SOON' });
    t.clock.advance(1_000);
    expect((await mail(t, { user_string: email, type: 'forget' })).body.type).toBe('ok');
    // Another scene after a reset code still waits its own 60 s.
    t.clock.advance(31_000);
    expect((await mail(t, { user_string: email, scene: 'login' })).body.code).toBe('CODE_TOO_SOON');
  });

  it('limits sends per destination per hour', async () => {
    const t = getApp();
    const email = newEmail();
    for (let i = 0; i < 5; i++) {
      expect((await mail(t, { user_string: email, scene: 'register' })).body.type).toBe('ok');
      pastResend(t);
    }
    const over = await mail(t, { user_string: email, scene: 'register' });
    expect(over.body.code).toBe('CODE_LIMIT_DESTINATION');
    t.clock.advance(3600_000);
    expect((await mail(t, { user_string: email, scene: 'register' })).body.type).toBe('ok');
  });

  it('limits sends per client address per hour, across destinations', async () => {
    const t = getApp();
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect((await mail(t, { user_string: newEmail(), scene: 'register' }, ip)).body.type).toBe('ok');
    }
    expect((await mail(t, { user_string: newEmail(), scene: 'register' }, ip)).body.code).toBe(
      'CODE_LIMIT_IP',
    );
    expect((await mail(t, { user_string: newEmail(), scene: 'register' }, freshIp())).body.type).toBe('ok');
    t.clock.advance(3600_000);
    expect((await mail(t, { user_string: newEmail(), scene: 'register' }, ip)).body.type).toBe('ok');
  });

  it('checks a code without using it; it then works once, and never again', async () => {
    const t = getApp();
    const email = newEmail();
    const ip = freshIp();
    await mail(t, { user_string: email, scene: 'register' }, ip);
    const code = await lastCode(t, email);
    for (let i = 0; i < 2; i++) {
      const check = await t.call(
        'POST',
        '/api/user/check_email',
        { email_code: code, user_string: email },
        fromIp(ip),
      );
      expect(check.body).toEqual({ type: 'ok', message: 'The code is correct' });
    }
    // Clients send only the code: the destination is the last one this address asked a code for.
    expect((await t.call('POST', '/api/user/check_email', { email_code: code }, fromIp(ip))).body.type).toBe(
      'ok',
    );
    expect(
      (await t.call('POST', '/api/user/check_email', { email_code: code }, fromIp(freshIp()))).body.code,
    ).toBe('CODE_INVALID');
    const register = (c: string) =>
      t.call(
        'POST',
        '/api/user/register',
        {
          type: 'email',
          user_string: email,
          code: c,
          password: 'secret-123',
          re_password: 'secret-123',
          extension_code: 'DEMO0001',
        },
        fromIp(ip),
      );
    expect((await register(code)).body.type).toBe('ok');
    const again = await t.call(
      'POST',
      '/api/user/check_email',
      { email_code: code, user_string: email },
      fromIp(ip),
    );
    expect(again.body.code).toBe('CODE_INVALID');
  });

  it('checks SMS codes by phone number and area code', async () => {
    const t = getApp();
    const ip = freshIp();
    await sms(t, { user_string: '0891234567', scene: 'register', area_code: '66' }, ip);
    const code = await lastCode(t, '+66 891234567');
    const named = await t.call('POST', '/api/user/check_mobile', {
      mobile_code: code,
      user_string: '891234567',
      area_code: '+66',
    });
    expect(named.body.type).toBe('ok');
    expect(
      (await t.call('POST', '/api/user/check_mobile', { mobile_code: code }, fromIp(ip))).body.type,
    ).toBe('ok');
    const otherArea = await t.call('POST', '/api/user/check_mobile', {
      mobile_code: code,
      user_string: '891234567',
      area_code: '62',
    });
    expect(otherArea.body.code).toBe('CODE_INVALID');
    expect((await t.call('POST', '/api/user/check_mobile', { mobile_code: '' })).body.code).toBe(
      'AUTH_CODE_REQUIRED',
    );
  });

  it('spends a code after 5 wrong tries, so guessing stops there', async () => {
    const t = getApp();
    const email = newEmail();
    await mail(t, { user_string: email, scene: 'register' });
    const code = await lastCode(t, email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/user/check_email', {
        email_code: wrong,
        user_string: email,
        scene: 'register',
      });
      expect(r.body.code).toBe('CODE_INVALID');
    }
    const right = await t.call('POST', '/api/user/check_email', {
      email_code: code,
      user_string: email,
      scene: 'register',
    });
    expect(right.body.code).toBe('CODE_INVALID');
  });

  it('expires codes after 10 minutes, and a newer code replaces the older one', async () => {
    const t = getApp();
    const email = newEmail();
    await mail(t, { user_string: email, scene: 'register' });
    const first = await lastCode(t, email);
    pastResend(t);
    await mail(t, { user_string: email, scene: 'register' });
    const second = await lastCode(t, email);
    const check = (c: string) =>
      t.call('POST', '/api/user/check_email', { email_code: c, user_string: email });
    if (first !== second) expect((await check(first)).body.code).toBe('CODE_INVALID');
    expect((await check(second)).body.type).toBe('ok');
    t.clock.advance(10 * 60_000);
    expect((await check(second)).body.code).toBe('CODE_INVALID');
  });

  it('answers the same whether or not an account exists (no enumeration), and sends accordingly', async () => {
    const t = getApp();
    const known = 'demo1@oryx.local';
    const unknown = newEmail();
    for (const scene of ['register', 'forget', 'login']) {
      const before = { known: await outboxCount(t, known), unknown: await outboxCount(t, unknown) };
      const a = await mail(t, { user_string: known, scene });
      const b = await mail(t, { user_string: unknown, scene });
      expect([a.status, a.body]).toEqual([b.status, b.body]);
      const after = { known: await outboxCount(t, known), unknown: await outboxCount(t, unknown) };
      if (scene === 'register') {
        // The owner of an existing account gets a notice without a code; the new address gets a code.
        expect(after.known).toBe(before.known + 1);
        expect(await lastCode(t, known)).toBe('');
        expect(await lastCode(t, unknown)).toMatch(/^\d{6}$/);
      } else {
        // Reset and login codes go only to existing accounts.
        expect(after.unknown).toBe(before.unknown);
        expect(after.known).toBe(before.known + 1);
        expect(await lastCode(t, known)).toMatch(/^\d{6}$/);
      }
      pastResend(t);
    }
  });

  it('sends own-address codes (transaction password, addresses, bank card, payment details) only to the logged-in user, and bind codes only to free addresses', async () => {
    const t = getApp();
    const { token } = await registerAndLogin(t, newEmail());
    const me = (await t.call('GET', '/api/user/info', undefined, { token })).body.message.email as string;
    for (const scene of ['safe', 'trade_password', 'bank', 'payment']) {
      expect((await mail(t, { user_string: me, scene })).body.code).toBe('AUTH_REQUIRED');
      pastResend(t); // the registration code (or the last scene's) went to the same address
      expect((await mail(t, { user_string: me, scene }, freshIp(), token)).body.type).toBe('ok');
      expect((await mail(t, { user_string: 'demo2@oryx.local', scene }, freshIp(), token)).body.code).toBe(
        'FORBIDDEN',
      );
    }
    const before = await outboxCount(t, 'demo2@oryx.local');
    const taken = await mail(t, { user_string: 'demo2@oryx.local' }, freshIp(), token);
    const free = await mail(t, { user_string: newEmail() }, freshIp(), token);
    expect(taken.body).toEqual(free.body);
    expect(await outboxCount(t, 'demo2@oryx.local')).toBe(before + 1);
    expect(await lastCode(t, 'demo2@oryx.local')).toBe('');
  });
});

describeEachDb('codes: the operator outbox', (getApp) => {
  it("is the administrator's alone, newest first, filtered by destination; every read is audited", async () => {
    const t = getApp();
    const email = `outbox-${Date.now()}@example.com`;
    await mail(t, { user_string: email, scene: 'register' });
    expect((await t.call('GET', '/api/admin/outbox')).body.type).toBe('999');
    for (const who of ['demo1@oryx.local', 'auditor@oryx.local', 'operator@oryx.local']) {
      const token = await t.tokenFor(who);
      const refused = await t.call('GET', '/api/admin/outbox', { destination: email }, { token });
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    const audited = () =>
      t.app.ctx.db
        .selectFrom('staff_audit_log')
        .selectAll()
        .where('call', '=', '/api/admin/outbox')
        .orderBy('id')
        .execute();
    const before = (await audited()).length;
    const admin = await t.tokenFor('admin@oryx.local');
    const res = await t.call('GET', '/api/admin/outbox', { destination: email }, { token: admin });
    expect(res.body.type).toBe('ok');
    expect(res.body.message.list).toHaveLength(1);
    expect(res.body.message.list[0]).toMatchObject({
      channel: 'email',
      destination: email,
      scene: 'register',
    });
    expect(res.body.message.list[0].code).toMatch(/^\d{6}$/);
    await t.call('GET', '/api/admin/outbox', undefined, { token: admin });
    const rows = await audited();
    expect(rows).toHaveLength(before + 2);
    const adminId = await t.userId('admin@oryx.local');
    expect(rows.at(-2)).toMatchObject({
      actor_id: adminId,
      outcome: 'ok',
      subject: 'outbox',
      subject_id: email,
    });
    expect(rows.at(-1)).toMatchObject({
      actor_id: adminId,
      outcome: 'ok',
      subject: 'outbox',
      subject_id: '',
    });
  });
});

describe('codes: production keeps no readable code and never answers from a sandbox', () => {
  it('has no outbox call, blanks codes of sandboxed e-mail, and refuses every phone path', async () => {
    const t = await startTestApp('sqlite', { demo: false });
    try {
      expect((await t.call('GET', '/api/admin/outbox')).status).toBe(404);
      const email = newEmail();
      expect((await mail(t, { user_string: email, scene: 'register' })).body.type).toBe('ok');
      const msg = await t.app.ctx.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('destination', '=', email)
        .executeTakeFirstOrThrow();
      expect(msg.code).toBe('');
      expect(msg.body).not.toMatch(/\d{6}/);
      expect(msg.body).toContain(MASKED_CODE);

      const env = await t.call('GET', '/api/env.json');
      expect(env.body.sms_available).toBe(false);
      const phone = { user_string: '0891234567', area_code: '66' };
      expect((await sms(t, { ...phone, scene: 'register' })).body.code).toBe('SMS_UNAVAILABLE');
      expect((await sms(t, { ...phone, type: 'forget' })).body.code).toBe('SMS_UNAVAILABLE');
      const register = await t.call('POST', '/api/user/register', {
        type: 'mobile',
        ...phone,
        code: '123456',
        password: 'secret-123',
        re_password: 'secret-123',
        extension_code: 'ANYCODE1',
      });
      expect(register.body.code).toBe('AUTH_INVITE_INVALID'); // no inviter in an empty exchange
      const forget = await t.call('POST', '/api/user/forget', {
        account: '0891234567',
        area_code: '66',
        code: '123456',
        password: 'secret-456',
        repassword: 'secret-456',
      });
      expect(forget.body.code).toBe('SMS_UNAVAILABLE');
      const rows = await t.app.ctx.db
        .selectFrom('verification_codes')
        .select('id')
        .where('channel', '=', 'sms')
        .execute();
      expect(rows).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with the SMS sandbox chosen in production', async () => {
    await expect(startTestApp('sqlite', { demo: false, env: { SMS_ADAPTER: 'sandbox' } })).rejects.toThrow(
      /demo mode only/,
    );
  });
});

/** A local stand-in for Twilio's Messages API: records each request and answers as told. */
async function fakeTwilio() {
  const requests: { path: string; authorization: string; form: URLSearchParams }[] = [];
  let answer: 'ok' | 'error' | 'hang' = 'ok';
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        form: new URLSearchParams(body),
      });
      res.setHeader('content-type', 'application/json');
      if (answer === 'hang') return void hung.push(res);
      if (answer === 'error') {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number is not a valid phone number.",
            status: 400,
          }),
        );
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${requests.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (a: typeof answer) => (answer = a),
    close: async () => {
      for (const r of hung) r.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('codes: the Twilio SMS adapter', () => {
  let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await fakeTwilio();
    t = await startTestApp('sqlite', {
      env: {
        TWILIO_ACCOUNT_SID: 'AC0123',
        TWILIO_AUTH_TOKEN: 'tok3n',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: twilio.url,
        SMS_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });
  const phone = { user_string: '0891230001', area_code: '66' };
  const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1] ?? '';
  const check = (code: string) =>
    t.call('POST', '/api/user/check_mobile', {
      mobile_code: code,
      user_string: '891230001',
      area_code: '66',
      scene: 'register',
    });

  it('sends through the provider: a form POST with basic auth; nothing goes to the sandbox', async () => {
    expect((await t.call('GET', '/api/env.json')).body.sms_available).toBe(true);
    const res = await sms(t, { ...phone, scene: 'register' });
    expect(res.body.type).toBe('ok');
    const sent = twilio.requests.at(-1)!;
    expect(sent.path).toBe('/2010-04-01/Accounts/AC0123/Messages.json');
    expect(sent.authorization).toBe(`Basic ${Buffer.from('AC0123:tok3n').toString('base64')}`);
    expect(sent.form.get('To')).toBe('+66891230001');
    expect(sent.form.get('From')).toBe('+15005550006');
    expect((await check(codeIn(sent.form.get('Body')!))).body.type).toBe('ok');
    expect(await outboxCount(t, '+66 891230001')).toBe(0);
  });

  it('tells the user when the provider refuses or does not answer; the code sent before stays valid', async () => {
    pastResend(t);
    twilio.answer('ok');
    expect((await sms(t, { ...phone, scene: 'register' })).body.type).toBe('ok');
    const valid = codeIn(twilio.requests.at(-1)!.form.get('Body')!);
    pastResend(t);

    twilio.answer('error');
    const refused = await sms(t, { ...phone, scene: 'register' });
    expect(refused.body).toMatchObject({ type: 'error', code: 'SMS_SEND_FAILED' });
    const refusedCode = codeIn(twilio.requests.at(-1)!.form.get('Body')!);
    expect((await check(valid)).body.type).toBe('ok');
    if (refusedCode !== valid) expect((await check(refusedCode)).body.code).toBe('CODE_INVALID');

    // A timeout: no pause after a failure, the user may ask again at once.
    twilio.answer('hang');
    const timedOut = await sms(t, { ...phone, scene: 'register' });
    expect(timedOut.body).toMatchObject({ type: 'error', code: 'SMS_SEND_FAILED' });
    expect((await check(valid)).body.type).toBe('ok');

    // Still valid for the registration it was sent for: not spent by the failures.
    const reg = await t.call('POST', '/api/user/register', {
      type: 'mobile',
      ...phone,
      code: valid,
      password: 'secret-123',
      re_password: 'secret-123',
      extension_code: 'DEMO0001',
    });
    expect(reg.body.type).toBe('ok');
    twilio.answer('ok');
  });
});

describe('codes: adapter selection', () => {
  it('uses SMTP for e-mail when configured and keeps SMS in the sandbox in demo mode', async () => {
    const { createDeliveries, SandboxDelivery, SmtpDelivery } = await import('./delivery');
    const demo = { ORYX_MODE: 'demo', SMS_ADAPTER: 'auto' };
    const base = {
      env: { ...demo, MAIL_ADAPTER: 'auto', SMTP_URL: undefined, SMTP_FROM: 'x <x@y.z>' },
    } as never;
    const sandbox = createDeliveries(base);
    expect(sandbox.email).toBeInstanceOf(SandboxDelivery);
    const withSmtp = createDeliveries({
      env: { ...demo, MAIL_ADAPTER: 'auto', SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'x <x@y.z>' },
    } as never);
    expect(withSmtp.email).toBeInstanceOf(SmtpDelivery);
    expect(withSmtp.sms).toBeInstanceOf(SandboxDelivery);
    expect(() =>
      createDeliveries({ env: { ...demo, MAIL_ADAPTER: 'smtp', SMTP_FROM: 'x' } } as never),
    ).toThrow(/SMTP_URL/);
  });

  it('has no SMS in production without a provider, Twilio with one, and needs its settings', async () => {
    const { createDeliveries } = await import('./delivery');
    const { NoSms, TwilioSms } = await import('./sms');
    const prod = { ORYX_MODE: 'production', SMS_ADAPTER: 'auto', MAIL_ADAPTER: 'sandbox', SMTP_FROM: 'x' };
    expect(createDeliveries({ env: prod } as never).sms).toBeInstanceOf(NoSms);
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+1500',
      TWILIO_API_URL: 'http://x',
    };
    expect(createDeliveries({ env: { ...prod, ...twilio } } as never).sms).toBeInstanceOf(TwilioSms);
    expect(() =>
      createDeliveries({ env: { ...prod, SMS_ADAPTER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' } } as never),
    ).toThrow(/TWILIO_AUTH_TOKEN/);
  });
});
