/**
 * Step-up for security changes and the cool-off of payment details: turning two-factor on or off,
 * changing the e-mail address, binding a bank card and saving C2C payment details are refused without
 * the login password, with a wrong one, and (two-factor on) without or with a wrong authenticator code,
 * and each refusal changes nothing; a freshly bound bank card receives no rupiah payout until its
 * cool-off has passed, and new C2C details replace the ones counterparties see only then.
 */
import { expect, it } from 'vitest';
import { generate } from 'otplib';
import { describeEachDb, type TestApp } from '../../../test/harness';
import {
  bindBankCard,
  freshIp,
  fromIp,
  lastCode,
  ownCode,
  passCoolOff,
  pastResend,
  pngBytes,
  registerAndLogin,
  savePaymentDetails,
  upload,
} from '../../../test/accounts';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { requirePaymentDetails } from './guards';

let n = 0;
const newEmail = () => `stepup-${++n}-${Date.now()}@example.com`;
const PASSWORD = 'secret-123';

interface User {
  token: string;
  id: number;
  email: string;
}

async function newUser(t: TestApp): Promise<User> {
  const email = newEmail();
  return { ...(await registerAndLogin(t, email)), email };
}

/** The user's security row as it is stored (two-factor state). */
const securityRow = (t: TestApp, userId: number) =>
  t.app.ctx.db.selectFrom('user_security').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The current authenticator code of `secret`, one 30-second step later each time (codes are single use). */
async function nextTotp(t: TestApp, secret: string): Promise<string> {
  t.clock.advance(30_000);
  return generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });
}

/** Turns two-factor on through the calls; answers the secret. */
async function enableTwoFactor(t: TestApp, u: User): Promise<string> {
  const setup = await t.call('POST', '/api/security/2fa/setup', {}, { token: u.token });
  const secret = setup.body.message.secret as string;
  const on = await t.call(
    'POST',
    '/api/security/2fa/confirm',
    { code: await nextTotp(t, secret), password: PASSWORD },
    { token: u.token },
  );
  expect(on.body.type).toBe('ok');
  return secret;
}

const bankRows = async (t: TestApp, userId: number) => ({
  card: await t.app.ctx.db.selectFrom('user_banks').selectAll().where('user_id', '=', userId).execute(),
  pending: await t.app.ctx.db
    .selectFrom('user_banks_pending')
    .selectAll()
    .where('user_id', '=', userId)
    .execute(),
});

const cashRows = async (t: TestApp, userId: number) => ({
  cash: await t.app.ctx.db.selectFrom('user_cash_info').selectAll().where('user_id', '=', userId).execute(),
  pending: await t.app.ctx.db
    .selectFrom('user_cash_info_pending')
    .selectAll()
    .where('user_id', '=', userId)
    .execute(),
});

