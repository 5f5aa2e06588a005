/**
 * Decisions on appealed P2P deals (C2C and shops) under four-eyes: a decision needs a written reason
 * (refused without one, nothing moved, the attempt in the audit log); the read-only auditor cannot decide;
 * above CONSOLE_FOUR_EYES_USDT (valued at the coin's USDT price, so a BTC deal counts its worth) the first
 * operator only records the request, the requester repeating it is refused, an operator asking for the
 * other result is refused until the request is rejected, and a second operator making the same decision
 * carries it out. Coins are conserved in every step (and the ledger check closes every app).
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { PW, U, USDT, lastAdOf, ready, type Party } from './test-helpers';

const BTC = 2;

const OPERATOR = 'operator@oryx.local';
const OPERATOR2 = 'operator2@oryx.local';
const AUDITOR = 'auditor@oryx.local';

async function fund(t: TestApp, id: number, currencyId: number, amountMinor: bigint) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(id, 'legal'),
      amountMinor,
      currencyId,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `fund-${id}-${currencyId}-${Math.random()}` },
      at: t.clock.now(),
    }),
  );
}

const bal = async (t: TestApp, id: number, currencyId: number) =>
  (await ledger.balance(t.app.ctx.db, userAccount(id, 'legal'), currencyId)).availableMinor;
const escrowOf = async (t: TestApp, currencyId: number) =>
  (await ledger.balance(t.app.ctx.db, systemAccount('c2c_escrow'), currencyId)).availableMinor;

async function staff(t: TestApp, email: string): Promise<Party> {
  return { id: await t.userId(email), token: await t.tokenFor(email) };
}

const decide = (t: TestApp, p: Party, id: number, result: string, reason?: string) =>
  t.call('POST', '/api/admin/p2p/decide', reason === undefined ? { id, result } : { id, result, reason }, {
    token: p.token,
  });

/** A C2C sell ad of `total` (decimal) coins by `seller`, taken and paid by `buyer`, then appealed by the buyer. */
async function appealedC2c(t: TestApp, seller: Party, buyer: Party, currencyId: number, total: string) {
  const ad = {
    type: 'sell',
    price: '7.10',
    total_number: total,
    way: 'bank',
    currency_id: currencyId,
    coin_code: 'CNY',
  };
  const posted = await t.call('POST', '/api/c2c_send', { password: PW, ...ad }, { token: seller.token });
  expect(posted.body.type, JSON.stringify(posted.body)).toBe('ok');
  const adId = await lastAdOf(t, seller);
  const taken = await t.call(
    'POST',
    '/api/c2c/do_legal_deal',
    { id: adId, password: PW },
    { token: buyer.token },
  );
  const id = taken.body.message.data.id as number;
  await t.call('POST', '/api/c2c/user_legal_pay', { id, password: PW }, { token: buyer.token });
  const appealed = await t.call(
    'POST',
    '/api/c2c/arbitrate',
    { id, note: 'paid, not released' },
    { token: buyer.token },
  );
  expect(appealed.body.type).toBe('ok');
  return id;
}

const dealState = async (t: TestApp, id: number) =>
  (
    await t.app.ctx.db
      .selectFrom('p2p_deals')
      .select('is_sure')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).is_sure;

