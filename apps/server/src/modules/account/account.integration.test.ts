import { expect, it } from 'vitest';
import { BANKS } from '@oryx/contracts/banks';
import { describeEachDb, type TestApp } from '../../../test/harness';
import {
  bindBankCard,
  freshIp,
  fromIp,
  lastCode,
  login,
  pastResend,
  pngBytes,
  postAs,
  registerAndLogin,
  savePaymentDetails,
  upload,
} from '../../../test/accounts';
import { requireTradePassword } from './guards';

let n = 0;
const newEmail = () => `acct-${++n}-${Date.now()}@example.com`;

/** Sets the transaction password (the same twice) with a code, as the token's user. */
const setTradePassword = (t: TestApp, token: string, password: string, code: string) =>
  postAs(t, token, '/api/safe/update_password')({ password, re_password: password, code });

/** Sends a code of `type: 'forget'` (as /bindmpwd does) to the user's own e-mail and returns it. */
async function ownCode(t: TestApp, token: string, email: string): Promise<string> {
  pastResend(t);
  const res = await t.call(
    'POST',
    '/api/sms_mail',
    { user_string: email, type: 'forget' },
    { token, ...fromIp(freshIp()) },
  );
  expect(res.body.type).toBe('ok');
  return lastCode(t, email);
}

describeEachDb('account: transaction password', (getApp) => {
  it('is not set at first, is set with a code to the own account, and can be changed', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const judge = await t.call('POST', '/api/safe/judge_password', {}, { token });
    expect(judge.status).toBe(200);
    expect(judge.body).toMatchObject({ type: 'error', code: 'TRADE_PASSWORD_NOT_SET' });
    expect(
      (await t.call('GET', '/api/user/center', undefined, { token })).body.message.has_trade_password,
    ).toBe(0);

    const code = await ownCode(t, token, email);
    const set = await setTradePassword(t, token, 'trade-123', code);
    expect(set.body).toEqual({ type: 'ok', message: 'Transaction password saved' });
    expect((await t.call('POST', '/api/safe/judge_password', {}, { token })).body.type).toBe('ok');
    const user = await t.app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.trade_password_hash).toMatch(/^scrypt\$/);
    expect(user.trade_password_hash).not.toBe(user.password_hash);

    // The code is single use; a new one changes the password.
    const reuse = await setTradePassword(t, token, 'trade-456', code);
    expect(reuse.body.code).toBe('CODE_INVALID');
    const code2 = await ownCode(t, token, email);
    expect((await setTradePassword(t, token, 'trade-456', code2)).body.type).toBe('ok');
    await expect(requireTradePassword(t.app.ctx, user.id, 'trade-456')).resolves.toBeUndefined();
  });

  it('gates spot orders: `not` while none is set, then the same session may trade', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const order = { legal_id: 1, currency_id: 3, target_price: '3400', amount: '0.01', type: 1 };
    const before = await t.call('POST', '/api/coin/trade', order, { token });
    expect(before.status).toBe(200); // a catalogue type: old clients read it from a successful reply
    expect(before.body).toMatchObject({ type: 'not', code: 'TRADE_PASSWORD_MISSING_LEGACY' });
    const code = await ownCode(t, token, email);
    const set = await setTradePassword(t, token, 'trade-123', code);
    expect(set.body.type).toBe('ok');
    // Past the gate at once (the remembered session is dropped): now it is the empty wallet that refuses.
    const after = await t.call('POST', '/api/coin/trade', order, { token });
    expect(after.body).toMatchObject({ type: 'error', code: 'LEDGER_INSUFFICIENT' });
  });

  it.each([
    ['no password', { password: '' }, 'AUTH_PASSWORDS_REQUIRED'],
    ['a short password', { password: '123', re_password: '123' }, 'AUTH_PASSWORD_LENGTH'],
    ['different passwords', { re_password: 'trade-999' }, 'AUTH_PASSWORD_MISMATCH'],
    ['no code', { code: '' }, 'AUTH_CODE_REQUIRED'],
    ['a wrong code', { code: '12345x' }, 'CODE_INVALID'],
  ])('refuses %s', async (_name, overrides, code) => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    const res = await t.call(
      'POST',
      '/api/safe/update_password',
      { password: 'trade-123', re_password: 'trade-123', code: '123456', ...overrides },
      { token },
    );
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it("does not accept a code sent to someone else's address", async () => {
    const t = getApp();
    const a = newEmail();
    const b = newEmail();
    await registerAndLogin(t, a);
    const { token: tokenB } = await registerAndLogin(t, b);
    pastResend(t);
    // A reset code for A (anyone may ask for one) does not set B's transaction password.
    await t.call('POST', '/api/sms_mail', { user_string: a, type: 'forget' }, fromIp(freshIp()));
    const codeA = await lastCode(t, a);
    const res = await t.call(
      'POST',
      '/api/safe/update_password',
      { password: 'trade-123', re_password: 'trade-123', code: codeA },
      { token: tokenB },
    );
    expect(res.body.code).toBe('CODE_INVALID');
  });

  it('requireTradePassword: 996 / not when none is set, then required, wrong, locked after 5, right', async () => {
    const t = getApp();
    const email = newEmail();
    const { token, id } = await registerAndLogin(t, email);
    const ctx = t.app.ctx;
    await expect(requireTradePassword(ctx, id, 'x')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_MISSING',
    });
    await expect(requireTradePassword(ctx, id, 'x', { legacy: true })).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_MISSING_LEGACY',
    });
    const code = await ownCode(t, token, email);
    await setTradePassword(t, token, 'trade-123', code);
    await expect(requireTradePassword(ctx, id, '')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_REQUIRED',
    });
    await expect(requireTradePassword(ctx, id, undefined)).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_REQUIRED',
    });
    for (let i = 0; i < 4; i++) {
      await expect(requireTradePassword(ctx, id, 'wrong-one')).rejects.toMatchObject({
        code: 'TRADE_PASSWORD_WRONG',
      });
    }
    await expect(requireTradePassword(ctx, id, 'wrong-one')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_LOCKED',
    });
    await expect(requireTradePassword(ctx, id, 'trade-123')).rejects.toMatchObject({
      code: 'TRADE_PASSWORD_LOCKED',
    });
    t.clock.advance(15 * 60_000 + 1);
    await expect(requireTradePassword(ctx, id, 'trade-123')).resolves.toBeUndefined();
  });
});

