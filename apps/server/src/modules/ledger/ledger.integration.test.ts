/**
 * Money-flow tables: one row per step, the exact balances expected after it (TigerBeetle style).
 * Drives the ledger service directly over a real database (SQLite, and PostgreSQL when configured).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { AppError } from '../../lib/app-error';
import { usersRepo } from '../users/repo';
import { checkLedger } from './check';
import { ledger, systemAccount, userAccount, type AccountRef } from './service';
import { runInTransaction } from '../../db/transaction';

const USDT = 1;
const BTC = 2;

type Step =
  | { op: 'transfer'; from: AccountRef; to: AccountRef; amount: bigint }
  | { op: 'freeze' | 'release'; account: AccountRef; amount: bigint }
  | { op: 'consume'; from: AccountRef; to: AccountRef; amount: bigint };

interface Row {
  step: string;
  do: Step;
  /** Expected error code, or null for success. */
  refused: string | null;
  /** Expected [available, frozen] of the named accounts after the step. */
  expect: Record<string, [bigint, bigint]>;
}

for (const kind of DB_KINDS) {
  describe(`ledger money flows [${kind}]`, () => {
    let t: TestApp;
    let alice: number;
    let bob: number;
    beforeAll(async () => {
      t = await startTestApp(kind, { demo: false });
      const now = Date.now();
      const mk = (email: string) =>
        usersRepo.insertUser(t.app.ctx.db, {
          email,
          passwordHash: 'x',
          extensionCode: email.slice(0, 8).toUpperCase(),
          accountNumber: email,
          now,
        });
      alice = await mk('alice@t.local');
      bob = await mk('bob@t.local');
    });
    afterAll(async () => {
      await t?.close();
    });

    const run = (s: Step, currencyId = USDT) =>
      runInTransaction(t.app.ctx.db, async (trx) => {
        const m = {
          currencyId,
          amountMinor: s.amount,
          reason: 'test.step' as const,
          ref: { type: 'test', id: 1 },
          at: t.app.ctx.clock.now(),
        };
        switch (s.op) {
          case 'transfer':
            return ledger.transfer(trx, { ...m, from: s.from, to: s.to });
          case 'freeze':
            return ledger.freeze(trx, { ...m, account: s.account });
          case 'release':
            return ledger.release(trx, { ...m, account: s.account });
          case 'consume':
            return ledger.consume(trx, { ...m, from: s.from, to: s.to });
        }
      });

    it('freeze / release / consume / transfer, step by step, with every refusal', async () => {
      const A = userAccount(alice, 'change');
      const B = userAccount(bob, 'change');
      const Am = userAccount(alice, 'micro');
      const G = systemAccount('genesis');
      const F = systemAccount('fees');
      const accounts: Record<string, AccountRef> = { A, B, Am, G, F };
      const rows: Row[] = [
        {
          step: 'genesis credits alice 100',
          do: { op: 'transfer', from: G, to: A, amount: 100n },
          refused: null,
          expect: { A: [100n, 0n], G: [-100n, 0n] },
        },
        {
          step: 'alice freezes 30',
          do: { op: 'freeze', account: A, amount: 30n },
          refused: null,
          expect: { A: [70n, 30n] },
        },
        {
          step: 'freeze 71 > available 70 is refused',
          do: { op: 'freeze', account: A, amount: 71n },
          refused: 'LEDGER_INSUFFICIENT',
          expect: { A: [70n, 30n] },
        },
        {
          step: 'release 31 > frozen 30 is refused',
          do: { op: 'release', account: A, amount: 31n },
          refused: 'LEDGER_FROZEN_INSUFFICIENT',
          expect: { A: [70n, 30n] },
        },
        {
          step: 'release 10 (partial)',
          do: { op: 'release', account: A, amount: 10n },
          refused: null,
          expect: { A: [80n, 20n] },
        },
        {
          step: 'consume 15 of the hold to bob',
          do: { op: 'consume', from: A, to: B, amount: 15n },
          refused: null,
          expect: { A: [80n, 5n], B: [15n, 0n] },
        },
        {
          step: 'consume 6 > frozen 5 is refused',
          do: { op: 'consume', from: A, to: F, amount: 6n },
          refused: 'LEDGER_FROZEN_INSUFFICIENT',
          expect: { A: [80n, 5n], F: [0n, 0n] },
        },
        {
          step: 'consume the rest (5) as a fee',
          do: { op: 'consume', from: A, to: F, amount: 5n },
          refused: null,
          expect: { A: [80n, 0n], F: [5n, 0n] },
        },
        {
          step: 'alice change -> alice micro 80 (all)',
          do: { op: 'transfer', from: A, to: Am, amount: 80n },
          refused: null,
          expect: { A: [0n, 0n], Am: [80n, 0n] },
        },
        {
          step: 'transfer 1 from an empty account is refused',
          do: { op: 'transfer', from: A, to: B, amount: 1n },
          refused: 'LEDGER_INSUFFICIENT',
          expect: { A: [0n, 0n], B: [15n, 0n] },
        },
        {
          step: 'bob -> alice 16 > 15 is refused (credit side ordered first, then undone)',
          do: { op: 'transfer', from: B, to: A, amount: 16n },
          refused: 'LEDGER_INSUFFICIENT',
          expect: { A: [0n, 0n], B: [15n, 0n] },
        },
        {
          step: 'fees (may not go negative) cannot pay 6',
          do: { op: 'transfer', from: F, to: B, amount: 6n },
          refused: 'LEDGER_INSUFFICIENT',
          expect: { F: [5n, 0n], B: [15n, 0n] },
        },
        {
          step: 'bob -> alice 15',
          do: { op: 'transfer', from: B, to: A, amount: 15n },
          refused: null,
          expect: { A: [15n, 0n], B: [0n, 0n] },
        },
      ];
      for (const row of rows) {
        let code: string | null = null;
        try {
          await run(row.do);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          code = err.code;
        }
        expect(code, row.step).toBe(row.refused);
        for (const [name, [available, frozen]] of Object.entries(row.expect)) {
          const b = await ledger.balance(t.app.ctx.db, accounts[name]!, USDT);
          expect([b.availableMinor, b.frozenMinor], `${row.step}: ${name}`).toEqual([available, frozen]);
        }
        const report = await checkLedger(t.app.ctx.db);
        expect(report.problems, row.step).toEqual([]);
      }
      // Another currency is a separate account.
      expect(await ledger.balance(t.app.ctx.db, A, BTC)).toEqual({ availableMinor: 0n, frozenMinor: 0n });
      const mine = await ledger.balances(t.app.ctx.db, alice);
      expect(mine).toEqual([
        { currencyId: USDT, wallet: 'change', availableMinor: 15n, frozenMinor: 0n },
        { currencyId: USDT, wallet: 'micro', availableMinor: 80n, frozenMinor: 0n },
      ]);
    });

    it('refuses programming errors with an invariant and writes nothing', async () => {
      const A = userAccount(alice, 'legal');
      const G = systemAccount('genesis');
      const before = await checkLedger(t.app.ctx.db);
      const bad = async (fn: () => Promise<unknown>) => {
        await expect(fn()).rejects.toThrow(/Invariant failed/);
      };
      const m = {
        currencyId: USDT,
        reason: 'test.step' as const,
        ref: { type: 'test', id: 1 },
        at: t.app.ctx.clock.now(),
      };
      await bad(() =>
        runInTransaction(t.app.ctx.db, (trx) =>
          ledger.transfer(trx, { ...m, amountMinor: 0n, from: G, to: A }),
        ),
      );
      await bad(() =>
        runInTransaction(t.app.ctx.db, (trx) =>
          ledger.transfer(trx, { ...m, amountMinor: -5n, from: G, to: A }),
        ),
      );
      await bad(() =>
        runInTransaction(t.app.ctx.db, (trx) =>
          ledger.transfer(trx, { ...m, amountMinor: 5 as unknown as bigint, from: G, to: A }),
        ),
      );
      await bad(() =>
        runInTransaction(t.app.ctx.db, (trx) =>
          ledger.transfer(trx, { ...m, amountMinor: 5n, from: A, to: A }),
        ),
      );
      await bad(() =>
        runInTransaction(t.app.ctx.db, (trx) =>
          ledger.transfer(trx, { ...m, reason: 'Bad Reason' as 'x.y', amountMinor: 5n, from: G, to: A }),
        ),
      );
      // Outside a transaction.
      await bad(() => ledger.transfer(t.app.ctx.db, { ...m, amountMinor: 5n, from: G, to: A }));
      expect(() => userAccount(0, 'change')).toThrow(/Invariant/);
      expect(() => userAccount(alice, 'savings' as 'change')).toThrow(/Invariant/);
      const after = await checkLedger(t.app.ctx.db);
      expect(after.entries).toBe(before.entries);
      expect(after.ok).toBe(true);
    });

    it('rolls back with the caller: a movement in a failed transaction leaves nothing', async () => {
      const A = userAccount(alice, 'lever');
      await expect(
        runInTransaction(t.app.ctx.db, async (trx) => {
          await ledger.transfer(trx, {
            from: systemAccount('genesis'),
            to: A,
            currencyId: USDT,
            amountMinor: 50n,
            reason: 'test.step',
            ref: { type: 'test', id: 2 },
            at: t.app.ctx.clock.now(),
          });
          throw new Error('business change failed');
        }),
      ).rejects.toThrow('business change failed');
      expect(await ledger.balance(t.app.ctx.db, A, USDT)).toEqual({ availableMinor: 0n, frozenMinor: 0n });
      expect(await ledger.hasEntry(t.app.ctx.db, { type: 'test', id: 2 })).toBe(false);
    });

    it('detects tampering: a balance edited behind the ledger fails the check', async () => {
      const db = t.app.ctx.db;
      const A = userAccount(bob, 'deposit');
      await runInTransaction(db, (trx) =>
        ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: A,
          currencyId: BTC,
          amountMinor: 7n,
          reason: 'test.step',
          ref: { type: 'test', id: 3 },
          at: t.app.ctx.clock.now(),
        }),
      );
      expect((await checkLedger(db)).ok).toBe(true);
      // Simulate a bug elsewhere (this test is the one place allowed to do it: see ledger.boundary.test.ts).
      const tamper = (delta: bigint) =>
        db.transaction().execute((trx) =>
          trx
            .updateTable('ledger_accounts')
            .set((eb) => ({ available_minor: eb('available_minor', '+', delta) }))
            .where('user_id', '=', bob)
            .where('wallet', '=', 'deposit')
            .execute(),
        );
      await tamper(1n);
      const broken = await checkLedger(db);
      expect(broken.ok).toBe(false);
      expect(broken.problems.join('\n')).toMatch(/stored 8, journal says 7/);
      expect(broken.problems.join('\n')).toMatch(/currency 2: balances sum to/);
      await tamper(-1n);
      expect((await checkLedger(db)).ok).toBe(true);
    });
  });
}
