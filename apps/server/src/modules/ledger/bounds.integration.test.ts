/**
 * Amounts and balances stay exact 64-bit integers on both databases: an amount past the edge's ceiling is
 * refused where it enters (here the sandbox faucet, the path that once turned balances into floating
 * point), a movement that would take a bucket past MAX_BALANCE_MINOR is refused with nothing moved, and
 * the invariant check stays exact when an account's lifetime turnover passes 2^63.
 */
import { beforeAll, expect, it } from 'vitest';
import { MAX_BALANCE_MINOR } from '@oryx/contracts/money';
import { describeEachDb } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { checkLedger } from './check';
import { ledger, systemAccount, userAccount } from './service';

/** A currency of the test's own, so no demo balance sits in any of its accounts. */
const JC_LIKE = 9_001;

describeEachDb('ledger: 64-bit bounds', (getApp) => {
  beforeAll(async () => {
    const { db } = getApp().app.ctx;
    const usdt = await db.selectFrom('currencies').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    await db
      .insertInto('currencies')
      .values({ ...usdt, id: JC_LIKE, name: 'BND' })
      .execute();
  });
  const move = (
    from: ReturnType<typeof systemAccount>,
    to: ReturnType<typeof userAccount>,
    amount: bigint,
  ) => {
    const t = getApp();
    return runInTransaction(t.app.ctx.db, (trx) =>
      ledger.transfer(trx, {
        from,
        to,
        currencyId: JC_LIKE,
        amountMinor: amount,
        reason: 'test.bound',
        ref: { type: 'test', id: 'bound' },
        at: t.app.ctx.clock.now(),
      }),
    );
  };
  const refusedWith = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    return err instanceof AppError ? err.code : err;
  };

  it('refuses a credit that would pass the balance bound, in either lock order, and moves nothing', async () => {
    const t = getApp();
    const { db } = t.app.ctx;
    const userId = await t.userId('demo1@oryx.local');
    const target = userAccount(userId, 'lever');
    const genesis = systemAccount('genesis');
    const before = await ledger.balance(db, target, JC_LIKE);
    const room = MAX_BALANCE_MINOR - before.availableMinor;
    await move(genesis, target, room);
    expect((await ledger.balance(db, target, JC_LIKE)).availableMinor).toBe(MAX_BALANCE_MINOR);
    const genesisAfterFill = await ledger.balance(db, genesis, JC_LIKE);
    // One more minor unit is refused; so is an amount near 2^63 that would overflow a BIGINT.
    expect(await refusedWith(move(genesis, target, 1n))).toBe('LEDGER_LIMIT');
    expect(await refusedWith(move(genesis, target, (1n << 63n) - 1n))).toBe('LEDGER_LIMIT');
    expect((await ledger.balance(db, target, JC_LIKE)).availableMinor).toBe(MAX_BALANCE_MINOR);
    expect(await ledger.balance(db, genesis, JC_LIKE)).toEqual(genesisAfterFill);
    // The genesis account may go negative, but not past the bound either.
    const other = userAccount(await t.userId('demo2@oryx.local'), 'lever');
    expect(await refusedWith(move(genesis, other, MAX_BALANCE_MINOR))).toBe('LEDGER_LIMIT');
    expect(await ledger.balance(db, genesis, JC_LIKE)).toEqual(genesisAfterFill);
    // Money back out: the account is usable again and the check is clean.
    await runInTransaction(db, (trx) =>
      ledger.transfer(trx, {
        from: target,
        to: genesis,
        currencyId: JC_LIKE,
        amountMinor: room,
        reason: 'test.bound',
        ref: { type: 'test', id: 'bound-back' },
        at: t.app.ctx.clock.now(),
      }),
    );
    expect(await ledger.balance(db, target, JC_LIKE)).toEqual(before);
    const report = await checkLedger(db);
    expect(report.problems).toEqual([]);
  });

  it('checks exactly when an account has turned over more than 2^63 minor units', async () => {
    const t = getApp();
    const { db } = t.app.ctx;
    const target = userAccount(await t.userId('demo2@oryx.local'), 'micro');
    const genesis = systemAccount('genesis');
    const before = await ledger.balance(db, target, JC_LIKE);
    const big = MAX_BALANCE_MINOR - before.availableMinor;
    for (let i = 0; i < 10; i++) {
      await move(genesis, target, big);
      await runInTransaction(db, (trx) =>
        ledger.transfer(trx, {
          from: target,
          to: genesis,
          currencyId: JC_LIKE,
          amountMinor: big,
          reason: 'test.bound',
          ref: { type: 'test', id: `turnover-${i}` },
          at: t.app.ctx.clock.now(),
        }),
      );
    }
    expect(big * 10n > 1n << 63n).toBe(true);
    const report = await checkLedger(db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('refuses faucet amounts past the ceiling at the edge, so no balance ever nears 2^63', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    for (const amount of ['92233720368.54775807', '46116860184.27387903', '1000000000.00000001']) {
      const r = await t.call('POST', '/api/sandbox/faucet', { currency: 2, amount }, { token });
      expect(r.body.code).toBe('FUNDING_AMOUNT_INVALID');
    }
    const ok = await t.call('POST', '/api/sandbox/faucet', { currency: 2, amount: '1000000000' }, { token });
    expect(ok.body.type).toBe('ok');
    const check = await t.call(
      'POST',
      '/api/admin/console/ledger_check',
      {},
      { token: await t.tokenFor('admin@oryx.local') },
    );
    expect(check.status).toBe(200);
    expect(check.body.message.ok).toBe(true);
    expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
  });
});