describeEachDb('step-up: two-factor on and off need the login password', (getApp) => {
  it('refuses to turn it on with no password or a wrong one; the pending secret stays off', async () => {
    const t = getApp();
    const u = await newUser(t);
    const setup = await t.call('POST', '/api/security/2fa/setup', {}, { token: u.token });
    const secret = setup.body.message.secret as string;
    for (const [password, code] of [
      ['', 'STEP_UP_PASSWORD_REQUIRED'],
      ['wrong-pass-1', 'STEP_UP_PASSWORD_WRONG'],
    ] as const) {
      const res = await t.call(
        'POST',
        '/api/security/2fa/confirm',
        { code: await nextTotp(t, secret), password },
        { token: u.token },
      );
      expect([password, res.body.code]).toEqual([password, code]);
      expect((await securityRow(t, u.id))?.totp_enabled_at).toBeNull();
      expect(
        (await t.call('GET', '/api/security/overview', undefined, { token: u.token })).body.message,
      ).toMatchObject({ two_factor: false });
    }
    const ok = await t.call(
      'POST',
      '/api/security/2fa/confirm',
      { code: await nextTotp(t, secret), password: PASSWORD },
      { token: u.token },
    );
    expect(ok.body.message.recovery_codes).toHaveLength(10);
  });

  it('refuses to turn it off without the password or the current code; nothing changes', async () => {
    const t = getApp();
    const u = await newUser(t);
    const secret = await enableTwoFactor(t, u);
    const cases: [Record<string, string>, string][] = [
      [{ password: '' }, 'STEP_UP_PASSWORD_REQUIRED'],
      [{ password: 'wrong-pass-1' }, 'STEP_UP_PASSWORD_WRONG'],
      [{ code: '' }, 'TWO_FACTOR_REQUIRED'],
      [{ code: '000000' }, 'TWO_FACTOR_INVALID'],
    ];
    for (const [body, code] of cases) {
      const res = await t.call(
        'POST',
        '/api/security/2fa/disable',
        { code: await nextTotp(t, secret), password: PASSWORD, ...body },
        { token: u.token },
      );
      expect([body, res.body.code]).toEqual([body, code]);
      const row = await securityRow(t, u.id);
      expect(row?.totp_secret).toBe(secret);
      expect(row?.totp_enabled_at).not.toBeNull();
    }
    const off = await t.call(
      'POST',
      '/api/security/2fa/disable',
      { code: await nextTotp(t, secret), password: PASSWORD },
      { token: u.token },
    );
    expect(off.body.type).toBe('ok');
    expect((await securityRow(t, u.id))?.totp_enabled_at).toBeNull();
  });
});

describeEachDb('step-up: changing the e-mail address', (getApp) => {
  it('needs the login password and, with two-factor on, a current code; refusals keep the address', async () => {
    const t = getApp();
    const u = await newUser(t);
    const target = newEmail();
    const send = async () => {
      pastResend(t);
      await t.call(
        'POST',
        '/api/sms_mail',
        { user_string: target },
        { token: u.token, ...fromIp(freshIp()) },
      );
      return lastCode(t, target);
    };
    const bind = (body: Record<string, string>) =>
      t.call('POST', '/api/safe/email', { email: target, password: PASSWORD, ...body }, { token: u.token });
    const email = async () =>
      (await t.call('GET', '/api/user/info', undefined, { token: u.token })).body.message.email;

    const code = await send();
    expect((await bind({ code, password: '' })).body.code).toBe('STEP_UP_PASSWORD_REQUIRED');
    expect((await bind({ code, password: 'wrong-pass-1' })).body.code).toBe('STEP_UP_PASSWORD_WRONG');
    expect(await email()).toBe(u.email);

    const secret = await enableTwoFactor(t, u);
    expect((await bind({ code })).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await bind({ code, totp_code: '000000' })).body.code).toBe('TWO_FACTOR_INVALID');
    expect(await email()).toBe(u.email);
    // The refusals before the code's own check left the code usable.
    expect((await bind({ code, totp_code: await nextTotp(t, secret) })).body.type).toBe('ok');
    expect(await email()).toBe(target);
  });
});

