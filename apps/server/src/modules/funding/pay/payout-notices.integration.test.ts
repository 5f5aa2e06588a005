/**
 * A rupiah payout tells its owner how it ended, like a coin withdrawal: paid (`withdraw.sent`), declined
 * by the bank (`withdraw.failed`) or rejected by an operator (`withdraw.rejected`), with `area: 'rupiah'`
 * and the amount; a payout closed twice tells once.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../../test/harness';
import { runInTransaction } from '../../../db/transaction';
import { ledger, systemAccount, userAccount } from '../../ledger/service';
import { notifyOperators } from '../../notifications/operators';
import { consoleNotices } from '../../notifications/test-helpers';
import { PAYOUT_REF, PAYOUT_STATUS, closePayout, decidePayout } from './payouts';

const U = 100_000_000n;
const USDT = 1;

/** A payout row in `status` with its amount frozen, as `requestPayWithdrawal` leaves it. */
async function payoutIn(t: TestApp, userId: number, status: number): Promise<number> {
  const at = t.clock.now();
  return runInTransaction(t.app.ctx.db, async (trx) => {
    await ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId: USDT,
      amountMinor: 100n * U,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `payout-${at}-${status}` },
      at,
    });
    const row = await trx
      .insertInto('funding_pay_payouts')
      .values({
        user_id: userId,
        currency_id: USDT,
        provider: 'sandbox',
        amount_minor: 100n * U,
        fee_minor: U,
        amount_idr: 1_584_000,
        bank_code: 'BRI',
        bank_name: '',
        receive_name: 'Budi',
        receive_account: '1234567890',
        status,
        provider_ref: '',
        notes: '',
        created_at: at,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.freeze(trx, {
      account: userAccount(userId, 'change'),
      currencyId: USDT,
      amountMinor: 100n * U,
      reason: 'funding.pay_freeze',
      ref: { type: PAYOUT_REF, id: row.id },
      at,
    });
    return row.id;
  });
}

const noticesOf = async (t: TestApp, userId: number) =>
  (
    await t.app.ctx.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute()
  ).map((r) => ({ kind: r.kind, params: JSON.parse(r.params) as Record<string, string> }));

describeEachDb('funding: rupiah payout notifications', (getApp) => {
  it('paid, declined and rejected payouts each tell their owner once', async () => {
    const t = getApp();
    const { ctx } = t.app;
    const userId = await t.userId('demo1@oryx.local');
    const operatorId = await t.userId('admin@oryx.local');
    const paid = await payoutIn(t, userId, PAYOUT_STATUS.sending);
    const declined = await payoutIn(t, userId, PAYOUT_STATUS.sending);
    const reviewed = await payoutIn(t, userId, PAYOUT_STATUS.review);
    expect(await noticesOf(t, userId)).toEqual([]); // requested: nothing ended yet

    expect(await closePayout(ctx, paid, true, 'ref-1', '')).toBe(true);
    expect(await closePayout(ctx, paid, false, 'ref-1', 'again')).toBe(false); // closed once
    expect(await closePayout(ctx, declined, false, '', 'account closed')).toBe(true);
    expect((await decidePayout(ctx, reviewed, false, operatorId)).status).toBe(PAYOUT_STATUS.failed);

    const money = { amount: '100.00000000', coin: 'USDT', area: 'rupiah' };
    expect(await noticesOf(t, userId)).toEqual([
      { kind: 'withdraw.sent', params: { id: String(paid), ...money } },
      { kind: 'withdraw.failed', params: { id: String(declined), ...money } },
      { kind: 'withdraw.rejected', params: { id: String(reviewed), ...money } },
    ]);
    const bal = await ledger.balance(ctx.db, userAccount(userId, 'change'), USDT);
    expect(bal.frozenMinor).toBe(0n); // every payout closed: nothing left frozen
  });

  it('work waiting on operators is not told to the operator it concerns', async () => {
    const t = getApp();
    const adminId = await t.userId('admin@oryx.local');
    const at = t.clock.now();
    const notice = { kind: 'console.withdrawal' as const, params: { id: 424_242, area: 'rupiah' } };
    await runInTransaction(t.app.ctx.db, (trx) => notifyOperators(trx, notice, [adminId], at));
    expect(await consoleNotices(t, 424_242, 'console.withdrawal rupiah')).toEqual({
      'admin@oryx.local': 0, // the owner of the payout decides nothing about it
      'operator@oryx.local': 1,
      'operator2@oryx.local': 1,
      'auditor@oryx.local': 0,
    });
  });
});