describeEachDb('account: bank binding', (getApp) => {
  it('lists the bundled banks with "other" last', async () => {
    const t = getApp();
    const res = await t.call('POST', '/api/user/get_bank_list', {});
    expect(res.body.message.map((b: { code: string }) => b.code)).toEqual([
      ...BANKS.map((b) => b.code),
      'other',
    ]);
    expect(res.body.message.at(-1)).toEqual({ code: 'other', name: 'Other bank' });
    const zh = await t.call('POST', '/api/user/get_bank_list', {}, { headers: { 'x-locale': 'zh' } });
    expect(zh.body.message.at(-1).name).toBe('其他银行');
  });

  it("lists the banks of the caller's country (nationality, else area code), or of the country asked for", async () => {
    const t = getApp();
    const codes = (res: { body: { message: { code: string }[] } }) => res.body.message.map((b) => b.code);
    const { token, id } = await registerAndLogin(t, newEmail());
    const db = t.app.ctx.db;
    await db.updateTable('users').set({ nationality: 'China' }).where('id', '=', id).execute();
    const cn = await t.call('POST', '/api/user/get_bank_list', {}, { token });
    expect(codes(cn)).toContain('CN_ICBC');
    expect(codes(cn)).not.toContain('BCA');
    expect(codes(cn).at(-1)).toBe('other');
    await db.updateTable('users').set({ nationality: '', area_code: '82' }).where('id', '=', id).execute();
    expect(codes(await t.call('POST', '/api/user/get_bank_list', {}, { token }))).toContain('KR_KB');
    const th = await t.call('POST', '/api/user/get_bank_list', { country: 'th' }, { token });
    expect(codes(th)).toEqual(['TH_BBL', 'TH_KBANK', 'TH_SCB', 'TH_KTB', 'TH_BAY', 'TH_TTB', 'other']);
    // A country without a list gets the bundled one.
    expect(codes(await t.call('POST', '/api/user/get_bank_list', { country: 'FR' }))).toContain('BCA');
  });

  it('binds a bank of another country’s list under its name', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const res = await bindBankCard(
      t,
      { token, email },
      { receive_name: 'Li Lei', bank_code: 'CN_CMB', bank_name: '', receive_account: '6225880000000000' },
    );
    expect(res.body.type).toBe('ok');
    const bank = (await t.call('POST', '/api/user/get_user_bank', {}, { token })).body.message;
    expect(bank).toMatchObject({ bank_code: 'CN_CMB', bank_name: 'China Merchants Bank (CMB)' });
  });

  it.each([
    ['no payee name', { receive_name: '' }, 'BANK_NAME_REQUIRED'],
    ['a 51-character payee name', { receive_name: 'n'.repeat(51) }, 'BANK_FIELD_TOO_LONG'],
    ['no account', { receive_account: '' }, 'BANK_ACCOUNT_REQUIRED'],
    ['a 51-character account', { receive_account: '1'.repeat(51) }, 'BANK_FIELD_TOO_LONG'],
    ['"other" without a bank name', { bank_code: 'other', bank_name: '' }, 'BANK_OTHER_REQUIRED'],
    ['a bank not in the list', { bank_code: 'NOPE' }, 'BANK_CODE_INVALID'],
  ])('refuses %s', async (_name, overrides, code) => {
    const t = getApp();
    const token = await t.tokenFor('demo2@oryx.local');
    const res = await t.call(
      'POST',
      '/api/user/add_bank',
      {
        receive_name: 'Somchai',
        bank_code: 'BRI',
        bank_name: '',
        receive_account: '1234567890',
        ...overrides,
      },
      { token },
    );
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it('binds with BCA by default, accepts exactly 50 characters, and replaces the binding', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    expect((await t.call('POST', '/api/user/get_user_bank', {}, { token })).body.message).toEqual({
      receive_name: '',
      receive_account: '',
      bank_code: '',
      bank_name: '',
      usable_at: 0,
    });
    const fifty = 'x'.repeat(50);
    expect(
      (
        await bindBankCard(
          t,
          { token, email },
          { receive_name: fifty, receive_account: '0123' },
          { effective: true },
        )
      ).body.type,
    ).toBe('ok');
    expect((await t.call('POST', '/api/user/get_user_bank', {}, { token })).body.message).toEqual({
      receive_name: fifty,
      receive_account: '0123',
      bank_code: 'BCA',
      bank_name: 'Bank Central Asia (BCA)',
      usable_at: 0,
    });
    await bindBankCard(
      t,
      { token, email },
      {
        receive_name: 'Budi',
        bank_code: 'other',
        bank_name: 'Bank Jago',
        receive_account: '999',
      },
    );
    expect((await t.call('POST', '/api/user/get_user_bank', {}, { token })).body.message).toMatchObject({
      bank_code: 'other',
      bank_name: 'Bank Jago',
    });
    expect((await t.call('GET', '/api/user/center', undefined, { token })).body.message.has_bank).toBe(1);
  });
});

