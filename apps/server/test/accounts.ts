/**
 * Account helpers for integration tests: codes from the sandbox outbox, registration and login through
 * the real HTTP calls. Other areas may use them to make fresh users:
 *
 *   const { token, id } = await registerAndLogin(t, 'alice@example.com');
 */
import type { TestApp } from './harness';

let ipCounter = 0;
/** A fresh client address per call site, so the per-address limits of one test do not leak into another. */
export const freshIp = (): string => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

export const fromIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

/** The newest code the sandbox delivered to this destination ('' when none). */
export async function lastCode(t: TestApp, destination: string): Promise<string> {
  const row = await t.app.ctx.db
    .selectFrom('outbox_messages')
    .select(['code'])
    .where('destination', '=', destination)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? '';
}

export async function outboxCount(t: TestApp, destination: string): Promise<number> {
  const rows = await t.app.ctx.db
    .selectFrom('outbox_messages')
    .select('id')
    .where('destination', '=', destination)
    .execute();
  return rows.length;
}

/** Moves the clock past the per-destination resend pause. */
export const pastResend = (t: TestApp) => t.clock.advance(61_000);

export async function registerUser(
  t: TestApp,
  email: string,
  opts: { password?: string; invite?: string; ip?: string } = {},
): Promise<void> {
  const ip = opts.ip ?? freshIp();
  const sent = await t.call('POST', '/api/sms_mail', { user_string: email, scene: 'register' }, fromIp(ip));
  if (sent.body.type !== 'ok') throw new Error(`sms_mail: ${JSON.stringify(sent.body)}`);
  const password = opts.password ?? 'secret-123';
  const reg = await t.call(
    'POST',
    '/api/user/register',
    {
      type: 'email',
      user_string: email,
      code: await lastCode(t, email.toLowerCase()),
      password,
      re_password: password,
      extension_code: opts.invite ?? 'DEMO0001',
      area_code: '66',
      area_code_id: 0,
      nationality: 'Thailand',
    },
    fromIp(ip),
  );
  if (reg.body.type !== 'ok') throw new Error(`register: ${JSON.stringify(reg.body)}`);
}

export async function login(t: TestApp, account: string, password: string, ip = freshIp()) {
  const res = await t.call('POST', '/api/user/login', { user_string: account, password }, fromIp(ip));
  return res;
}

export async function registerAndLogin(
  t: TestApp,
  email: string,
  opts: { password?: string; invite?: string } = {},
): Promise<{ token: string; id: number }> {
  await registerUser(t, email, opts);
  const res = await login(t, email, opts.password ?? 'secret-123');
  if (res.body.type !== 'ok') throw new Error(`login: ${JSON.stringify(res.body)}`);
  return { token: res.body.message, id: res.body.id };
}