describeEachDb('step-up and cool-off: the rupiah payout bank card', (getApp) => {
  const card = { receive_name: 'Budi', bank_code: 'BRI', bank_name: '', receive_account: '1234567890' };

  it('refuses a binding without the bank code, the password or the two-factor code; nothing is bound', async () => {
    const t = getApp();
    const u = await newUser(t);
    const add = (body: Record<string, string>) =>
      t.call('POST', '/api/user/add_bank', { ...card, password: PASSWORD, ...body }, { token: u.token });

    expect((await add({ code: '' })).body.code).toBe('AUTH_CODE_REQUIRED');
    let code = await ownCode(t, u.token, u.email, 'bank');
    expect((await add({ code, password: '' })).body.code).toBe('STEP_UP_PASSWORD_REQUIRED');
    expect((await add({ code, password: 'wrong-pass-1' })).body.code).toBe('STEP_UP_PASSWORD_WRONG');
    // A code of another purpose (here the payment-details one) is refused, and so is a made-up one.
    const other = await ownCode(t, u.token, u.email, 'payment');
    expect((await add({ code: other })).body.code).toBe('CODE_INVALID');
    expect((await add({ code: '000000' })).body.code).toBe('CODE_INVALID');
    expect(await bankRows(t, u.id)).toEqual({ card: [], pending: [] });

    const secret = await enableTwoFactor(t, u);
    code = await ownCode(t, u.token, u.email, 'bank');
    expect((await add({ code })).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await add({ code, totp_code: '000000' })).body.code).toBe('TWO_FACTOR_INVALID');
    expect(await bankRows(t, u.id)).toEqual({ card: [], pending: [] });
    expect((await add({ code, totp_code: await nextTotp(t, secret) })).body.type).toBe('ok');
    // Spent: the same code does not bind a second card.
    expect(
      (await add({ code, totp_code: await nextTotp(t, secret), receive_account: '999' })).body.code,
    ).toBe('CODE_INVALID');
    expect((await bankRows(t, u.id)).pending).toMatchObject([{ receive_account: '1234567890' }]);
  });

  it('pays nothing out to a card bound less than the cool-off ago, then pays it', async () => {
    const t = getApp();
    const u = await newUser(t);
    const { db } = t.app.ctx;
    // The payout needs a transaction password and coins.
    const tradeCode = await ownCode(t, u.token, u.email, 'trade_password');
    expect(
      (
        await t.call(
          'POST',
          '/api/safe/update_password',
          { password: 'trade-123', re_password: 'trade-123', code: tradeCode },
          { token: u.token },
        )
      ).body.type,
    ).toBe('ok');
    await runInTransaction(db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(u.id, 'change'),
        currencyId: 1,
        amountMinor: 1_000n * 100_000_000n,
        reason: 'wallet.demo_credit',
        ref: { type: 'test', id: `cooloff-${u.id}` },
        at: t.clock.now(),
      }),
    );
    const out = () =>
      t.call(
        'POST',
        '/api/wallet/out_pay',
        { currency: 1, number: '100', pay_password: 'trade-123' },
        { token: u.token },
      );
    const balance = () => ledger.balance(db, userAccount(u.id, 'change'), 1);
    const payouts = () =>
      db.selectFrom('funding_pay_payouts').select('receive_account').where('user_id', '=', u.id).execute();

    const bound = await bindBankCard(t, u, card);
    expect(bound.body.type).toBe('ok');
    expect(bound.body.message).toMatch(/from/);
    const shown = (await t.call('POST', '/api/user/get_user_bank', {}, { token: u.token })).body.message;
    const hours = t.app.ctx.env.PAYMENT_DETAILS_COOLOFF_HOURS;
    expect(shown).toMatchObject({
      receive_account: '1234567890',
      usable_at: t.clock.now() + hours * 3_600_000,
    });
    expect(
      (await t.call('GET', '/api/user/center', undefined, { token: u.token })).body.message.has_bank,
    ).toBe(1);

    const before = await balance();
    const early = await out();
    expect([early.body.type, early.body.code]).toEqual(['997', 'PAY_BANK_CARD_MISSING']);
    t.clock.advance(hours * 3_600_000 - 60_000); // a minute short of the cool-off
    expect((await out()).body.code).toBe('PAY_BANK_CARD_MISSING');
    expect(await balance()).toEqual(before);
    expect(await payouts()).toEqual([]);

    await passCoolOff(t);
    expect(
      (await t.call('POST', '/api/user/get_user_bank', {}, { token: u.token })).body.message.usable_at,
    ).toBe(0);
    const paid = await out();
    expect(paid.body.type).toBe('ok');
    expect(await payouts()).toEqual([{ receive_account: '1234567890' }]);

    // Replacing the card takes the old one out of effect at once: no payout reaches either meanwhile.
    expect((await bindBankCard(t, u, { ...card, receive_account: '5550001' })).body.type).toBe('ok');
    expect((await out()).body.code).toBe('PAY_BANK_CARD_MISSING');
    expect(await payouts()).toHaveLength(1);
    await passCoolOff(t);
    expect((await out()).body.type).toBe('ok');
    expect((await payouts()).map((p) => p.receive_account).sort()).toEqual(['1234567890', '5550001']);
  });
});