describeEachDb('account: payment details, e-mail, nickname, authorization code', (getApp) => {
  const cash = (alipay: string, wechat: string) => ({
    real_name: 'Li Lei',
    bank_name: 'ICBC',
    bank_account: '6222020000000000',
    alipay_account: 'lilei@alipay',
    wechat_account: 'lilei_wx',
    wechat_nickname: 'Lei',
    alipay_collect: alipay,
    wechat_collect: wechat,
  });

  // One method at a time: the name, and the bank's name and account together, are what is required.
  it.each([
    ['real_name', 'CASH_REAL_NAME_REQUIRED'],
    ['bank_name', 'CASH_BANK_NAME_REQUIRED'],
    ['bank_account', 'CASH_BANK_ACCOUNT_REQUIRED'],
  ])('payment details: refuses an empty %s', async (field, code) => {
    const t = getApp();
    const token = await t.tokenFor('demo2@oryx.local');
    const res = await t.call(
      'POST',
      '/api/user/cash_save',
      { ...cash('/uploads/a.png', '/uploads/b.png'), [field]: '' },
      { token },
    );
    expect(res.body).toMatchObject({ type: 'error', code });
  });

  it('payment details: saves bank details alone (no Alipay, WeChat or QR images)', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const bankOnly = {
      ...cash('', ''),
      alipay_account: '',
      wechat_account: '',
      wechat_nickname: '',
    };
    expect((await savePaymentDetails(t, { token, email }, bankOnly, { effective: true })).body.type).toBe(
      'ok',
    );
    const info = (await t.call('POST', '/api/user/cash_info', {}, { token })).body.message;
    expect(info).toMatchObject({ bank_account: '6222020000000000', alipay_account: '', alipay_collect: '' });
    const nothing = { ...bankOnly, bank_name: '', bank_account: '' };
    const refused = await t.call('POST', '/api/user/cash_save', nothing, { token });
    expect(refused.body.code).toBe('CASH_BANK_ACCOUNT_REQUIRED');
  });

  it('payment details: saves with two own uploaded QR images and reads them back', async () => {
    const t = getApp();
    const email = newEmail();
    const { token } = await registerAndLogin(t, email);
    const { token: other } = await registerAndLogin(t, newEmail());
    expect((await t.call('POST', '/api/user/cash_info', {}, { token })).body.message.real_name).toBe('');
    const mine = (await upload(t, token, pngBytes())).body.message;
    const theirs = (await upload(t, other, pngBytes())).body.message;
    const foreign = await t.call('POST', '/api/user/cash_save', cash(mine, theirs), { token });
    expect(foreign.body.code).toBe('CASH_QR_INVALID');
    const external = await t.call('POST', '/api/user/cash_save', cash(mine, 'https://evil.example/x.png'), {
      token,
    });
    expect(external.body.code).toBe('CASH_QR_INVALID');
    const mine2 = (await upload(t, token, pngBytes())).body.message;
    expect(
      (
        await savePaymentDetails(t, { token, email }, cash(`http://localhost${mine}`, mine2), {
          effective: true,
        })
      ).body.type,
    ).toBe('ok');
    // The QR codes come back signed afresh (the clock has passed the cool-off since the upload).
    const bare = (url: string) => url.split('?')[0] ?? url;
    const info = (await t.call('POST', '/api/user/cash_info', {}, { token })).body.message;
    expect({
      ...info,
      alipay_collect: bare(info.alipay_collect),
      wechat_collect: bare(info.wechat_collect),
    }).toEqual({
      ...cash(bare(mine), bare(mine2)),
      usable_at: 0,
    });
    expect(info.alipay_collect).toMatch(/\?exp=\d+&sig=/);
    expect((await t.call('GET', '/api/user/center', undefined, { token })).body.message.has_payment).toBe(1);
  });

  it('binds an e-mail with a code sent to it; the new address logs in', async () => {
    const t = getApp();
    const { token } = await registerAndLogin(t, newEmail());
    const target = newEmail();
    const ip = freshIp();
    expect(
      (await t.call('POST', '/api/sms_mail', { user_string: target }, { token, ...fromIp(ip) })).body.type,
    ).toBe('ok');
    const code = await lastCode(t, target);
    const pw = { password: 'secret-123' };
    expect(
      (await t.call('POST', '/api/safe/email', { email: target, code: '', ...pw }, { token })).body.code,
    ).toBe('AUTH_CODE_REQUIRED');
    expect((await t.call('POST', '/api/safe/email', { email: '', code }, { token })).body.code).toBe(
      'EMAIL_REQUIRED',
    );
    expect((await t.call('POST', '/api/safe/email', { email: 'bad@', code }, { token })).body.code).toBe(
      'AUTH_EMAIL_INVALID',
    );
    expect(
      (await t.call('POST', '/api/safe/email', { email: newEmail(), code, ...pw }, { token })).body.code,
    ).toBe('CODE_INVALID');
    expect(
      (await t.call('POST', '/api/safe/email', { email: target.toUpperCase(), code, ...pw }, { token })).body
        .type,
    ).toBe('ok');
    expect((await t.call('GET', '/api/user/info', undefined, { token })).body.message.email).toBe(target);
    expect((await login(t, target, 'secret-123')).body.type).toBe('ok');
  });

  it('cannot bind an address that belongs to another account (its owner gets a notice, no code)', async () => {
    const t = getApp();
    const { token } = await registerAndLogin(t, newEmail());
    pastResend(t);
    expect(
      (await t.call('POST', '/api/sms_mail', { user_string: 'demo1@oryx.local', scene: 'bind' }, { token }))
        .body.type,
    ).toBe('ok');
    expect(await lastCode(t, 'demo1@oryx.local')).toBe('');
    const res = await t.call(
      'POST',
      '/api/safe/email',
      { email: 'demo1@oryx.local', code: '000000', password: 'secret-123' },
      { token },
    );
    expect(res.body.code).toBe('CODE_INVALID');
  });

  it('sets a nickname confirmed with the login password, and keeps one authorization code', async () => {
    const t = getApp();
    const { token } = await registerAndLogin(t, newEmail());
    const setAccount = postAs(t, token, '/api/user/setaccount');
    const wrong = await setAccount({ account: 'Trader Joe', password: 'nope-nope', repassword: 'nope-nope' });
    expect(wrong.body.code).toBe('AUTH_OLD_PASSWORD_WRONG');
    const empty = await setAccount({ account: '', password: 'secret-123', repassword: 'secret-123' });
    expect(empty.body.code).toBe('ACCOUNT_NICKNAME_REQUIRED');
    const ok = await setAccount({ account: 'Trader Joe', password: 'secret-123', repassword: 'secret-123' });
    expect(ok.body.type).toBe('ok');
    expect((await t.call('GET', '/api/user/center', undefined, { token })).body.message.nickname).toBe(
      'Trader Joe',
    );
    const a = (await t.call('GET', '/api/user/authorization_code', undefined, { token })).body.message;
    expect(a).toMatch(/^[A-Z2-9]{12}$/);
    expect((await t.call('GET', '/api/user/authorization_code', undefined, { token })).body.message).toBe(a);
  });
});

