/**
 * Account helpers for integration tests: codes from the sandbox outbox, registration and login through
 * the real HTTP calls. Other areas may use them to make fresh users:
 *
 *   const { token, id } = await registerAndLogin(t, 'alice@example.com');
 */
import zlib from 'node:zlib';
import { runDueJobs } from '../src/modules/scheduler/scheduler';
import { runInTransaction } from '../src/db/transaction';
import type { UserWallet } from '../src/modules/ledger/accounts';
import { ledger, systemAccount, userAccount } from '../src/modules/ledger/service';
import type { TestApp } from './harness';
import { TEST_HASH_LOG2N } from './harness';

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

/** A POST to one route as the token's user: `post(body)` answers as t.call does. */
export const postAs =
  (t: TestApp, token: string, path: string) =>
  (body: Record<string, unknown>): ReturnType<TestApp['call']> =>
    t.call('POST', path, body, { token });

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

/** A real 1×1 PNG (valid for browsers too), optionally padded so sizes can be tested. */
export function pngBytes(padTo = 0): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = zlib.deflateSync(Buffer.from([0, 0xf5, 0xa5, 0x24]));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
  ];
  const base = Buffer.concat([...parts, chunk('IEND', Buffer.alloc(0))]);
  if (padTo <= base.length) return base;
  // A private ancillary chunk carries the padding; decoders skip it.
  return Buffer.concat([
    ...parts,
    chunk('ruBb', Buffer.alloc(padTo - base.length - 12)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /api/upload with one multipart `file` part. */
export async function upload(
  t: TestApp,
  token: string | undefined,
  content: Buffer,
  opts: { filename?: string; contentType?: string } = {},
) {
  const boundary = `----oryx${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? 'a.png'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: token } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: string; code?: string } };
}

/**
 * A code of `scene` sent to the logged-in user's own `destination` (past the resend pause first), as the
 * account pages ask for one: `trade_password`, `bank`, `payment`, `safe`.
 */
export async function ownCode(
  t: TestApp,
  token: string,
  destination: string,
  scene: string,
): Promise<string> {
  pastResend(t);
  const res = await t.call(
    'POST',
    destination.startsWith('+') ? '/api/sms_send' : '/api/sms_mail',
    { user_string: destination.replace(/^\+\d+ /, ''), scene },
    { token, ...fromIp(freshIp()) },
  );
  if (res.body.type !== 'ok') throw new Error(`code (${scene}): ${JSON.stringify(res.body)}`);
  return lastCode(t, destination);
}

/**
 * Binds a bank card (`add_bank`) with its rules: a `bank` code to the user's e-mail and the login
 * password (`secret-123` unless given). With `effective`, the clock passes the cool-off and the job that
 * puts the card in effect runs, so payouts can reach it.
 */
export async function bindBankCard(
  t: TestApp,
  user: { token: string; email: string; password?: string },
  card: Record<string, unknown> & { receive_name: string; receive_account: string },
  opts: { effective?: boolean; totp_code?: string } = {},
) {
  const code = await ownCode(t, user.token, user.email, 'bank');
  const res = await t.call(
    'POST',
    '/api/user/add_bank',
    { ...card, code, password: user.password ?? 'secret-123', totp_code: opts.totp_code ?? '' },
    { token: user.token },
  );
  if (opts.effective && res.body.type === 'ok') await passCoolOff(t);
  return res;
}

/** `cash_save` with a `payment` code and the login password; `effective` as for bindBankCard. */
export async function savePaymentDetails(
  t: TestApp,
  user: { token: string; email: string; password?: string },
  details: Record<string, unknown>,
  opts: { effective?: boolean; totp_code?: string } = {},
) {
  const code = await ownCode(t, user.token, user.email, 'payment');
  const res = await t.call(
    'POST',
    '/api/user/cash_save',
    { ...details, code, password: user.password ?? 'secret-123', totp_code: opts.totp_code ?? '' },
    { token: user.token },
  );
  if (opts.effective && res.body.type === 'ok') await passCoolOff(t);
  return res;
}

/**
 * A USDT (ERC-20) withdrawal address bound and past its cool-off, written as `wallet/add_address` and
 * waiting leave it (that call needs a code and a second factor).
 */
export async function bindWithdrawAddress(t: TestApp, userId: number, address: string): Promise<void> {
  const db = t.app.ctx.db;
  const network = await db
    .selectFrom('funding_networks')
    .select('id')
    .where('currency_id', '=', 1)
    .where('type', '=', 'erc20')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('funding_withdraw_addresses')
    .values({
      user_id: userId,
      currency_id: 1,
      network_id: network.id,
      address,
      memo: '',
      created_at: t.clock.now(),
      usable_at: t.clock.now(),
    })
    .execute();
}

/** Credits the user's `wallet` from genesis (a demo credit, ref `test`/`refId`). */
export async function demoCredit(
  t: TestApp,
  userId: number,
  wallet: UserWallet,
  currencyId: number,
  amountMinor: bigint,
  refId: string | number,
): Promise<void> {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, wallet),
      currencyId,
      amountMinor,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: refId },
      at: t.clock.now(),
    }),
  );
}

/** Moves the clock past the payment-details cool-off and runs the jobs that put new details in effect. */
export async function passCoolOff(t: TestApp): Promise<void> {
  t.clock.advance(t.app.ctx.env.PAYMENT_DETAILS_COOLOFF_HOURS * 3_600_000 + 1);
  await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
}

/** The trade password of `quickUser`'s users. */
export const QUICK_TRADE_PASSWORD = 'trade-123';
let quickTradeHash: Promise<string> | undefined;
let quickSeq = 0;

/**
 * A user written straight to the users table, with the trade password QUICK_TRADE_PASSWORD (hashed once
 * per process) and verified identity, and a session: for tests that need many users and not the
 * registration path (no password hashing per user, no round trips).
 */
export async function quickUser(
  t: TestApp,
  opts: { prefix?: string; role?: 'user' | 'admin' | 'operator' | 'auditor' } = {},
): Promise<{ id: number; token: string; email: string }> {
  const { hashPassword } = await import('../src/modules/auth/password');
  const { usersRepo } = await import('../src/modules/users/repo');
  quickTradeHash ??= hashPassword(QUICK_TRADE_PASSWORD, TEST_HASH_LOG2N);
  const n = ++quickSeq;
  const email = `${opts.prefix ?? 'quick'}-${n}-${Date.now() % 1_000_000}@example.com`;
  const id = await usersRepo.insertUser(t.app.ctx.db, {
    email,
    passwordHash: 'no-login',
    tradePasswordHash: await quickTradeHash,
    extensionCode: `Q${n}${Date.now() % 1_000_000}`.slice(0, 12),
    accountNumber: email,
    role: opts.role ?? 'user',
    now: t.clock.now(),
  });
  await t.app.ctx.db.updateTable('users').set({ review_status: 2 }).where('id', '=', id).execute();
  return { id, token: await t.app.sessions.create(id), email };
}
