/**
 * Uploads without a session (how clients of this API family send identity images and payment QR codes):
 * checked like any upload, limited per address, never served until the first authenticated identity or
 * payment-details submission claims them, claimable by one user only, and expired when left unclaimed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { ownCode, pngBytes, registerAndLogin, savePaymentDetails, upload } from '../../../test/accounts';
import { runDueJobs } from '../scheduler/scheduler';
import { UNCLAIMED_TTL_MS } from './service';

let n = 0;
const newEmail = () => `up-${++n}-${Date.now()}@example.com`;
let ipCounter = 0;
/** Each test uploads from its own address, so the per-address limit of one does not touch another. */
const freshAddress = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** POST /api/upload without a token, from `ip`. */
async function anonymousUpload(t: TestApp, ip: string, content: Buffer = pngBytes()) {
  const boundary = `----oryx${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': ip },
  });
  return res.json() as { type: string; message: string; code?: string };
}

/** The status of GET `url`, as the session of `token` (if any): a claimed upload is private to its owner. */
const served = async (t: TestApp, url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} })).statusCode;
const fileOf = (t: TestApp, url: string) => path.join(t.app.ctx.env.UPLOAD_DIR, url.split('/').pop()!);

const cash = (alipay: string, wechat: string) => ({
  real_name: 'Somchai Jaidee',
  bank_name: 'Bangkok Bank',
  bank_dizhi: 'Silom',
  bank_account: '1234567890',
  alipay_account: 'somchai@alipay',
  wechat_nickname: 'somchai',
  wechat_account: 'somchai_wx',
  alipay_collect: alipay,
  wechat_collect: wechat,
});

describeEachDb('uploads without a session', (getApp) => {
  it('are content-checked and size-limited as any upload', async () => {
    const t = getApp();
    const ip = freshAddress();
    expect(
      await anonymousUpload(t, ip, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toMatchObject({
      type: 'error',
      code: 'UPLOAD_NOT_IMAGE',
    });
    expect(await anonymousUpload(t, ip, pngBytes(5 * 1024 * 1024 + 1))).toMatchObject({
      code: 'UPLOAD_TOO_LARGE',
    });
  });

  it('are not served until an identity submission claims them, then served as the user’s', async () => {
    const t = getApp();
    const ip = freshAddress();
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await anonymousUpload(t, ip);
      expect(r.type).toBe('ok');
      expect(r.message).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.png$/);
      urls.push(r.message);
    }
    for (const url of urls) expect(await served(t, url)).toBe(404);
    const { token, id } = await registerAndLogin(t, newEmail());
    const res = await t.call(
      'POST',
      '/api/user/real_name',
      {
        name: 'Somchai Jaidee',
        card_id: '1101700203451',
        front_pic: urls[0],
        reverse_pic: urls[1],
        hand_pic: urls[2],
      },
      { token },
    );
    expect(res.body.type).toBe('ok');
    for (const url of urls) expect(await served(t, url, token)).toBe(200);
    const owners = await t.app.ctx.db
      .selectFrom('uploads')
      .select('user_id')
      .where(
        'file_name',
        'in',
        urls.map((u) => u.split('/').pop()!),
      )
      .execute();
    expect(owners.map((o) => o.user_id)).toEqual([id, id, id]);
  });

  it('are claimed by payment details too, and a claimed file is never another user’s', async () => {
    const t = getApp();
    const ip = freshAddress();
    const [a, b, c] = [
      (await anonymousUpload(t, ip)).message,
      (await anonymousUpload(t, ip)).message,
      (await anonymousUpload(t, ip)).message,
    ] as [string, string, string];
    const firstEmail = newEmail();
    const { token: first } = await registerAndLogin(t, firstEmail);
    const { token: second } = await registerAndLogin(t, newEmail());
    expect(
      (await savePaymentDetails(t, { token: first, email: firstEmail }, cash(a, `http://web.example${b}`)))
        .body.type,
    ).toBe('ok');
    expect(await served(t, b, first)).toBe(200);
    expect(await served(t, b, second)).toBe(404);
    // The second user names the first one's (now claimed) files: refused, in both forms.
    const cashTry = await t.call('POST', '/api/user/cash_save', cash(c, a), { token: second });
    expect(cashTry.body.code).toBe('CASH_QR_INVALID');
    const kycTry = await t.call(
      'POST',
      '/api/user/real_name',
      { name: 'X Y', card_id: '1101700203451', front_pic: c, reverse_pic: a, hand_pic: b },
      { token: second },
    );
    expect(kycTry.body.code).toBe('KYC_IMAGE_INVALID');
    // The first user still has them (read back as short-lived signed URLs).
    const mine = (await t.call('POST', '/api/user/cash_info', {}, { token: first })).body.message;
    expect(mine.alipay_collect).toMatch(new RegExp(`^${a}\\?exp=\\d+&sig=`));
    expect(mine.wechat_collect).toMatch(new RegExp(`^${b}\\?exp=\\d+&sig=`));
  });

  it('go to exactly one of two users claiming the same file at once', async () => {
    const t = getApp();
    const ip = freshAddress();
    const shared = (await anonymousUpload(t, ip)).message;
    const emails = [newEmail(), newEmail()];
    const tokens = [
      (await registerAndLogin(t, emails[0]!)).token,
      (await registerAndLogin(t, emails[1]!)).token,
    ];
    const codes = [
      await ownCode(t, tokens[0]!, emails[0]!, 'payment'),
      await ownCode(t, tokens[1]!, emails[1]!, 'payment'),
    ];
    const own = await Promise.all(tokens.map(async () => (await anonymousUpload(t, ip)).message));
    const replies = await Promise.all(
      tokens.map((token, i) =>
        t.call(
          'POST',
          '/api/user/cash_save',
          { ...cash(own[i]!, shared), code: codes[i], password: 'secret-123' },
          { token },
        ),
      ),
    );
    expect(replies.map((r) => r.body.type).sort()).toEqual(['error', 'ok']);
    const rows = await t.app.ctx.db
      .selectFrom('uploads')
      .select('user_id')
      .where('file_name', '=', shared.split('/').pop()!)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('expire when left unclaimed: the row and the file go, and a late claim is refused', async () => {
    const t = getApp();
    const ip = freshAddress();
    const left = (await anonymousUpload(t, ip)).message;
    const claimed = (await anonymousUpload(t, ip)).message;
    expect(fs.existsSync(fileOf(t, left))).toBe(true);
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const mine = (await upload(t, token, pngBytes())).body.message;
    expect((await savePaymentDetails(t, { token, email }, cash(mine, claimed))).body.type).toBe('ok');

    t.clock.advance(UNCLAIMED_TTL_MS + 1);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    expect(fs.existsSync(fileOf(t, left))).toBe(false);
    const pending = await t.app.ctx.db
      .selectFrom('unclaimed_uploads')
      .select('file_name')
      .where('file_name', '=', left.split('/').pop()!)
      .execute();
    expect(pending).toHaveLength(0);
    // The claimed one is untouched by its expiry job.
    expect(fs.existsSync(fileOf(t, claimed))).toBe(true);
    expect(await served(t, claimed, token)).toBe(200);
    const late = await t.call('POST', '/api/user/cash_save', cash(mine, left), { token });
    expect(late.body.code).toBe('CASH_QR_INVALID');
  });

  it('are limited per address, far below the global limit; other addresses and sessions go on', async () => {
    const t = getApp();
    const ip = freshAddress();
    const max = t.app.ctx.env.UPLOADS_PER_ADDRESS_HOUR;
    for (let i = 0; i < max; i++) expect((await anonymousUpload(t, ip)).type).toBe('ok');
    expect(await anonymousUpload(t, ip)).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    expect((await anonymousUpload(t, freshAddress())).type).toBe('ok');
    const token = await t.tokenFor('demo1@oryx.local');
    expect((await upload(t, token, pngBytes())).body.type).toBe('ok');
  });
});
