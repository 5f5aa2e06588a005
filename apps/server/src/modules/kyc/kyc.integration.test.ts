import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { pngBytes, registerAndLogin, upload } from '../../../test/accounts';

let n = 0;
const newEmail = () => `kyc-${++n}-${Date.now()}@example.com`;

async function threeImages(t: TestApp, token: string) {
  const urls: string[] = [];
  for (let i = 0; i < 3; i++) urls.push((await upload(t, token, pngBytes())).body.message);
  return { front_pic: urls[0]!, reverse_pic: urls[1]!, hand_pic: urls[2]! };
}

describeEachDb('uploads', (getApp) => {
  it('stores an image under a random name and serves it with its type, nosniff and a sandbox CSP', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    // The name and the declared type do not matter; the content does.
    const res = await upload(t, token, pngBytes(), { filename: '../../evil.exe', contentType: 'text/html' });
    expect(res.body.type).toBe('ok');
    // A private upload: the answer is a short-lived signed URL the uploader's page can show.
    expect(res.body.message).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.png\?exp=\d+&sig=[\w-]+$/);
    const served = await t.app.inject({ method: 'GET', url: res.body.message });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(pngBytes())).toBe(true);
  });

  it.each([
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 'UPLOAD_NOT_IMAGE'],
    [
      'SVG (can carry script)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'UPLOAD_NOT_IMAGE',
    ],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'UPLOAD_NOT_IMAGE'],
  ])('refuses %s, whatever its name', async (_name, content, code) => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    const res = await upload(t, token, content, { filename: 'photo.png', contentType: 'image/png' });
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it('accepts 5 MB and refuses more; needs a file, and a working session when a token is sent', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    expect((await upload(t, token, pngBytes(5 * 1024 * 1024))).body.type).toBe('ok');
    const big = await upload(t, token, pngBytes(5 * 1024 * 1024 + 1));
    expect(big.body.type).toBe('error');
    expect(big.body.code).toBe('UPLOAD_TOO_LARGE');
    // Without a session the upload is accepted but waits unclaimed (uploads.integration.test.ts);
    // a token that no longer works is an expired session.
    expect((await upload(t, 'not-a-live-token', pngBytes())).body.type).toBe('999');
    const noFile = await t.call('POST', '/api/upload', { file: 'not a file' }, { token });
    expect(noFile.body.code).toBe('UPLOAD_REQUIRED');
  });

  it('serves nothing for unknown or malformed names', async () => {
    const t = getApp();
    for (const url of [
      '/uploads/aaaaaaaaaaaaaaaaaaaaaa.png',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/x.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describeEachDb('identity verification', (getApp) => {
  it.each([
    ['no name', { name: '' }, 'KYC_NAME_REQUIRED'],
    ['no id card number', { card_id: '' }, 'KYC_CARD_REQUIRED'],
    ['no front image', { front_pic: '' }, 'KYC_IMAGES_REQUIRED'],
    ['no back image', { reverse_pic: '' }, 'KYC_IMAGES_REQUIRED'],
    ['no hand-held image', { hand_pic: '' }, 'KYC_IMAGES_REQUIRED'],
    ['an image that is not an upload', { hand_pic: 'https://example.com/me.png' }, 'KYC_IMAGE_INVALID'],
  ])('refuses %s', async (_name, overrides, code) => {
    const t = getApp();
    const { token } = await registerAndLogin(t, newEmail());
    const images = await threeImages(t, token);
    const res = await t.call(
      'POST',
      '/api/user/real_name',
      { name: 'Somchai Jaidee', card_id: '1101700203451', ...images, ...overrides },
      { token },
    );
    expect(res.body).toMatchObject({ type: 'error', code });
    expect((await t.call('GET', '/api/user/center', undefined, { token })).body.message.review_status).toBe(
      0,
    );
  });

  it("refuses another user's images", async () => {
    const t = getApp();
    const { token } = await registerAndLogin(t, newEmail());
    const { token: other } = await registerAndLogin(t, newEmail());
    const theirs = await threeImages(t, other);
    const res = await t.call(
      'POST',
      '/api/user/real_name',
      { name: 'X', card_id: 'Y', ...theirs },
      { token },
    );
    expect(res.body.code).toBe('KYC_IMAGE_INVALID');
  });

  it('moves 0 → 1 on submission, 1 → 2 on approval; rejection returns to 0 with the reason', async () => {
    const t = getApp();
    const { token, id } = await registerAndLogin(t, newEmail());
    const admin = await t.tokenFor('admin@oryx.local');
    const center = async () => (await t.call('GET', '/api/user/center', undefined, { token })).body.message;
    expect(await center()).toMatchObject({ review_status: 0, reject_reason: '', real_name: '', card_id: '' });

    const images = await threeImages(t, token);
    const submit = () =>
      t.call(
        'POST',
        '/api/user/real_name',
        { name: 'Somchai Jaidee', card_id: '1101700203451', ...images },
        { token },
      );
    expect((await submit()).body.type).toBe('ok');
    expect(await center()).toMatchObject({ review_status: 1, card_id: '*********3451' });
    expect((await submit()).body.code).toBe('KYC_ALREADY_SUBMITTED');
    expect((await t.call('GET', '/api/user/info', undefined, { token })).body.message.review_status).toBe(1);

    // The operator's queue.
    expect((await t.call('GET', '/api/admin/kyc/list', undefined, { token })).body.code).toBe('FORBIDDEN');
    const list = await t.call('GET', '/api/admin/kyc/list', { status: 1 }, { token: admin });
    const mine = list.body.message.data.find((s: { user_id: number }) => s.user_id === id);
    expect(mine).toMatchObject({ name: 'Somchai Jaidee', card_id: '1101700203451', status: 1, ...images });
    const served = await t.app.inject({ method: 'GET', url: mine.front_pic });
    expect(served.statusCode).toBe(200);
    // Each staff read of identity documents is in the audit log, naming whose documents it showed.
    const auditor = await t.tokenFor('auditor@oryx.local');
    expect((await t.call('GET', '/api/admin/kyc/list', { status: 1 }, { token: auditor })).body.type).toBe(
      'ok',
    );
    const reads = await t.app.ctx.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('call', '=', '/api/admin/kyc/list')
      .orderBy('id')
      .execute();
    expect(reads.map((r) => r.actor_id)).toEqual([
      await t.userId('admin@oryx.local'),
      await t.userId('auditor@oryx.local'),
    ]);
    expect(
      reads.every((r) => r.subject === 'kyc_documents' && r.subject_id.split(',').includes(String(id))),
    ).toBe(true);

    // Reject, with a reason the user sees; then resubmit and approve.
    expect(
      (await t.call('POST', '/api/admin/kyc/reject', { id: mine.id, reason: '' }, { token: admin })).body
        .code,
    ).toBe('KYC_REASON_REQUIRED');
    expect(
      (await t.call('POST', '/api/admin/kyc/reject', { id: mine.id, reason: 'Blurry photo' }, { token })).body
        .code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await t.call(
          'POST',
          '/api/admin/kyc/reject',
          { id: mine.id, reason: 'Blurry photo' },
          { token: admin },
        )
      ).body.type,
    ).toBe('ok');
    expect(await center()).toMatchObject({ review_status: 0, reject_reason: 'Blurry photo' });
    expect(
      (await t.call('POST', '/api/admin/kyc/approve', { id: mine.id }, { token: admin })).body.code,
    ).toBe('KYC_NOT_PENDING');

    expect((await submit()).body.type).toBe('ok');
    const again = (
      await t.call('GET', '/api/admin/kyc/list', { status: 1 }, { token: admin })
    ).body.message.data.find((s: { user_id: number }) => s.user_id === id);
    expect(
      (await t.call('POST', '/api/admin/kyc/approve', { id: again.id }, { token: admin })).body.type,
    ).toBe('ok');
    expect(await center()).toMatchObject({
      review_status: 2,
      real_name: 'Somchai Jaidee',
      reject_reason: '',
    });
    expect((await submit()).body.code).toBe('KYC_ALREADY_CERTIFIED');
    expect(
      (await t.call('POST', '/api/admin/kyc/approve', { id: again.id }, { token: admin })).body.code,
    ).toBe('KYC_NOT_PENDING');
    expect((await t.call('POST', '/api/admin/kyc/approve', { id: 999999 }, { token: admin })).body.type).toBe(
      'error',
    );
    const approved = await t.call('GET', '/api/admin/kyc/list', { status: 2 }, { token: admin });
    expect(approved.body.message.data.some((s: { id: number }) => s.id === again.id)).toBe(true);
  });
});
