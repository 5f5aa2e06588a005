/**
 * Acceptor deals a stolen session cannot use, and their disputes. A sell deal (the user's coin to escrow
 * for an acceptor paying an account the request names) needs the trade password and, with two-factor on,
 * its code: without them nothing moves. The user disputes a waiting deal with a note and private images;
 * the deal freezes (no acceptor move, no auto-confirm) until an operator decides with a written reason,
 * above the four-eyes amount (an ETH deal valued at its USDT price) with a second operator. Every app
 * ends with the ledger check.
 */
import { expect, it } from 'vitest';
import { consoleNotices, TOLD_OPERATORS } from '../notifications/test-helpers';
import { ACCEPTOR_AUTO_CONFIRM_MS } from '@oryx/contracts/acceptor/calls';
import { demoCredit, pngBytes, registerAndLogin, upload } from '../../../test/accounts';
import { describeEachDb, type TestApp, TEST_HASH_LOG2N } from '../../../test/harness';
import { hashPassword } from '../auth/password';
import { newTotpSecret, totpNow } from '../auth/two-factor';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { runDueJobs } from '../scheduler/scheduler';
import { acceptorParty } from './test-helpers';

const USDT = 1;
const ETH = 3;
const U = 100_000_000n;
const PW = 'trade-pw-1';

interface Party {
  id: number;
  token: string;
}

let seq = 0;
async function user(t: TestApp, opts: { usdt?: bigint; eth?: bigint; password?: boolean } = {}) {
  const p = await registerAndLogin(t, `dispute-${++seq}-${t.kind}@example.com`);
  if (opts.password !== false) {
    await t.app.ctx.db
      .updateTable('users')
      .set({ trade_password_hash: await hashPassword(PW, TEST_HASH_LOG2N) })
      .where('id', '=', p.id)
      .execute();
  }
  for (const [currencyId, amount] of [
    [USDT, opts.usdt ?? 100n * U],
    [ETH, opts.eth ?? 0n],
  ] as const) {
    if (amount === 0n) continue;
    await demoCredit(t, p.id, 'legal', currencyId, amount, `dispute-${p.id}-${currencyId}`);
  }
  return p;
}

const staff = async (t: TestApp, email: string): Promise<Party> => ({
  id: await t.userId(email),
  token: await t.tokenFor(email),
});

const post = (t: TestApp, p: Party, url: string, body: Record<string, unknown>) =>
  t.call('POST', url, body, { token: p.token });

const sell = (acceptorId: number, over: Record<string, unknown> = {}) => ({
  acceptor_id: acceptorId,
  type: 'sell',
  way: 'bank',
  mobile: '13812345678',
  deal_account: 'attacker-account-1',
  money: '141',
  password: PW,
  ...over,
});

const bal = async (t: TestApp, id: number, currencyId = USDT) =>
  (await ledger.balance(t.app.ctx.db, userAccount(id, 'legal'), currencyId)).availableMinor;
const escrow = async (t: TestApp, currencyId = USDT) =>
  (await ledger.balance(t.app.ctx.db, systemAccount('c2c_escrow'), currencyId)).availableMinor;
const dealCount = async (t: TestApp) =>
  (await t.app.ctx.db.selectFrom('acceptor_deals').select('id').execute()).length;
const dealOf = (t: TestApp, id: number) =>
  t.app.ctx.db.selectFrom('acceptor_deals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function open(t: TestApp, p: Party, body: Record<string, unknown>): Promise<number> {
  const r = await post(t, p, '/api/acceptor/deal', body);
  expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
  return r.body.message.data.id as number;
}

const decide = (t: TestApp, p: Party, id: number, result: string, reason?: string) =>
  post(t, p, '/api/admin/acceptor/decide', reason === undefined ? { id, result } : { id, result, reason });

