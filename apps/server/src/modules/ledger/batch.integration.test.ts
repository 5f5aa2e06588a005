/**
 * LedgerBatch: the same rules as ledger.* (refusals with no effect, never below zero), one flush.
 */
import { expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { describeEachDb } from '../../../test/harness';
import { LedgerBatch } from './batch';
import { checkLedger } from './check';
import { ledger, systemAccount, userAccount } from './service';
import { runInTransaction } from '../../db/transaction';

describeEachDb('ledger batch', (getApp) => {
  it('records movements in order, refuses uncovered debits of preloaded accounts, flushes once', async () => {
    const { app, userId } = getApp();
    const db = app.ctx.db;
    const u = userAccount(await userId('demo1@oryx.local'), 'micro');
    const v = userAccount(await userId('demo2@oryx.local'), 'micro');
    const start = await ledger.balance(db, u, 1);
    await runInTransaction(db, async (trx) => {
      const b = new LedgerBatch(trx, app.ctx.dialect, 1_000);
      await b.preload([{ account: u, currencyId: 1 }]);
      const ref = { type: 'test', id: 1 };
      b.freeze({ account: u, currencyId: 1, amountMinor: 500n, reason: 'test.freeze', ref });
      expect(() =>
        b.freeze({
          account: u,
          currencyId: 1,
          amountMinor: start.availableMinor,
          reason: 'test.freeze',
          ref,
        }),
      ).toThrow(AppError);
      const mark = b.mark();
      b.consume({ from: u, to: v, currencyId: 1, amountMinor: 200n, reason: 'test.pay', ref });
      b.rollbackTo(mark);
      b.consume({ from: u, to: v, currencyId: 1, amountMinor: 300n, reason: 'test.pay', ref });
      b.transfer({
        from: v,
        to: systemAccount('fees'),
        currencyId: 1,
        amountMinor: 3n,
        reason: 'test.fee',
        ref,
      });
      expect(b.balanceOf(u, 1)).toEqual({
        availableMinor: start.availableMinor - 500n,
        frozenMinor: start.frozenMinor + 200n,
      });
      expect(b.size).toBe(3);
      await b.flush();
    });
    expect(await ledger.balance(db, u, 1)).toEqual({
      availableMinor: start.availableMinor - 500n,
      frozenMinor: start.frozenMinor + 200n,
    });
    expect((await checkLedger(db)).ok).toBe(true);
    // Put it back so other tests see the demo balances.
    await runInTransaction(db, async (trx) => {
      await ledger.release(trx, {
        account: u,
        currencyId: 1,
        amountMinor: 200n,
        reason: 'test.release',
        ref: { type: 'test', id: 2 },
        at: app.ctx.clock.now(),
      });
      await ledger.transfer(trx, {
        from: v,
        to: u,
        currencyId: 1,
        amountMinor: 297n,
        reason: 'test.back',
        ref: { type: 'test', id: 2 },
        at: app.ctx.clock.now(),
      });
    });
  });

  it('fails the flush (and the transaction) when an account not preloaded would go below zero', async () => {
    const { app, userId } = getApp();
    const db = app.ctx.db;
    const u = userAccount(await userId('demo1@oryx.local'), 'micro');
    const before = await ledger.balance(db, u, 1);
    await expect(
      runInTransaction(db, async (trx) => {
        const b = new LedgerBatch(trx, app.ctx.dialect, 1_000);
        // Not preloaded: accepted in memory, refused by the flush's replay.
        b.transfer({
          from: u,
          to: systemAccount('fees'),
          currencyId: 1,
          amountMinor: before.availableMinor + 1n,
          reason: 'test.x',
          ref: { type: 'test', id: 3 },
        });
        await b.flush();
      }),
    ).rejects.toThrow(/overdraw/);
    expect(await ledger.balance(db, u, 1)).toEqual(before);
  });
});