async function lastAudit(t: TestApp) {
  return t.app.ctx.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('call', '=', '/api/admin/p2p/decide')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describeEachDb('escrow decisions on appealed P2P deals', (getApp) => {
  it('an operator who is a party of the deal decides nothing about it, either way, at any amount', async () => {
    const t = getApp();
    const seller = await ready(t, OPERATOR);
    const buyer = await ready(t, 'demo2@oryx.local');
    await fund(t, seller.id, USDT, 10n * U);
    const id = await appealedC2c(t, seller, buyer, USDT, '10');
    const before = [await bal(t, seller.id, USDT), await bal(t, buyer.id, USDT), await escrowOf(t, USDT)];
    for (const result of ['release', 'return']) {
      const r = await decide(t, seller, id, result, 'my own deal');
      expect(r.body.code).toBe('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
      expect(await lastAudit(t)).toMatchObject({
        actor_id: seller.id,
        outcome: 'CONSOLE_FOUR_EYES_OWN_ACCOUNT',
      });
    }
    expect([await bal(t, seller.id, USDT), await bal(t, buyer.id, USDT), await escrowOf(t, USDT)]).toEqual(
      before,
    );
    expect(await dealState(t, id)).toBe(4);
    // Another operator decides it alone (10 USDT is under the four-eyes amount).
    const other = await staff(t, OPERATOR2);
    expect((await decide(t, other, id, 'return', 'the buyer sent no payment')).body.type).toBe('ok');
  });

  it('a 12,000 USDT C2C appeal: reason required, auditor refused, two different operators', async () => {
    const t = getApp();
    const seller = await ready(t, 'demo1@oryx.local');
    const buyer = await ready(t, 'demo2@oryx.local');
    await fund(t, seller.id, USDT, 12_000n * U);
    const [op1, op2, auditor] = [
      await staff(t, OPERATOR),
      await staff(t, OPERATOR2),
      await staff(t, AUDITOR),
    ];
    const id = await appealedC2c(t, seller, buyer, USDT, '12000');
    const snapshot = async () => [
      await bal(t, seller.id, USDT),
      await bal(t, buyer.id, USDT),
      await escrowOf(t, USDT),
    ];
    const before = await snapshot();

    // No reason (missing, blank): refused with a clear code, nothing moved, the attempt is in the audit log.
    for (const reason of [undefined, '   ']) {
      const r = await decide(t, op1, id, 'release', reason);
      expect(r.body).toMatchObject({ type: 'error', code: 'CONSOLE_REASON_REQUIRED' });
      expect(await lastAudit(t)).toMatchObject({ actor_id: op1.id, outcome: 'CONSOLE_REASON_REQUIRED' });
    }
    // The read-only auditor cannot decide.
    expect((await decide(t, auditor, id, 'release', 'looks paid')).body.code).toBe('FORBIDDEN');
    expect(await snapshot()).toEqual(before);
    expect(await dealState(t, id)).toBe(4);

    // The first operator only records the request.
    const first = await decide(t, op1, id, 'release', 'bank statement shows the payment');
    expect(first.body.message).toEqual({ id, is_sure: 4, four_eyes_pending: true });
    expect(await snapshot()).toEqual(before);
    const audit = await lastAudit(t);
    expect(audit.outcome).toBe('ok');
    expect(JSON.parse(audit.input_json)).toMatchObject({ reason: 'bank statement shows the payment' });
    // The requester repeating it (the same operator twice) is refused; so is its other result.
    expect((await decide(t, op1, id, 'release', 'again')).body.code).toBe('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    expect((await decide(t, op1, id, 'return', 'changed my mind')).body.code).toBe(
      'CONSOLE_FOUR_EYES_CONFLICT',
    );
    // A second operator asking for the other result is refused while the request waits.
    expect((await decide(t, op2, id, 'return', 'no payment seen')).body.code).toBe(
      'CONSOLE_FOUR_EYES_CONFLICT',
    );
    // The requester cannot approve it on the approvals page either.
    const approvals = await t.call(
      'GET',
      '/api/admin/console/approvals',
      { status: 'pending' },
      { token: op2.token },
    );
    const request = approvals.body.message.data.find((a: { kind: string }) => a.kind === 'p2p.appeal');
    expect(request).toMatchObject({ subject_id: String(id), amount: '12000.00000000', currency: 'USDT' });
    expect(request.reason).toBe('bank statement shows the payment');
    const selfApprove = await t.call(
      'POST',
      '/api/admin/console/approval',
      { id: request.id, decision: 'approve' },
      { token: op1.token },
    );
    expect(selfApprove.body.type).toBe('error');
    expect(await snapshot()).toEqual(before);

    // What the second operator sees: the deal, both parties, the evidence and the requester's reason.
    const detail = await t.call('GET', '/api/admin/p2p/appeal', { id }, { token: auditor.token });
    expect(detail.body.message).toMatchObject({
      id,
      is_sure: 4,
      number: '12000.00000000',
      appeal: { by: 'buyer', note: 'paid, not released', result: null },
      pending: {
        approval_id: request.id,
        result: 'release',
        reason: 'bank statement shows the payment',
        requested_by: op1.id,
      },
    });

    // The second operator, same decision, own reason: the coins move.
    const second = await decide(t, op2, id, 'release', 'confirmed with the bank');
    expect(second.body.message).toEqual({ id, is_sure: 1, four_eyes_pending: false });
    expect(await bal(t, buyer.id, USDT)).toBe(before[1]! + 12_000n * U);
    expect(await escrowOf(t, USDT)).toBe(before[2]! - 12_000n * U);
    expect(await bal(t, seller.id, USDT)).toBe(before[0]);
    const row = await t.app.ctx.db
      .selectFrom('staff_approvals')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', requested_by: op1.id, decided_by: op2.id });
    const appeal = await t.app.ctx.db
      .selectFrom('p2p_appeals')
      .selectAll()
      .where('deal_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(appeal).toMatchObject({
      result: 'release',
      reason: 'confirmed with the bank',
      decided_by: op2.id,
    });
    expect((await decide(t, op1, id, 'release', 'late')).body.code).toBe('P2P_DEAL_STATE');
  });

  it('below the amount one operator decides; a rejected request lets the other result through', async () => {
    const t = getApp();
    const seller = await ready(t, 'demo1@oryx.local');
    const buyer = await ready(t, 'demo2@oryx.local');
    await fund(t, seller.id, USDT, 20_000n * U);
    const [op1, op2] = [await staff(t, OPERATOR), await staff(t, OPERATOR2)];

    const small = await appealedC2c(t, seller, buyer, USDT, '500');
    const s0 = await bal(t, seller.id, USDT);
    const e0 = await escrowOf(t, USDT);
    expect((await decide(t, op1, small, 'return', 'buyer sent no money')).body.message).toEqual({
      id: small,
      is_sure: 2,
      four_eyes_pending: false,
    });
    // A sell ad's coins go back to the reopened ad (still in escrow); withdrawing the ad returns them.
    expect(await escrowOf(t, USDT)).toBe(e0);
    await t.call(
      'POST',
      '/api/c2c/back_send',
      { id: await lastAdOf(t, seller), password: PW },
      { token: seller.token },
    );
    expect(await bal(t, seller.id, USDT)).toBe(s0 + 500n * U);

    const big = await appealedC2c(t, seller, buyer, USDT, '15000');
    const b0 = await bal(t, buyer.id, USDT);
    expect((await decide(t, op1, big, 'release', 'payment seen')).body.message.four_eyes_pending).toBe(true);
    const pending = (
      await t.call('GET', '/api/admin/p2p/appeals', {}, { token: op2.token })
    ).body.message.data.find((r: { id: number }) => r.id === big);
    expect(pending.pending).toMatchObject({ result: 'release', reason: 'payment seen' });
    // op2 disagrees: rejects the request, then asks for the return, which op1 then approves.
    const rejected = await t.call(
      'POST',
      '/api/admin/console/approval',
      { id: pending.pending.approval_id, decision: 'reject' },
      { token: op2.token },
    );
    expect(rejected.body.type).toBe('ok');
    expect(
      (await decide(t, op2, big, 'return', 'the payment was reversed')).body.message.four_eyes_pending,
    ).toBe(true);
    expect(await dealState(t, big)).toBe(4);
    expect((await decide(t, op1, big, 'return', 'agreed: reversed')).body.message).toEqual({
      id: big,
      is_sure: 2,
      four_eyes_pending: false,
    });
    expect(await bal(t, buyer.id, USDT)).toBe(b0);
  });

  it('values a BTC deal at its USDT price: 0.2 BTC needs two operators, 0.05 BTC one', async () => {
    const t = getApp();
    const seller = await ready(t, 'demo1@oryx.local');
    const buyer = await ready(t, 'demo2@oryx.local');
    await fund(t, seller.id, BTC, U); // 1 BTC
    const [op1, op2] = [await staff(t, OPERATOR), await staff(t, OPERATOR2)];
    const b0 = await bal(t, buyer.id, BTC);

    const small = await appealedC2c(t, seller, buyer, BTC, '0.05'); // about 4,800 USDT
    expect((await decide(t, op1, small, 'release', 'paid')).body.message.four_eyes_pending).toBe(false);
    expect(await bal(t, buyer.id, BTC)).toBe(b0 + 5_000_000n);

    const big = await appealedC2c(t, seller, buyer, BTC, '0.2'); // about 19,200 USDT
    const e0 = await escrowOf(t, BTC);
    expect((await decide(t, op1, big, 'release', 'paid')).body.message.four_eyes_pending).toBe(true);
    expect(await escrowOf(t, BTC)).toBe(e0);
    expect((await decide(t, op1, big, 'release', 'paid')).body.code).toBe('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    expect((await decide(t, op2, big, 'release', 'checked')).body.message.four_eyes_pending).toBe(false);
    expect(await bal(t, buyer.id, BTC)).toBe(b0 + 25_000_000n);
    expect(await escrowOf(t, BTC)).toBe(e0 - 20_000_000n);
  });

  it('a shop appeal is decided the same way, above and below the amount', async () => {
    const t = getApp();
    const admin = await staff(t, 'admin@oryx.local');
    const seller = await ready(t, 'seller@oryx.local');
    const buyer = await ready(t, 'demo2@oryx.local');
    await fund(t, seller.id, USDT, 11_100n * U);
    const opened = await t.call(
      'POST',
      '/api/admin/p2p/open_shop',
      { account: 'seller@oryx.local', currency_id: USDT, name: 'Escrow test shop' },
      { token: admin.token },
    );
    const shopId =
      opened.body.type === 'ok'
        ? (opened.body.message.id as number)
        : (
            await t.app.ctx.db
              .selectFrom('p2p_shops')
              .select('id')
              .where('user_id', '=', seller.id)
              .where('currency_id', '=', USDT)
              .executeTakeFirstOrThrow()
          ).id;
    const as = (p: Party, path: string, body: Record<string, unknown>) =>
      t.call('POST', path, { password: PW, ...body }, { token: p.token });
    expect(
      (await as(seller, '/api/seller/transfer', { number: '11100', type: 'in', seller_id: shopId })).body
        .type,
    ).toBe('ok');
    const ad = {
      type: 'sell',
      price: '7.00',
      total_number: '11100',
      min_number: '',
      max_number: '',
      way: 'bank',
      currency_id: USDT,
      coin_code: 'CNY',
    };
    expect((await as(seller, '/api/legal_send', ad)).body.type).toBe('ok');
    const list = await t.call(
      'GET',
      '/api/seller_trade',
      { id: shopId, page: 1, is_done: 0 },
      { token: seller.token },
    );
    const adId = list.body.message.data[0].id as number;
    const taken = await as(buyer, '/api/do_legal_deal', { id: adId, means: 'number', value: '11000' });
    const id = taken.body.message.data.id as number;
    await as(buyer, '/api/user_legal_pay', { id });
    expect((await as(buyer, '/api/legal/arbitrate', { id, note: 'paid' })).body.type).toBe('ok');
    const [op1, op2, auditor] = [
      await staff(t, OPERATOR),
      await staff(t, OPERATOR2),
      await staff(t, AUDITOR),
    ];
    const b0 = await bal(t, buyer.id, USDT);
    const e0 = await escrowOf(t, USDT);

    expect((await decide(t, op1, id, 'release')).body.code).toBe('CONSOLE_REASON_REQUIRED');
    expect(await lastAudit(t)).toMatchObject({ outcome: 'CONSOLE_REASON_REQUIRED' });
    expect((await decide(t, auditor, id, 'release', 'x')).body.code).toBe('FORBIDDEN');
    expect((await decide(t, op1, id, 'release', 'voucher matches')).body.message.four_eyes_pending).toBe(
      true,
    );
    expect((await decide(t, op1, id, 'release', 'voucher matches')).body.code).toBe(
      'CONSOLE_FOUR_EYES_SAME_OPERATOR',
    );
    expect([await bal(t, buyer.id, USDT), await escrowOf(t, USDT), await dealState(t, id)]).toEqual([
      b0,
      e0,
      4,
    ]);
    expect((await decide(t, op2, id, 'release', 'voucher matches the bank')).body.message).toEqual({
      id,
      is_sure: 1,
      four_eyes_pending: false,
    });
    expect(await bal(t, buyer.id, USDT)).toBe(b0 + 11_000n * U);
    expect(await escrowOf(t, USDT)).toBe(e0 - 11_000n * U);

    // Below the amount (the ad's last 100 USDT): one operator returns it to the shop's ad at once.
    const small = (await as(buyer, '/api/do_legal_deal', { id: adId, means: 'number', value: '100' })).body
      .message.data.id as number;
    await as(buyer, '/api/user_legal_pay', { id: small });
    await as(seller, '/api/legal/arbitrate', { id: small, note: 'nothing arrived' });
    expect((await decide(t, op1, small, 'return', 'no payment on the statement')).body.message).toEqual({
      id: small,
      is_sure: 2,
      four_eyes_pending: false,
    });
    expect(await escrowOf(t, USDT)).toBe(e0 - 11_000n * U); // back on the reopened ad, still in escrow
    expect(await bal(t, buyer.id, USDT)).toBe(b0 + 11_000n * U);
  });
});