describeEachDb('acceptor sell deals and disputes', (getApp) => {
  it('refuses a sell deal from a stolen session: no or wrong trade password, missing two-factor code', async () => {
    const t = getApp();
    const otc = await acceptorParty(t, 'seller@oryx.local');
    const u = await user(t);
    const noPassword = await user(t, { password: false });
    const before = async () => [
      await bal(t, u.id),
      await bal(t, otc.id),
      await escrow(t),
      await dealCount(t),
    ];
    const b0 = await before();
    const cases: [Party, Record<string, unknown>, string][] = [
      [u, { password: undefined }, 'TRADE_PASSWORD_REQUIRED'],
      [u, { password: '' }, 'TRADE_PASSWORD_REQUIRED'],
      [u, { password: 'guess-1' }, 'TRADE_PASSWORD_WRONG'],
      [noPassword, {}, 'TRADE_PASSWORD_MISSING'],
    ];
    for (const [p, over, code] of cases) {
      const r = await post(t, p, '/api/acceptor/deal', sell(otc.acceptorId, over));
      expect([r.body.code, JSON.stringify(over)]).toEqual([code, JSON.stringify(over)]);
    }
    expect(await before()).toEqual(b0);

    // Two-factor on: the code is needed too (a recorded wrong password above does not lock yet: 2 of 5).
    const secret = newTotpSecret();
    await t.app.ctx.db
      .insertInto('user_security')
      .values({ user_id: u.id, totp_secret: secret, totp_enabled_at: t.clock.now(), updated_at: 0 })
      .execute();
    expect((await post(t, u, '/api/acceptor/deal', sell(otc.acceptorId))).body.code).toBe(
      'TWO_FACTOR_REQUIRED',
    );
    const wrongCode = await post(t, u, '/api/acceptor/deal', sell(otc.acceptorId, { totp_code: '000000' }));
    expect(wrongCode.body.code).toBe('TWO_FACTOR_INVALID');
    expect(await before()).toEqual(b0);
    const code = await totpNow(secret, t.clock.now());
    await open(t, u, sell(otc.acceptorId, { totp_code: code }));
    expect(await bal(t, u.id)).toBe((b0[0] as bigint) - 20n * U);
    expect(await escrow(t)).toBe((b0[2] as bigint) + 20n * U);

    // A buy deal moves the acceptor's coin, not the user's: it asks for neither.
    const buy = await post(t, noPassword, '/api/acceptor/deal', {
      ...sell(otc.acceptorId),
      type: 'buy',
      money: '720',
      password: undefined,
    });
    expect(buy.body.type).toBe('ok');
  });

  it('freezes a disputed deal: no acceptor move, no auto-confirm; private images; bad disputes change nothing', async () => {
    const t = getApp();
    const otc = await acceptorParty(t, 'seller@oryx.local');
    const u = await user(t);
    const stranger = await user(t);
    const op = await staff(t, 'operator@oryx.local');
    const id = await open(t, u, sell(otc.acceptorId));
    expect((await post(t, otc, '/api/acceptor/desk/transferred', { id })).body.type).toBe('ok');
    const image = (await upload(t, u.token, pngBytes())).body.message as string;
    const foreign = (await upload(t, stranger.token, pngBytes())).body.message as string;
    const appeal = (p: Party, body: Record<string, unknown>) =>
      post(t, p, '/api/acceptor/appeal', { id, ...body });

    expect((await appeal(stranger, { note: 'x' })).body.code).toBe('ACCEPTOR_DEAL_NOT_FOUND');
    expect((await appeal(otc, { note: 'x' })).body.code).toBe('ACCEPTOR_DEAL_NOT_FOUND');
    expect((await appeal(u, { note: '  ' })).body.code).toBe('ACCEPTOR_DISPUTE_NOTE_REQUIRED');
    expect((await appeal(u, { note: 'no money', images: [foreign] })).body.code).toBe(
      'ACCEPTOR_IMAGE_INVALID',
    );
    expect((await dealOf(t, id)).disputed_at).toBeNull();
    expect((await appeal(u, { note: 'the money never arrived', images: [image] })).body.type).toBe('ok');
    expect((await appeal(u, { note: 'again' })).body.code).toBe('ACCEPTOR_DEAL_STATE');
    // Operators are told once (the refused second dispute tells nobody); the auditor is not.
    expect(await consoleNotices(t, id, 'console.dispute acceptor')).toEqual(TOLD_OPERATORS);

    const e0 = await escrow(t);
    for (const url of ['/api/acceptor/desk/confirm', '/api/acceptor/desk/reject']) {
      expect((await post(t, otc, url, { id })).body.code).toBe('ACCEPTOR_DEAL_STATE');
    }
    expect((await post(t, u, '/api/acceptor/deal_sure', { id })).body.code).toBe('ACCEPTOR_DEAL_STATE');
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now() + ACCEPTOR_AUTO_CONFIRM_MS + 60_000);
    expect(await dealOf(t, id)).toMatchObject({ is_sure: 0 });
    expect(await escrow(t)).toBe(e0);

    const mine = (await t.call('GET', '/api/acceptor/my_deal', {}, { token: u.token })).body.message.data[0];
    expect(mine).toMatchObject({ id, is_sure: 0, disputed: 1, auto_confirm_at: 0 });
    expect(mine.dispute).toMatchObject({ note: 'the money never arrived', result: null });
    const [url] = mine.dispute.images as string[];
    expect(url).toMatch(/^\/api\/acceptor\/deal_image\?id=\d+&name=/);
    const fetch = (p: Party | null, u2: string) =>
      t.app.inject({ method: 'GET', url: u2, headers: p ? { authorization: p.token } : {} });
    expect((await fetch(u, url!)).statusCode).toBe(200);
    expect((await fetch(otc, url!)).statusCode).toBe(200);
    expect((await fetch(op, url!)).statusCode).toBe(200);
    expect((await fetch(stranger, url!)).statusCode).toBe(404);
    expect((await fetch(null, image)).statusCode).toBe(404); // no longer public

    const queue = (await t.call('GET', '/api/admin/acceptor/disputes', {}, { token: op.token })).body.message;
    expect(queue.data.find((r: { id: number }) => r.id === id)).toMatchObject({
      user_account: expect.any(String),
      acceptor_account: expect.any(String),
      transferred_at: expect.any(Number),
      dispute: { note: 'the money never arrived', result: null, reason: '' },
      pending: null,
    });
    expect((await t.call('GET', '/api/admin/acceptor/disputes', {}, { token: u.token })).body.code).toBe(
      'FORBIDDEN',
    );
  });

  it('an operator decides below the amount with a reason; no reason or the auditor is refused, nothing moved', async () => {
    const t = getApp();
    const otc = await acceptorParty(t, 'seller@oryx.local');
    const u = await user(t);
    const [op, auditor] = [await staff(t, 'operator@oryx.local'), await staff(t, 'auditor@oryx.local')];
    const id = await open(t, u, sell(otc.acceptorId));
    expect((await decide(t, op, id, 'return', 'not disputed')).body.code).toBe('ACCEPTOR_DEAL_STATE');
    await post(t, u, '/api/acceptor/appeal', { id, note: 'the acceptor does not answer' });
    const snap = async () => [await bal(t, u.id), await bal(t, otc.id), await escrow(t)];
    const s0 = await snap();
    for (const reason of [undefined, '']) {
      expect((await decide(t, op, id, 'return', reason)).body.code).toBe('CONSOLE_REASON_REQUIRED');
    }
    const audit = await t.app.ctx.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('call', '=', '/api/admin/acceptor/decide')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: op.id, outcome: 'CONSOLE_REASON_REQUIRED' });
    expect((await decide(t, auditor, id, 'return', 'x')).body.code).toBe('FORBIDDEN');
    expect(await snap()).toEqual(s0);

    const done = await decide(t, op, id, 'return', 'the acceptor never paid');
    expect(done.body.message).toEqual({ id, is_sure: 2, four_eyes_pending: false });
    expect(await bal(t, u.id)).toBe(s0[0]! + 20n * U);
    expect(await escrow(t)).toBe(s0[2]! - 20n * U);
    expect(await bal(t, otc.id)).toBe(s0[1]);
    const x = await t.app.ctx.db
      .selectFrom('acceptor_disputes')
      .selectAll()
      .where('deal_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(x).toMatchObject({ result: 'return', reason: 'the acceptor never paid', decided_by: op.id });
    expect((await decide(t, op, id, 'release', 'late')).body.code).toBe('ACCEPTOR_DEAL_STATE');
    const mine = (await t.call('GET', '/api/acceptor/my_deal', {}, { token: u.token })).body.message.data[0];
    expect(mine).toMatchObject({ is_sure: 2, disputed: 0, dispute: { result: 'return' } });
  });

  it('an ETH deal worth about 20,000 USDT needs two operators; a 1,000 USDT one does not', async () => {
    const t = getApp();
    const desk = await acceptorParty(t, 'demo2@oryx.local'); // ETH, 3,380 USDT a coin when the user sells
    const u = await user(t, { eth: 10n * U });
    const [op1, op2] = [await staff(t, 'operator@oryx.local'), await staff(t, 'operator2@oryx.local')];
    const eth = (money: string) => sell(desk.acceptorId, { money, way: 'ali_pay' });

    const small = await open(t, u, eth('1000'));
    await post(t, u, '/api/acceptor/appeal', { id: small, note: 'no payment' });
    expect((await decide(t, op1, small, 'return', 'no payment')).body.message.four_eyes_pending).toBe(false);

    const big = await open(t, u, eth('20000'));
    const coins = (await dealOf(t, big)).number_minor;
    await post(t, u, '/api/acceptor/appeal', { id: big, note: 'no payment' });
    const snap = async () => [await bal(t, u.id, ETH), await bal(t, desk.id, ETH), await escrow(t, ETH)];
    const s0 = await snap();

    const first = await decide(t, op1, big, 'release', 'acceptor shows a transfer slip');
    expect(first.body.message).toEqual({ id: big, is_sure: 0, four_eyes_pending: true });
    expect((await decide(t, op1, big, 'release', 'again')).body.code).toBe('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    expect((await decide(t, op2, big, 'return', 'slip is fake')).body.code).toBe(
      'CONSOLE_FOUR_EYES_CONFLICT',
    );
    expect(await snap()).toEqual(s0);

    // What the approvals page shows the second operator.
    const approvals = await t.call('GET', '/api/admin/console/approvals', {}, { token: op2.token });
    const request = approvals.body.message.data.find((a: { kind: string }) => a.kind === 'acceptor.dispute');
    expect(request).toMatchObject({ subject_id: String(big), currency: 'ETH', requested_by: op1.id });
    const detail = (await t.call('GET', '/api/admin/acceptor/dispute', { id: big }, { token: op2.token }))
      .body.message;
    expect(detail).toMatchObject({
      id: big,
      type: 'sell',
      money: '20000.00',
      deal_account: 'attacker-account-1',
      dispute: { note: 'no payment' },
      pending: { approval_id: request.id, result: 'release', reason: 'acceptor shows a transfer slip' },
    });

    // op2 disagrees: rejects the request and asks for the return; op1 agrees and it is carried out.
    const reject = await post(t, op2, '/api/admin/console/approval', { id: request.id, decision: 'reject' });
    expect(reject.body.type).toBe('ok');
    expect((await decide(t, op2, big, 'return', 'slip is fake')).body.message.four_eyes_pending).toBe(true);
    expect(await snap()).toEqual(s0);
    const done = await decide(t, op1, big, 'return', 'agreed, the bank shows nothing');
    expect(done.body.message).toEqual({ id: big, is_sure: 2, four_eyes_pending: false });
    expect(await bal(t, u.id, ETH)).toBe(s0[0]! + coins);
    expect(await escrow(t, ETH)).toBe(s0[2]! - coins);
    expect(await bal(t, desk.id, ETH)).toBe(s0[1]);
  });
});