describeEachDb("account: one user's token never reads or changes another's data", (getApp) => {
  it('on every account route, including with the other user id in the request', async () => {
    const t = getApp();
    const emailA = newEmail();
    const { token: a, id: idA } = await registerAndLogin(t, emailA);
    const emailB = newEmail();
    const { token: b, id: idB } = await registerAndLogin(t, emailB);
    // A fills in everything.
    await bindBankCard(t, { token: a, email: emailA }, { receive_name: 'Alice', receive_account: '111' });
    const qr = (await upload(t, a, pngBytes())).body.message;
    await savePaymentDetails(
      t,
      { token: a, email: emailA },
      {
        real_name: 'Alice',
        bank_name: 'B',
        bank_account: '1',
        alipay_account: 'a',
        wechat_account: 'w',
        wechat_nickname: 'n',
        alipay_collect: qr,
        wechat_collect: qr,
      },
    );
    await t.call(
      'POST',
      '/api/user/setaccount',
      { account: 'Alice', password: 'secret-123', repassword: 'secret-123' },
      { token: a },
    );
    const codeA = (await t.call('GET', '/api/user/authorization_code', undefined, { token: a })).body.message;

    const foreign = { user_id: idA, id: idA, uid: idA };
    const reads: [string, string][] = [
      ['GET', '/api/user/info'],
      ['GET', '/api/user/center'],
      ['POST', '/api/user/get_user_bank'],
      ['POST', '/api/user/cash_info'],
      ['GET', '/api/user/authorization_code'],
    ];
    for (const [method, url] of reads) {
      const res = await t.call(method, url, foreign, { token: b });
      const text = JSON.stringify(res.body);
      expect(text, url).not.toContain('Alice');
      expect(text, url).not.toContain(emailA);
      expect(text, url).not.toContain(codeA);
      if (url === '/api/user/info' || url === '/api/user/center') expect(res.body.message.id).toBe(idB);
    }
    // B's writes with A's id in the body change only B.
    await bindBankCard(
      t,
      { token: b, email: emailB },
      {
        ...foreign,
        receive_name: 'Bob',
        receive_account: '222',
      },
    );
    await t.call(
      'POST',
      '/api/user/setaccount',
      { ...foreign, account: 'Bob', password: 'secret-123', repassword: 'secret-123' },
      { token: b },
    );
    await t.call(
      'POST',
      '/api/user/real_name',
      { ...foreign, name: 'Bob', card_id: '1', front_pic: qr, reverse_pic: qr, hand_pic: qr },
      { token: b },
    );
    await savePaymentDetails(
      t,
      { token: b, email: emailB },
      {
        ...foreign,
        real_name: 'Bob',
        bank_name: 'B',
        bank_account: '2',
        alipay_account: 'a',
        wechat_account: 'w',
        wechat_nickname: 'n',
        alipay_collect: qr,
        wechat_collect: qr,
      },
    );
    expect(
      (await t.call('POST', '/api/user/get_user_bank', {}, { token: a })).body.message.receive_name,
    ).toBe('Alice');
    expect((await t.call('GET', '/api/user/center', undefined, { token: a })).body.message).toMatchObject({
      nickname: 'Alice',
      review_status: 0,
    });
    expect((await t.call('POST', '/api/user/cash_info', {}, { token: a })).body.message.real_name).toBe(
      'Alice',
    );
    // B could not use A's upload either (identity images and QR codes must be B's own).
    expect(
      (await t.call('GET', '/api/user/center', undefined, { token: b })).body.message.review_status,
    ).toBe(0);
    expect((await t.call('POST', '/api/user/cash_info', {}, { token: b })).body.message.real_name).toBe('');
  });
});
