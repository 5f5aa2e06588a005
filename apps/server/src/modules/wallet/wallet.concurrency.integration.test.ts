/**
 * Double spend: many concurrent requests that together exceed a balance. Exactly the affordable ones
 * succeed, nothing goes negative, the ledger balances. On PostgreSQL the requests really run in
 * parallel (a pool of connections); on SQLite they serialize on the single writer.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { checkLedger } from '../ledger/check';
import { ledger, userAccount } from '../ledger/service';
import { runInTransaction } from '../../db/transaction';

const USDT = 1;

describeEachDb('wallet double spend', (getApp) => {
  let t: TestApp;
  beforeAll(() => {
    t = getApp();
  });

  it('200 concurrent transfers of 60 USDT from a 10,000 USDT wallet: exactly 166 succeed', async () => {
    const token = await t.tokenFor('demo1@oryx.local');
    const uid = await t.userId('demo1@oryx.local');
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.call(
          'POST',
          '/api/wallet/change',
          { currency_id: USDT, number: '60', from_field: 'change', to_field: 'micro' },
          { token },
        ),
      ),
    );
    const ok = results.filter((r) => r.body.type === 'ok').length;
    const refused = results.filter((r) => r.body.code === 'LEDGER_INSUFFICIENT').length;
    expect([ok, refused]).toEqual([166, 34]);
    const change = await ledger.balance(t.app.ctx.db, userAccount(uid, 'change'), USDT);
    const micro = await ledger.balance(t.app.ctx.db, userAccount(uid, 'micro'), USDT);
    expect(change).toEqual({ availableMinor: 40n * 10n ** 8n, frozenMinor: 0n }); // 10000 - 166 x 60
    expect(micro).toEqual({ availableMinor: 19_960n * 10n ** 8n, frozenMinor: 0n });
    const hz = await t.call('GET', '/api/wallet/hzhistory', { limit: '100' }, { token });
    expect(hz.body.message.total).toBe(166); // refused transfers leave no record either
    expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
  });

  it('200 concurrent holds and crossing transfers between two users: no overdraft, no deadlock', async () => {
    const a = await t.userId('demo2@oryx.local');
    const b = await t.userId('seller@oryx.local');
    const A = userAccount(a, 'lever');
    const B = userAccount(b, 'lever');
    const start = await ledger.balance(t.app.ctx.db, A, USDT); // 10,000 USDT each (demo)
    const m = (i: number) => ({
      currencyId: USDT,
      amountMinor: 100n * 10n ** 8n,
      reason: 'test.race' as const,
      ref: { type: 'race', id: i },
      at: t.app.ctx.clock.now(),
    });
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        runInTransaction(t.app.ctx.db, async (trx) => {
          // Holds on A, and transfers both ways between A and B (which lock the two rows).
          if (i % 4 === 0) await ledger.freeze(trx, { ...m(i), account: A });
          else if (i % 4 === 1) await ledger.transfer(trx, { ...m(i), from: A, to: B });
          else if (i % 4 === 2) await ledger.transfer(trx, { ...m(i), from: B, to: A });
          else await ledger.freeze(trx, { ...m(i), account: B });
          return 'ok';
        }).catch((err: { code?: string }) => err.code ?? String(err)),
      ),
    );
    // 50 holds of 100 on each side and balanced crossing transfers fit in 10,000 each: all succeed.
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    const endA = await ledger.balance(t.app.ctx.db, A, USDT);
    expect(endA.frozenMinor).toBe(50n * 100n * 10n ** 8n);
    expect(endA.availableMinor + endA.frozenMinor).toBe(start.availableMinor + start.frozenMinor);

    // Now exceed: 120 concurrent holds of 100 on A's remaining 5,000 available: exactly 50 succeed.
    const more = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        runInTransaction(t.app.ctx.db, (trx) => ledger.freeze(trx, { ...m(1000 + i), account: A })).then(
          () => 'ok',
          (err: { code?: string }) => err.code ?? String(err),
        ),
      ),
    );
    expect(more.filter((o) => o === 'ok')).toHaveLength(50);
    expect(more.filter((o) => o === 'LEDGER_INSUFFICIENT')).toHaveLength(70);
    expect(await ledger.balance(t.app.ctx.db, A, USDT)).toEqual({
      availableMinor: 0n,
      frozenMinor: 10_000n * 10n ** 8n,
    });
    expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
  });
});