describeEachDb('step-up and cool-off: C2C payment details', (getApp) => {
  const details = (u: User, name: string, qr: string) => ({
    real_name: name,
    bank_name: 'ICBC',
    bank_account: `6222${u.id}`,
    alipay_account: `${name}@alipay`,
    wechat_account: `${name}_wx`,
    wechat_nickname: name,
    alipay_collect: qr,
    wechat_collect: qr,
  });

  it('refuses a save without the payment code, the password or the two-factor code; nothing is saved', async () => {
    const t = getApp();
    const u = await newUser(t);
    const qr = (await upload(t, u.token, pngBytes())).body.message as string;
    const save = (body: Record<string, string>) =>
      t.call(
        'POST',
        '/api/user/cash_save',
        { ...details(u, 'Lei', qr), password: PASSWORD, ...body },
        { token: u.token },
      );
    expect((await save({ code: '' })).body.code).toBe('AUTH_CODE_REQUIRED');
    let code = await ownCode(t, u.token, u.email, 'payment');
    expect((await save({ code, password: '' })).body.code).toBe('STEP_UP_PASSWORD_REQUIRED');
    expect((await save({ code, password: 'wrong-pass-1' })).body.code).toBe('STEP_UP_PASSWORD_WRONG');
    const bankCode = await ownCode(t, u.token, u.email, 'bank');
    expect((await save({ code: bankCode })).body.code).toBe('CODE_INVALID');
    expect(await cashRows(t, u.id)).toEqual({ cash: [], pending: [] });

    const secret = await enableTwoFactor(t, u);
    code = await ownCode(t, u.token, u.email, 'payment');
    expect((await save({ code })).body.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await save({ code, totp_code: '000000' })).body.code).toBe('TWO_FACTOR_INVALID');
    expect(await cashRows(t, u.id)).toEqual({ cash: [], pending: [] });
    expect((await save({ code, totp_code: await nextTotp(t, secret) })).body.type).toBe('ok');
  });

  it('new details reach counterparties only after the cool-off; until then the previous ones stay', async () => {
    const t = getApp();
    const u = await newUser(t);
    const qr = (await upload(t, u.token, pngBytes())).body.message as string;
    const info = async () =>
      (await t.call('POST', '/api/user/cash_info', {}, { token: u.token })).body.message;

    expect((await savePaymentDetails(t, u, details(u, 'First', qr))).body.type).toBe('ok');
    // The owner sees what was saved and from when it counts; no ad or deal can use it yet (997).
    expect(await info()).toMatchObject({ real_name: 'First' });
    expect((await info()).usable_at).toBeGreaterThan(t.clock.now());
    await expect(requirePaymentDetails(t.app.ctx, u.id)).rejects.toMatchObject({
      code: 'PAYMENT_DETAILS_MISSING',
    });
    await passCoolOff(t);
    expect(await requirePaymentDetails(t.app.ctx, u.id)).toMatchObject({ real_name: 'First' });
    expect((await info()).usable_at).toBe(0);

    // A change: buyers keep seeing (and paying) the details in effect until the new ones have cooled off.
    expect((await savePaymentDetails(t, u, details(u, 'Second', qr))).body.type).toBe('ok');
    expect(await info()).toMatchObject({ real_name: 'Second' });
    expect(await requirePaymentDetails(t.app.ctx, u.id)).toMatchObject({ real_name: 'First' });
    await passCoolOff(t);
    expect(await requirePaymentDetails(t.app.ctx, u.id)).toMatchObject({ real_name: 'Second' });
    expect((await cashRows(t, u.id)).pending).toEqual([]);
  });
});
