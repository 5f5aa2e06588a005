/**
 * The rupiah channel over HTTP with the sandbox provider: a deposit order and its page, credited once by a
 * correctly signed first-seen notification at the configured rate; replayed, forged, altered, mismatched
 * and late notifications change nothing; rupiah withdrawals to the bound bank card (paid or declined) with
 * exact ledger amounts; every bad input refused with nothing recorded. The app ends with the ledger check.
 */
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../../test/harness';
import { runInTransaction } from '../../../db/transaction';
import { ledger, systemAccount, userAccount } from '../../ledger/service';
import { SandboxPayProvider } from './sandbox-provider';
import { PAYOUT_RETRY_AFTER_MS, retryPayouts } from './payouts';
import { newTotpSecret, totpNow } from '../../auth/two-factor';
import { bindBankCard } from '../../../../test/accounts';

const U = 100_000_000n;
const USDT = 1;
const BTC = 2;

async function setup(t: TestApp, email: string) {
  const { db } = t.app.ctx;
  const userId = await t.userId(email);
  const token = await t.tokenFor(email);
  const call = (path: string, body: Record<string, unknown>) => t.call('POST', path, body, { token });
  const pay = (body: Record<string, unknown>) =>
    call('/api/wallet/charge_req_pay', {
      currency: USDT,
      amount: '160000',
      pay_type: 1,
      recharge: 1,
      bank_code: 'BCA',
      ...body,
    });
  const bal = () => ledger.balance(db, userAccount(userId, 'change'), USDT);
  const count = async (table: 'funding_pay_orders' | 'funding_pay_payouts' | 'funding_pay_notices') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const notify = (body: Record<string, string>) => t.call('POST', '/api/pay/notify/sandbox', body);
  const order = (ref: string) =>
    db
      .selectFrom('funding_pay_orders')
      .selectAll()
      .where('id', '=', Number(ref.slice(4)))
      .executeTakeFirstOrThrow();
  const sandbox = new SandboxPayProvider(t.app.ctx.env.PAY_SANDBOX_SECRET);
  return { db, userId, token, call, pay, bal, count, notify, order, sandbox };
}

const refOf = (url: string) => /\/api\/pay\/sandbox\/(pay-\d+)\?lang=/.exec(url)![1]!;

