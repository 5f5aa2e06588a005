import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { freshIp, fromIp, lastCode, pastResend } from '../../../test/accounts';

const ticket = () => crypto.randomBytes(24).toString('hex');
let n = 0;
const newEmail = () => `sandbox-${++n}-${Date.now()}@example.com`;

async function sendWithTicket(t: TestApp, email: string, scene: string, tk: string, ip = freshIp()) {
  const res = await t.call(
    'POST',
    '/api/sms_mail',
    { user_string: email, scene, sandbox_ticket: tk },
    fromIp(ip),
  );
  expect(res.body.type).toBe('ok');
  return res;
}
const readCode = (t: TestApp, tk: string) => t.call('POST', '/api/sandbox_code', { ticket: tk });

describe.each(DB_KINDS)('codes: the sandbox notice in demo mode [%s]', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  it('reads back the sign-up code delivered for the request that sent the ticket, and only it', async () => {
    const email = newEmail();
    const mine = ticket();
    await sendWithTicket(t, email, 'register', mine);
    const res = await readCode(t, mine);
    expect(res.body).toEqual({
      type: 'ok',
      message: { destination: email, scene: 'register', code: await lastCode(t, email) },
    });
    expect(res.body.message.code).toMatch(/^\d{6}$/);
    // Another ticket, a short one, or none reads nothing.
    expect((await readCode(t, ticket())).body.message).toBeNull();
    expect((await readCode(t, 'abc')).body.message).toBeNull();
    expect((await readCode(t, '')).body.message).toBeNull();
  });

  it("a request without a ticket, or another address's request, is not readable with mine", async () => {
    const mine = ticket();
    const email = newEmail();
    await sendWithTicket(t, email, 'register', mine);
    const other = newEmail();
    await t.call('POST', '/api/sms_mail', { user_string: other, scene: 'register' }, fromIp(freshIp()));
    expect((await readCode(t, mine)).body.message.destination).toBe(email);
    expect((await readCode(t, mine)).body.message.code).toBe(await lastCode(t, email));
  });

  it('shows a reset code for a trader, never for a staff account, and nothing for an address with no account', async () => {
    const trader = ticket();
    await sendWithTicket(t, 'demo2@oryx.local', 'forget', trader);
    expect((await readCode(t, trader)).body.message).toMatchObject({
      destination: 'demo2@oryx.local',
      scene: 'forget',
      code: await lastCode(t, 'demo2@oryx.local'),
    });
    const staff = ticket();
    await sendWithTicket(t, 'admin@oryx.local', 'forget', staff);
    expect(await lastCode(t, 'admin@oryx.local')).toMatch(/^\d{6}$/); // it went to the outbox
    expect((await readCode(t, staff)).body.message).toBeNull();
    const nobody = ticket();
    await sendWithTicket(t, newEmail(), 'forget', nobody);
    expect((await readCode(t, nobody)).body.message).toBeNull();
  });

  it("shows the transaction-password code sent to the logged-in user's own address", async () => {
    const tk = ticket();
    const token = await t.tokenFor('seller@oryx.local');
    const res = await t.call(
      'POST',
      '/api/sms_mail',
      { user_string: 'seller@oryx.local', scene: 'trade_password', sandbox_ticket: tk },
      { token, ...fromIp(freshIp()) },
    );
    expect(res.body.type).toBe('ok');
    expect((await readCode(t, tk)).body.message).toMatchObject({
      destination: 'seller@oryx.local',
      scene: 'trade_password',
      code: await lastCode(t, 'seller@oryx.local'),
    });
  });

  it("shows the withdrawal-address code sent to the logged-in user's own address", async () => {
    pastResend(t);
    const tk = ticket();
    const token = await t.tokenFor('demo2@oryx.local');
    const res = await t.call(
      'POST',
      '/api/wallet/address_code',
      { sandbox_ticket: tk },
      { token, ...fromIp(freshIp()) },
    );
    expect(res.body.type, JSON.stringify(res.body)).toBe('ok');
    expect((await readCode(t, tk)).body.message).toMatchObject({
      destination: 'demo2@oryx.local',
      scene: 'safe',
      code: await lastCode(t, 'demo2@oryx.local'),
    });
  });

  it('shows no notice for a sign-up to an address that has an account (its owner got a notice, no code)', async () => {
    const tk = ticket();
    await sendWithTicket(t, 'demo1@oryx.local', 'register', tk);
    expect((await readCode(t, tk)).body.message).toBeNull();
  });

  it('reads nothing once the code expired', async () => {
    const tk = ticket();
    await sendWithTicket(t, newEmail(), 'register', tk);
    expect((await readCode(t, tk)).body.message).not.toBeNull();
    t.clock.advance(10 * 60_000 + 1);
    expect((await readCode(t, tk)).body.message).toBeNull();
    pastResend(t);
  });

  it('after sign-up with the code read back, the reply logs the new user in', async () => {
    const email = newEmail();
    const ip = freshIp();
    const tk = ticket();
    await sendWithTicket(t, email, 'register', tk, ip);
    const { code } = (await readCode(t, tk)).body.message;
    const reg = await t.call(
      'POST',
      '/api/user/register',
      {
        type: 'email',
        user_string: email,
        code,
        password: 'secret-123',
        re_password: 'secret-123',
        extension_code: 'DEMO0001',
      },
      fromIp(ip),
    );
    expect(reg.body).toMatchObject({ type: 'ok', token: expect.any(String), id: expect.any(Number) });
    const info = await t.call('GET', '/api/user/info', undefined, { token: reg.body.token });
    expect(info.body.message.id).toBe(reg.body.id);
  });
});

describe('codes: no sandbox notice in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { demo: false, env: { MAIL_ADAPTER: 'sandbox' } });
  });
  afterAll(async () => t.close());

  it('has no reading call, and keeps no ticket on the request', async () => {
    const tk = ticket();
    const email = newEmail();
    await sendWithTicket(t, email, 'register', tk);
    const res = await readCode(t, tk);
    expect(res.body.type).not.toBe('ok');
    const rows = await t.app.ctx.db
      .selectFrom('verification_codes')
      .select('sandbox_ticket')
      .where('destination', '=', email)
      .execute();
    expect(rows).toEqual([{ sandbox_ticket: null }]);
  });
});
