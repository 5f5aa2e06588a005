/**
 * Private uploads (identity documents, payment QR codes, every upload unless an operator marks it
 * public): served to the owner and operators with their session, to anyone else only through a
 * short-lived signed URL; public uploads (news, banners) to anyone.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { pngBytes, registerAndLogin, savePaymentDetails, upload } from '../../../test/accounts';
import { SIGNED_URL_TTL_MS, signedUploadUrl } from './service';

let n = 0;
const newEmail = () => `priv-${++n}-${Date.now()}@example.com`;
const get = async (t: TestApp, url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} })).statusCode;
const bare = (url: string) => url.split('?')[0]!;

async function publicUpload(t: TestApp, token: string) {
  const boundary = `----oryx${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\npublic\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="news.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.concat([head, pngBytes(), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  return res.json() as { type: string; message: string; code?: string };
}

describeEachDb('private uploads', (getApp) => {
  it('are served to the owner and operators with their session, to others only with a valid signature', async () => {
    const t = getApp();
    const owner = await registerAndLogin(t, newEmail());
    const other = await registerAndLogin(t, newEmail());
    const admin = await t.tokenFor('admin@oryx.local');
    const signed = (await upload(t, owner.token, pngBytes())).body.message as string;
    const url = bare(signed);
    expect(await get(t, url)).toBe(404);
    expect(await get(t, url, other.token)).toBe(404);
    expect(await get(t, url, owner.token)).toBe(200);
    expect(await get(t, url, admin)).toBe(200);
    // The upload's own answer is signed: the uploader's page shows it in an <img> without a token.
    expect(await get(t, signed)).toBe(200);

    // A signature is for one file and one expiry: changing either, or letting it lapse, refuses.
    const other2 = bare((await upload(t, other.token, pngBytes())).body.message as string);
    const sig = new URL(signed, 'http://x').searchParams;
    expect(await get(t, `${other2}?exp=${sig.get('exp')}&sig=${sig.get('sig')}`)).toBe(404);
    expect(await get(t, `${url}?exp=${Number(sig.get('exp')) + 60_000}&sig=${sig.get('sig')}`)).toBe(404);
    expect(await get(t, `${url}?exp=NaN&sig=${sig.get('sig')}`)).toBe(404);
    expect(await get(t, `${url}?exp=${sig.get('exp')}&sig=${sig.get('sig')}&sig=x`)).toBe(404);
    t.clock.advance(SIGNED_URL_TTL_MS + 61_000);
    expect(await get(t, signed)).toBe(404);
    // A fresh signature for a viewer another area allows (the other party of a C2C deal) works.
    expect(await get(t, await signedUploadUrl(t.app.ctx, url))).toBe(200);
  });

  it('the payment details the owner reads back carry signed URLs, and saving them back keeps the file', async () => {
    const t = getApp();
    const email = newEmail();
    const owner = { ...(await registerAndLogin(t, email)), email };
    const a = (await upload(t, owner.token, pngBytes())).body.message as string;
    const b = (await upload(t, owner.token, pngBytes())).body.message as string;
    const form = {
      real_name: 'Somchai Jaidee',
      bank_name: 'Bangkok Bank',
      bank_dizhi: 'Silom',
      bank_account: '1234567890',
      alipay_account: 'somchai@alipay',
      wechat_nickname: 'somchai',
      wechat_account: 'somchai_wx',
      alipay_collect: a,
      wechat_collect: b,
    };
    expect((await savePaymentDetails(t, owner, form)).body.type).toBe('ok');
    const info = (await t.call('GET', '/api/user/cash_info', undefined, { token: owner.token })).body.message;
    expect(info.alipay_collect).toMatch(/\?exp=\d+&sig=/);
    expect(await get(t, info.alipay_collect)).toBe(200);
    expect(
      (
        await savePaymentDetails(
          t,
          owner,
          { ...form, alipay_collect: info.alipay_collect },
          { effective: true },
        )
      ).body.type,
    ).toBe('ok');
    const row = await t.app.ctx.db
      .selectFrom('user_cash_info')
      .select('alipay_collect')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.alipay_collect).toBe(bare(a));
  });

  it('public uploads are for operators only and served to anyone', async () => {
    const t = getApp();
    const user = await registerAndLogin(t, newEmail());
    expect(await publicUpload(t, user.token)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    const pub = await publicUpload(t, await t.tokenFor('admin@oryx.local'));
    expect(pub.message).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.png$/);
    expect(await get(t, pub.message)).toBe(200);
  });
});