describeEachDb('funding: the rupiah channel', (getApp) => {
  it('refuses bad deposit requests in order, recording nothing', async () => {
    const s = await setup(getApp(), 'demo1@oryx.local');
    const before = await s.count('funding_pay_orders');
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: BTC }, 'PAY_CLOSED'], // no rupiah rate for BTC
      [{ currency: 999 }, 'FUNDING_CURRENCY_UNKNOWN'],
      [{ amount: '' }, 'PAY_AMOUNT_INVALID'],
      [{ amount: '10000.5' }, 'PAY_AMOUNT_INVALID'],
      [{ amount: '9999' }, 'PAY_AMOUNT_RANGE'],
      [{ amount: 100_000_001 }, 'PAY_AMOUNT_RANGE'],
      [{ pay_type: 3 }, 'PAY_TYPE_INVALID'],
      [{ recharge: 5 }, 'PAY_CHANNEL_INVALID'],
      [{ recharge: undefined, channel: 'XPAY' }, 'PAY_CHANNEL_INVALID'],
      [{ bank_code: 'NOPE' }, 'PAY_BANK_REQUIRED'],
    ];
    for (const [body, code] of cases) {
      const r = await s.pay(body);
      expect([JSON.stringify(body), r.body.code]).toEqual([JSON.stringify(body), code]);
    }
    expect(await s.count('funding_pay_orders')).toBe(before);
    // The bounds themselves are accepted; a scan-code payment needs no bank.
    expect((await s.pay({ amount: 10_000 })).body.type).toBe('ok');
    expect(
      (await s.pay({ amount: '100000000', pay_type: 2, bank_code: '', channel: 'qepay2' })).body.type,
    ).toBe('ok');
  });

  it('credits once on a signed first-seen notification; replayed, forged and altered ones change nothing', async () => {
    const s = await setup(getApp(), 'demo2@oryx.local');
    const before = (await s.bal()).availableMinor;
    const r = await s.pay({});
    expect(r.body.type).toBe('ok');
    const ref = refOf(r.body.message);
    expect(await s.order(ref)).toMatchObject({
      status: 0,
      amount_idr: 160_000,
      credit_minor: 10n * U,
      channel: 'WEPAY',
    });

    const forged = { ...s.sandbox.notice(ref, 160_000n, 'paid'), sign: 'ab'.repeat(32) };
    expect((await s.notify(forged)).status).toBe(400);
    const altered = { ...s.sandbox.notice(ref, 160_000n, 'paid'), amount: '1600000' };
    expect((await s.notify(altered)).status).toBe(400);
    const wrongSecret = new SandboxPayProvider('another-secret-of-16+').notice(ref, 160_000n, 'paid');
    expect((await s.notify(wrongSecret)).status).toBe(400);
    const mismatch = s.sandbox.notice(ref, 150_000n, 'paid');
    expect((await s.notify(mismatch)).body).toBe('success');
    expect((await s.order(ref)).status).toBe(0);
    expect((await s.bal()).availableMinor).toBe(before);

    const notice = s.sandbox.notice(ref, 160_000n, 'paid');
    expect((await s.notify(notice)).body).toBe('success');
    expect((await s.order(ref)).status).toBe(1);
    expect((await s.bal()).availableMinor).toBe(before + 10n * U);
    const notices = await s.count('funding_pay_notices');
    expect((await s.notify(notice)).body).toBe('success'); // the provider retrying: a replay
    expect((await s.notify(s.sandbox.notice(ref, 160_000n, 'paid'))).body).toBe('success'); // a second payment notice
    expect((await s.bal()).availableMinor).toBe(before + 10n * U);
    expect(await s.count('funding_pay_notices')).toBe(notices + 1);
    const entries = await s.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('reason', '=', 'funding.pay_deposit')
      .where('ref_id', '=', String((await s.order(ref)).id))
      .execute();
    expect(entries).toEqual([{ amount_minor: 10n * U }]);
    const log = await s.call('/api/wallet/pay_log', { type: 'in' });
    expect(log.body.message.data[0]).toMatchObject({
      status: 1,
      number: '10.00000000',
      amount_idr: 160_000,
      channel: 'WEPAY',
    });
  });

  it('the sandbox page plays the provider: labelled, it pays or declines through a signed notification', async () => {
    const t = getApp();
    const s = await setup(t, 'demo1@oryx.local');
    const before = (await s.bal()).availableMinor;
    const url = (await s.pay({ amount: '40000', pay_type: 2, bank_code: '' })).body.message as string;
    const page = await t.call('GET', url);
    expect(page.status).toBe(200);
    expect(page.res.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('Rp 40.000');
    const paid = await t.app.inject({
      method: 'POST',
      url,
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(200);
    expect((await s.bal()).availableMinor).toBe(before + (40_000n * U) / 16_000n);
    const again = await t.app.inject({
      method: 'POST',
      url,
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(409);
    expect((await s.bal()).availableMinor).toBe(before + (40_000n * U) / 16_000n);

    const declined = refOf((await s.pay({})).body.message);
    await t.app.inject({
      method: 'POST',
      url: `/api/pay/sandbox/${declined}?lang=ind`,
      payload: 'outcome=failed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await s.order(declined)).status).toBe(2);
    expect((await s.notify(s.sandbox.notice(declined, 160_000n, 'paid'))).body).toBe('success'); // too late
    expect((await s.order(declined)).status).toBe(2);
    expect((await s.bal()).availableMinor).toBe(before + (40_000n * U) / 16_000n);
  });

  it('pays rupiah out to the bound bank card; declined by the bank, the amount returns', async () => {
    const t = getApp();
    const s = await setup(t, 'admin@oryx.local');
    await runInTransaction(s.db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(s.userId, 'change'),
        currencyId: USDT,
        amountMinor: 1_000n * U,
        reason: 'wallet.demo_credit',
        ref: { type: 'test', id: 'pay-out' },
        at: t.clock.now(),
      }),
    );
    const out = (body: Record<string, unknown>) =>
      s.call('/api/wallet/out_pay', { currency: USDT, number: '100', pay_password: DEMO_PASSWORD, ...body });
    await s.db.deleteFrom('user_banks').where('user_id', '=', s.userId).execute();
    const noCard = await out({});
    expect([noCard.body.type, noCard.body.code]).toEqual(['997', 'PAY_BANK_CARD_MISSING']);
    const bind = (receive_account: string) =>
      bindBankCard(
        t,
        { token: s.token, email: 'admin@oryx.local', password: DEMO_PASSWORD },
        { receive_name: 'Budi', bank_code: 'BRI', bank_name: '', receive_account },
        { effective: true },
      );
    expect((await bind('1234567890')).body.type).toBe('ok');
    t.clock.advance(25 * 3_600_000); // past the new bank card's cool-off (else reviewed)
    const before = await s.bal();
    const fees = (await ledger.balance(s.db, systemAccount('fees'), USDT)).availableMinor;
    for (const [body, code] of [
      [{ number: '0.000000001' }, 'FUNDING_AMOUNT_INVALID'],
      [{ number: '5' }, 'FUNDING_AMOUNT_BELOW_MIN'],
      [{ number: '7000' }, 'PAY_AMOUNT_RANGE'], // more than 100,000,000 Rp
      [{ rate: '2' }, 'FUNDING_FEE_MISMATCH'],
      [{ pay_password: 'wrong-one' }, undefined],
    ] as const) {
      const r = await out(body);
      expect([JSON.stringify(body), r.body.type === 'ok']).toEqual([JSON.stringify(body), false]);
      if (code) expect(r.body.code).toBe(code);
    }
    expect(await s.bal()).toEqual(before);
    expect(await s.count('funding_pay_payouts')).toBe(0);

    const ok = await out({ rate: '1' });
    expect(ok.body.message).toMatchObject({ status: 2, fee: '1.00000000', amount_idr: 1_584_000 });
    expect((await s.bal()).availableMinor).toBe(before.availableMinor - 100n * U);
    expect((await s.bal()).frozenMinor).toBe(before.frozenMinor);
    expect((await ledger.balance(s.db, systemAccount('fees'), USDT)).availableMinor).toBe(fees + U);

    expect((await bind('0000111')).body.type).toBe('ok'); // the sandbox bank declines this account
    t.clock.advance(25 * 3_600_000); // past the new bank card's cool-off (else reviewed)
    const declined = await out({});
    expect(declined.body.message).toMatchObject({ status: 3 });
    const log = await s.call('/api/wallet/pay_log', { type: 'out' });
    expect(log.body.message.data.slice(0, 2)).toMatchObject([
      {
        status: 3,
        number: '100.00000000',
        fee: '1.00000000',
        amount_idr: 1_584_000,
        channel: 'Bank Rakyat Indonesia (BRI)',
      },
      { status: 2, number: '100.00000000' },
    ]);
    expect((await s.bal()).availableMinor).toBe(before.availableMinor - 100n * U);
    expect((await s.bal()).frozenMinor).toBe(before.frozenMinor);
  });
  it('with two-factor on a rupiah withdrawal needs the code, checked last; refused, nothing moves', async () => {
    const t = getApp();
    const s = await setup(t, 'demo1@oryx.local');
    await runInTransaction(s.db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(s.userId, 'change'),
        currencyId: USDT,
        amountMinor: 200n * U,
        reason: 'wallet.demo_credit',
        ref: { type: 'test', id: 'pay-out-2fa' },
        at: t.clock.now(),
      }),
    );
    await bindBankCard(
      t,
      { token: s.token, email: 'demo1@oryx.local', password: DEMO_PASSWORD },
      { receive_name: 'Budi', bank_code: 'BRI', bank_name: '', receive_account: '777888' },
      { effective: true },
    );
    t.clock.advance(25 * 3_600_000); // past the new bank card's cool-off (else reviewed)
    const secret = newTotpSecret();
    await s.db.deleteFrom('user_security').where('user_id', '=', s.userId).execute();
    await s.db
      .insertInto('user_security')
      .values({ user_id: s.userId, totp_secret: secret, totp_enabled_at: t.clock.now(), updated_at: 0 })
      .execute();
    try {
      const out = (body: Record<string, unknown>) =>
        s.call('/api/wallet/out_pay', {
          currency: USDT,
          number: '100',
          pay_password: DEMO_PASSWORD,
          ...body,
        });
      const before = await s.bal();
      const payouts = await s.count('funding_pay_payouts');
      expect((await out({})).body.code).toBe('TWO_FACTOR_REQUIRED');
      expect((await out({ totp_code: '000000' })).body.code).toBe('TWO_FACTOR_INVALID');
      const code = await totpNow(secret, t.clock.now());
      // A refused amount is refused before the code is looked at: the code stays good.
      expect((await out({ number: '7000', totp_code: code })).body.code).toBe('PAY_AMOUNT_RANGE');
      expect(await s.bal()).toEqual(before);
      expect(await s.count('funding_pay_payouts')).toBe(payouts);
      expect((await out({ totp_code: code })).body.message).toMatchObject({ status: 2 });
      expect((await s.bal()).availableMinor).toBe(before.availableMinor - 100n * U);
    } finally {
      await s.db.deleteFrom('user_security').where('user_id', '=', s.userId).execute();
    }
  });

  it('a payout the provider did not answer stays frozen and is asked again later, paid once', async () => {
    const t = getApp();
    const s = await setup(t, 'admin@oryx.local');
    const sandbox = new SandboxPayProvider(t.app.ctx.env.PAY_SANDBOX_SECRET);
    const asked: string[] = [];
    let down = true;
    t.app.ctx.services.funding.payments = {
      name: sandbox.name,
      isSandbox: true,
      createPayment: (r) => sandbox.createPayment(r),
      verifyNotice: (b) => sandbox.verifyNotice(b),
      payout: async (r) => {
        asked.push(r.reference);
        if (down) throw new Error('provider unreachable');
        return sandbox.payout(r);
      },
    };
    try {
      expect(
        (
          await bindBankCard(
            t,
            { token: s.token, email: 'admin@oryx.local', password: DEMO_PASSWORD },
            { receive_name: 'Budi', bank_code: 'BRI', bank_name: '', receive_account: '555666' },
            { effective: true },
          )
        ).body.type,
      ).toBe('ok');
      t.clock.advance(25 * 3_600_000); // past the new bank card's cool-off (else reviewed)
      const before = await s.bal();
      const r = await s.call('/api/wallet/out_pay', {
        currency: USDT,
        number: '50',
        pay_password: DEMO_PASSWORD,
      });
      expect(r.body.message).toMatchObject({ status: 1 });
      expect((await s.bal()).frozenMinor).toBe(before.frozenMinor + 50n * U);
      expect(await retryPayouts(t.app.ctx)).toBe(0); // too early
      t.clock.advance(PAYOUT_RETRY_AFTER_MS);
      expect(await retryPayouts(t.app.ctx)).toBe(0); // still down
      down = false;
      expect(await retryPayouts(t.app.ctx)).toBe(1);
      expect(await retryPayouts(t.app.ctx)).toBe(0);
      expect(new Set(asked)).toEqual(new Set([`payout-${r.body.message.id}`]));
      const after = await s.bal();
      expect(after.frozenMinor).toBe(before.frozenMinor);
      expect(after.availableMinor).toBe(before.availableMinor - 50n * U);
    } finally {
      t.app.ctx.services.funding.payments = sandbox;
    }
  });
});
