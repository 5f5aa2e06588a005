/**
 * Money leaving or entering through operators, against the attacks replayed over HTTP: a withdrawal
 * reviewed by its USDT worth whatever the coin, the owner never one of its approvers, a rejection closing
 * a first approval, rupiah payouts reviewed like coin withdrawals (split payouts, a fresh bank card), and
 * one credit per chain transaction across the deposit scanner and deposit claims.
 */
import { expect, it } from 'vitest';
import { consoleNotices, TOLD_OPERATORS } from '../notifications/test-helpers';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../test/harness';
import { bindBankCard, lastCode, passCoolOff } from '../../../test/accounts';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { sandboxAddress, sandboxChain } from './chain/sandbox';
import { scanChain } from './deposits';
import { depositAddressOf, coinOf, networkOf } from './service';
import { processWithdrawals } from './withdrawals';

const U = 100_000_000n;
const USDT = 1;
const BTC = 2;
const DAY = 24 * 3_600_000;
const TO = sandboxAddress('elsewhere', 77);

async function fund(t: TestApp, userId: number, currencyId: number, amountMinor: bigint) {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId,
      amountMinor,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `${userId}-${currencyId}-${amountMinor}` },
      at: t.clock.now(),
    }),
  );
}

async function user(t: TestApp, email: string) {
  const { db } = t.app.ctx;
  const userId = await t.userId(email);
  const token = await t.tokenFor(email);
  const balance = async (currencyId = USDT) => ledger.balance(db, userAccount(userId, 'change'), currencyId);
  /** Binds TO for a coin's network (a code sent to the user), then waits out the cool-off. */
  const bind = async (currency: number, type: string) => {
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/wallet/address_code', {}, { token })).body.type).toBe('ok');
    const code = await lastCode(t, email);
    const r = await t.call(
      'POST',
      '/api/wallet/add_address',
      { currency, type, address: TO, code },
      { token },
    );
    expect(r.body.type).toBe('ok');
    t.clock.advance(DAY + 1);
  };
  const withdraw = (currency: number, type: string, number: string) =>
    t.call(
      'POST',
      '/api/wallet/out',
      { currency, type, number, address: TO, pay_password: DEMO_PASSWORD },
      { token },
    );
  const lastWithdrawal = () =>
    db
      .selectFrom('funding_withdrawals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  return { userId, token, balance, bind, withdraw, lastWithdrawal };
}

async function staff(t: TestApp) {
  return {
    op1: await t.tokenFor('operator@oryx.local'),
    op2: await t.tokenFor('operator2@oryx.local'),
    admin: await t.tokenFor('admin@oryx.local'),
  };
}

describeEachDb('funding: review by value, four-eyes, one credit per transaction', (getApp) => {
  it('a BTC withdrawal under the coin’s own threshold but worth more than the USDT amount waits for two operators', async () => {
    const t = getApp();
    t.clock.advance(DAY + 1);
    const ops = await staff(t);
    const u = await user(t, 'demo1@oryx.local');
    await fund(t, u.userId, BTC, 1n * U);
    await u.bind(BTC, 'native');
    const before = await u.balance(BTC);
    // 0.5 BTC (about 48,000 USDT) is under BTC's own 1 BTC: it used to go out with no operator.
    expect((await u.withdraw(BTC, 'native', '0.5')).body.type).toBe('ok');
    const w = await u.lastWithdrawal();
    expect(w.status).toBe(0);
    expect(await consoleNotices(t, w.id, 'console.withdrawal coin')).toEqual(TOLD_OPERATORS);
    expect(await u.balance(BTC)).toEqual({
      availableMinor: before.availableMinor - U / 2n,
      frozenMinor: before.frozenMinor + U / 2n,
    });
    await processWithdrawals(t.app.ctx);
    expect((await u.lastWithdrawal()).tx_hash).toBeNull();
    const decide = (token: string, approve = 1) =>
      t.call('POST', '/api/admin/funding/withdrawal', { id: w.id, approve }, { token });
    expect((await decide(ops.op1)).body.message).toMatchObject({ status: 0, four_eyes_pending: true });
    expect((await decide(ops.op1)).body.code).toBe('CONSOLE_FOUR_EYES_SAME_OPERATOR');
    const queued = await t.call('GET', '/api/admin/funding/withdrawals', undefined, { token: ops.op2 });
    expect(queued.body.message.find((x: { id: number }) => x.id === w.id)).toMatchObject({
      four_eyes_pending: true,
    });
    expect((await decide(ops.op2)).body.message).toMatchObject({ status: 1, four_eyes_pending: false });
    await processWithdrawals(t.app.ctx);
    expect((await u.lastWithdrawal()).tx_hash).not.toBeNull();
  });

  it('the operator who owns a withdrawal is never one of its approvers; a rejection closes a first approval', async () => {
    const t = getApp();
    t.clock.advance(DAY + 1);
    const ops = await staff(t);
    const owner = await user(t, 'operator@oryx.local');
    await fund(t, owner.userId, USDT, 50_000n * U);
    await owner.bind(USDT, 'erc20');
    const before = await owner.balance();
    expect((await owner.withdraw(USDT, 'erc20', '20000')).body.type).toBe('ok');
    const w = await owner.lastWithdrawal();
    expect(w.status).toBe(0);
    const decide = (token: string, approve = 1) =>
      t.call('POST', '/api/admin/funding/withdrawal', { id: w.id, approve }, { token });
    // The owner's approval is refused outright (and so is his rejection): it records nothing.
    expect((await decide(ops.op1)).body.code).toBe('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
    expect((await decide(ops.op1, 0)).body.code).toBe('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
    const requests = () =>
      t.app.ctx.db
        .selectFrom('staff_approvals')
        .selectAll()
        .where('kind', '=', 'funding.withdrawal')
        .where('subject_id', '=', String(w.id))
        .execute();
    expect(await requests()).toEqual([]);
    // So two other operators are needed.
    expect((await decide(ops.op2)).body.message).toMatchObject({ status: 0, four_eyes_pending: true });
    expect((await decide(ops.admin)).body.message).toMatchObject({ status: 1, four_eyes_pending: false });
    expect(await requests()).toMatchObject([{ status: 'approved' }]);
    expect((await requests())[0]!.requested_by).not.toBe(owner.userId);
    expect((await requests())[0]!.decided_by).not.toBe(owner.userId);

    // A rejection after a first approval closes that approval: nothing is left waiting.
    const u = await user(t, 'demo2@oryx.local');
    await fund(t, u.userId, USDT, 30_000n * U);
    await u.bind(USDT, 'erc20');
    const b0 = await u.balance();
    expect((await u.withdraw(USDT, 'erc20', '20000')).body.type).toBe('ok');
    const big = await u.lastWithdrawal();
    const decideBig = (token: string, approve: number) =>
      t.call('POST', '/api/admin/funding/withdrawal', { id: big.id, approve }, { token });
    expect((await decideBig(ops.op1, 1)).body.message.four_eyes_pending).toBe(true);
    expect((await decideBig(ops.op2, 0)).body.message).toMatchObject({ status: 3, four_eyes_pending: false });
    const left = await t.app.ctx.db
      .selectFrom('staff_approvals')
      .selectAll()
      .where('kind', '=', 'funding.withdrawal')
      .where('subject_id', '=', String(big.id))
      .execute();
    expect(left).toMatchObject([{ status: 'rejected' }]);
    expect(await u.balance()).toEqual(b0);
    expect((await decideBig(ops.admin, 1)).body.code).toBe('FUNDING_ALREADY_DECIDED');
    expect(await u.balance()).toEqual(b0);
    expect((await owner.balance()).availableMinor).toBe(before.availableMinor - 20_000n * U);
  });

  it('rupiah payouts are reviewed like coin withdrawals: split payouts wait for an operator, a fresh bank card receives nothing', async () => {
    const t = getApp();
    t.clock.advance(DAY + 1);
    const ops = await staff(t);
    const u = await user(t, 'demo2@oryx.local');
    await fund(t, u.userId, USDT, 20_000n * U);
    const bindCard = (receive_account: string) =>
      bindBankCard(
        t,
        { token: u.token, email: 'demo2@oryx.local', password: DEMO_PASSWORD },
        { receive_name: 'Budi', bank_code: 'BRI', bank_name: '', receive_account },
      );
    const payout = (number: string) =>
      t.call(
        'POST',
        '/api/wallet/out_pay',
        { currency: USDT, number, pay_password: DEMO_PASSWORD },
        { token: u.token },
      );
    const decide = (id: number, approve: number, token: string) =>
      t.call('POST', '/api/admin/funding/payout', { id, approve }, { token });

    // A freshly bound card receives nothing until it has waited out its cool-off: refused, nothing moved.
    expect((await bindCard('1234567890')).body.type).toBe('ok');
    const b0 = await u.balance();
    const fresh = await payout('100');
    expect(fresh.body.code).toBe('PAY_BANK_CARD_MISSING');
    expect(await u.balance()).toEqual(b0);
    await passCoolOff(t);

    // A card in effect: the first 6,000 USDT is paid at once, the second (12,000 in 24 hours) waits.
    const first = await payout('6000');
    expect(first.body.message).toMatchObject({ status: 2 });
    const second = await payout('6000');
    expect(second.body.message).toMatchObject({ status: 0 });
    expect(await consoleNotices(t, second.body.message.id, 'console.withdrawal rupiah')).toEqual(
      TOLD_OPERATORS,
    );
    const b1 = await u.balance();
    expect(b1).toEqual({
      availableMinor: b0.availableMinor - 12_000n * U,
      frozenMinor: b0.frozenMinor + 6_000n * U,
    });
    // One operator's approval pays it out (6,000 USDT is within what one operator moves alone).
    expect((await decide(second.body.message.id, 1, ops.op1)).body.message).toMatchObject({
      status: 2,
      four_eyes_pending: false,
    });
    expect((await decide(second.body.message.id, 1, ops.op2)).body.code).toBe('FUNDING_ALREADY_DECIDED');
    // Bad input: a clear refusal, nothing moved, the attempt in the audit log.
    expect((await decide(99_999, 1, ops.op2)).body.code).toBe('FUNDING_NOT_FOUND');
    expect((await decide(second.body.message.id, 2, ops.op2)).body.code).toBe('VALIDATION');
    const refused = await t.app.ctx.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('call', '=', '/api/admin/funding/payout')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(refused.map((r) => r.outcome)).toEqual(['VALIDATION', 'FUNDING_NOT_FOUND']);
    expect(refused[1]!.subject_id).toBe('99999');
    expect(await u.balance()).toEqual({ availableMinor: b1.availableMinor, frozenMinor: b0.frozenMinor });
    const log = await t.call('POST', '/api/wallet/pay_log', { type: 'out' }, { token: u.token });
    expect(log.body.message.data.slice(0, 2).map((r: { status: number }) => r.status)).toEqual([2, 2]);
  });

  it('a claim of a transaction the scanner already credited is refused, and one transaction is claimed once', async () => {
    const t = getApp();
    t.clock.advance(DAY + 1);
    const { ctx } = t.app;
    const ops = await staff(t);
    const u = await user(t, 'demo1@oryx.local');
    const coin = await coinOf(ctx.db, USDT);
    const network = await networkOf(ctx.db, coin, 'erc20');
    const { address } = await depositAddressOf(ctx, u.userId, coin, network);
    const faucet = (amountMinor: bigint) =>
      sandboxChain.faucet(ctx.db, ctx.clock.now(), {
        to: address,
        memo: '',
        asset: network.contract_address,
        amountMinor,
      });
    const confirm = async () => {
      for (let i = 0; i < network.confirmations; i++) await sandboxChain.mine(ctx.db, ctx.clock.now());
      await scanChain(ctx, 'sandbox');
    };
    const claim = (body: Record<string, unknown>) =>
      t.call(
        'POST',
        '/api/wallet/charge_req',
        { currency: USDT, account: 'my wallet', ...body },
        { token: u.token },
      );
    const claims = async () =>
      (await t.call('GET', '/api/admin/funding/claims', undefined, { token: ops.op1 })).body.message.filter(
        (c: { user_id: number }) => c.user_id === u.userId,
      );
    const decide = (id: number, body: Record<string, unknown>, token = ops.op1) =>
      t.call('POST', '/api/admin/funding/claim', { id, approve: 1, ...body }, { token });

    // The scanner credits a deposit of 100.
    const credited = await faucet(100n * U);
    await confirm();
    const afterDeposit = (await u.balance()).availableMinor;
    const row = await ctx.db
      .selectFrom('funding_deposits')
      .selectAll()
      .where('tx_hash', '=', credited)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);

    // Quoting its hash in the claim is refused at once; named by the operator, refused at the credit.
    expect((await claim({ amount: '100', tx_hash: credited })).body.code).toBe('FUNDING_TX_ALREADY_CREDITED');
    expect((await claim({ amount: '100' })).body.type).toBe('ok');
    const [plain] = await claims();
    expect((await decide(plain.id, {})).body.code).toBe('FUNDING_CLAIM_TX_REQUIRED');
    expect((await decide(plain.id, { tx_hash: 'not-a-hash', type: 'erc20' })).body.code).toBe(
      'FUNDING_TX_INVALID',
    );
    expect(
      (await decide(plain.id, { tx_hash: credited.toUpperCase().replace('0X', '0x'), type: 'erc20' })).body
        .code,
    ).toBe('FUNDING_TX_ALREADY_CREDITED');
    expect((await u.balance()).availableMinor).toBe(afterDeposit);

    // The same (not yet scanned) transaction claimed twice: credited once, the second refused.
    const sent = await faucet(40n * U);
    expect((await claim({ amount: '40', tx_hash: sent, type: 'erc20' })).body.type).toBe('ok');
    expect((await claim({ amount: '40', tx_hash: sent, type: 'erc20' })).body.type).toBe('ok');
    const [twice, once] = await claims();
    expect((await decide(once.id, {})).body.message).toMatchObject({
      status: 1,
      tx_hash: sent.toLowerCase(),
    });
    expect((await decide(twice.id, {})).body.code).toBe('FUNDING_TX_ALREADY_CREDITED');
    expect((await u.balance()).availableMinor).toBe(afterDeposit + 40n * U);
    // The scanner then finds that transaction: it is not credited a second time.
    await confirm();
    const late = await ctx.db
      .selectFrom('funding_deposits')
      .selectAll()
      .where('tx_hash', '=', sent)
      .executeTakeFirstOrThrow();
    expect(late.status).toBe(4);
    expect((await u.balance()).availableMinor).toBe(afterDeposit + 40n * U);
    // And the database itself holds one credit per chain and transaction.
    await expect(
      ctx.db
        .insertInto('funding_tx_credits')
        .values({ chain: 'sandbox', tx_hash: sent.toLowerCase(), source: 'claim', ref_id: 0, credited_at: 0 })
        .execute(),
    ).rejects.toThrow();

    // The claim of the operator's own account: he cannot credit it, another operator can.
    const mine = await user(t, 'operator@oryx.local');
    const own = await t.call(
      'POST',
      '/api/wallet/charge_req',
      {
        currency: USDT,
        account: 'cold wallet',
        amount: '9999',
        tx_hash: `0x${'ab'.repeat(32)}`,
        type: 'erc20',
      },
      { token: mine.token },
    );
    expect(own.body.type).toBe('ok');
    const ownClaim = (
      await t.call('GET', '/api/admin/funding/claims', undefined, { token: ops.op2 })
    ).body.message.find(
      (c: { user_id: number; status: number }) => c.user_id === mine.userId && c.status === 0,
    );
    const ownBefore = (await mine.balance()).availableMinor;
    expect((await decide(ownClaim.id, {}, ops.op1)).body.code).toBe('CONSOLE_FOUR_EYES_OWN_ACCOUNT');
    expect((await mine.balance()).availableMinor).toBe(ownBefore);
    const audit = await ctx.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      call: '/api/admin/funding/claim',
      outcome: 'CONSOLE_FOUR_EYES_OWN_ACCOUNT',
      subject_id: String(ownClaim.id),
    });
    expect((await decide(ownClaim.id, {}, ops.op2)).body.message).toMatchObject({ status: 1 });
    expect((await mine.balance()).availableMinor).toBe(ownBefore + 9_999n * U);
  });
});
