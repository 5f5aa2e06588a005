/**
 * A seeded random stream of 100,000 ledger commands (transfers, holds, releases, partial consumes,
 * credits; the first 25,000 of them on PostgreSQL) across 50 users and 4 wallets, in two currencies, against an exact in-memory model.
 * Refusals are part of the stream (amounts are drawn up to a little above what is there) and must leave
 * nothing behind. The commands run 1,000 to a transaction; every 10,000 steps `checkLedger` (which reads
 * the whole journal, so checking after every transaction made the run quadratic) must pass and the
 * database must equal the model, account by account. Runs on SQLite and, with TEST_DATABASE_URL, on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness';
import { AppError } from '../../lib/app-error';
import { checkLedger, formatLedgerReport } from './check';
import { ledger, systemAccount, userAccount, type AccountRef, type UserWallet } from './service';
import { runInTransaction } from '../../db/transaction';

/**
 * SQLite runs the whole stream; PostgreSQL the first quarter of the same stream: what that run adds is the
 * same SQL on the other engine (locks, constraints, refusals inside a transaction), not more arithmetic.
 */
const STEPS_BY_KIND = { sqlite: 100_000, postgres: 25_000 } as const;
const BATCH = 1_000;
const CHECK_EVERY = 10_000;
const USERS = 50;
const FIRST_USER = 1_000;
const CURRENCIES = [1, 2];
const WALLETS: UserWallet[] = ['change', 'legal', 'lever', 'micro'];

/** mulberry32: small, fast, seeded. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    /** A bigint in [1, max]. */
    amount: (max: bigint) => (max <= 1n ? 1n : 1n + (BigInt(Math.floor(next() * 2 ** 31)) * max) / 2n ** 31n),
  };
}

type Key = string;
const keyOf = (a: AccountRef, c: number): Key =>
  a.kind === 'user' ? `${a.userId}/${a.wallet}/${c}` : `sys/${a.name}/${c}`;

for (const kind of DB_KINDS) {
  describe(`ledger random stream [${kind}]`, () => {
    const STEPS = STEPS_BY_KIND[kind];
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { demo: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(
      `${STEPS} seeded commands across ${USERS} users keep the model and the invariant`,
      { timeout: 300_000 },
      async () => {
        const rnd = prng(20260105);
        const model = new Map<Key, { available: bigint; frozen: bigint }>();
        const get = (a: AccountRef, c: number) => {
          const k = keyOf(a, c);
          let b = model.get(k);
          if (!b) model.set(k, (b = { available: 0n, frozen: 0n }));
          return b;
        };
        const user = () => userAccount(FIRST_USER + rnd.int(USERS), WALLETS[rnd.int(WALLETS.length)]!);
        const counts = { transfer: 0, freeze: 0, release: 0, consume: 0, credit: 0, refused: 0 };
        const started = performance.now();
        let step = 0;
        let checkMs = 0;
        while (step < STEPS) {
          await runInTransaction(t.app.ctx.db, async (trx) => {
            for (let i = 0; i < BATCH; i++, step++) {
              const currencyId = CURRENCIES[rnd.int(CURRENCIES.length)]!;
              const m = {
                currencyId,
                reason: 'test.stream' as const,
                ref: { type: 'stream', id: step },
                at: t.app.ctx.clock.now(),
              };
              const roll = rnd.next();
              try {
                if (roll < 0.08) {
                  const to = user();
                  const amountMinor = rnd.amount(1_000_000_000n);
                  await ledger.transfer(trx, { ...m, amountMinor, from: systemAccount('genesis'), to });
                  get(systemAccount('genesis'), currencyId).available -= amountMinor;
                  get(to, currencyId).available += amountMinor;
                  counts.credit++;
                } else if (roll < 0.45) {
                  const from = user();
                  let to = user();
                  if (keyOf(to, 0) === keyOf(from, 0)) to = systemAccount('fees');
                  const have = get(from, currencyId).available;
                  const amountMinor = rnd.amount(have + have / 10n + 1n);
                  await ledger.transfer(trx, { ...m, amountMinor, from, to });
                  get(from, currencyId).available -= amountMinor;
                  get(to, currencyId).available += amountMinor;
                  counts.transfer++;
                } else if (roll < 0.7) {
                  const account = user();
                  const have = get(account, currencyId).available;
                  const amountMinor = rnd.amount(have + have / 10n + 1n);
                  await ledger.freeze(trx, { ...m, amountMinor, account });
                  get(account, currencyId).available -= amountMinor;
                  get(account, currencyId).frozen += amountMinor;
                  counts.freeze++;
                } else if (roll < 0.85) {
                  const account = user();
                  const held = get(account, currencyId).frozen;
                  const amountMinor = rnd.amount(held + held / 10n + 1n);
                  await ledger.release(trx, { ...m, amountMinor, account });
                  get(account, currencyId).frozen -= amountMinor;
                  get(account, currencyId).available += amountMinor;
                  counts.release++;
                } else {
                  const from = user();
                  const to = rnd.next() < 0.2 ? systemAccount('fees') : user();
                  const held = get(from, currencyId).frozen;
                  const amountMinor = rnd.amount(held + held / 10n + 1n);
                  await ledger.consume(trx, { ...m, amountMinor, from, to });
                  get(from, currencyId).frozen -= amountMinor;
                  get(to, currencyId).available += amountMinor;
                  counts.consume++;
                }
              } catch (err) {
                // A refusal is expected when the draw exceeds the balance; it must leave nothing behind.
                if (!(err instanceof AppError) || !err.code.startsWith('LEDGER_')) throw err;
                counts.refused++;
              }
            }
          });
          // Every 10,000 steps: the invariant, and the database equals the model, account by account.
          if (step % CHECK_EVERY === 0 || step === STEPS) {
            const checkStarted = performance.now();
            const report = await checkLedger(t.app.ctx.db);
            checkMs += performance.now() - checkStarted;
            if (!report.ok) throw new Error(`after step ${step}: ${formatLedgerReport(report)}`);
            const db = new Map<Key, { available: bigint; frozen: bigint }>();
            for (let u = FIRST_USER; u < FIRST_USER + USERS; u++) {
              for (const b of await ledger.balances(t.app.ctx.db, u)) {
                db.set(`${u}/${b.wallet}/${b.currencyId}`, {
                  available: b.availableMinor,
                  frozen: b.frozenMinor,
                });
              }
            }
            for (const [k, b] of model) {
              if (k.startsWith('sys/')) continue;
              expect(db.get(k) ?? { available: 0n, frozen: 0n }, `${k} after step ${step}`).toEqual(b);
            }
            for (const c of CURRENCIES) {
              const fees = await ledger.balance(t.app.ctx.db, systemAccount('fees'), c);
              expect(fees.availableMinor).toBe(get(systemAccount('fees'), c).available);
            }
          }
        }
        const seconds = (performance.now() - started) / 1000;
        const final = await checkLedger(t.app.ctx.db);
        console.log(
          `[${kind}] ${STEPS} commands in ${seconds.toFixed(1)} s (${Math.round(STEPS / seconds)}/s, ` +
            `of which ${(checkMs / 1000).toFixed(1)} s in ${Math.ceil(STEPS / CHECK_EVERY)} invariant checks); ` +
            `${JSON.stringify(counts)}; ${final.entries} journal entries, ${final.accounts} accounts`,
        );
        expect(final.ok).toBe(true);
        expect(final.entries).toBe(STEPS - counts.refused);
        // The stream really exercises both outcomes of every command.
        expect(counts.refused).toBeGreaterThan(STEPS / 100);
        for (const n of [counts.transfer, counts.freeze, counts.release, counts.consume, counts.credit])
          expect(n).toBeGreaterThan(STEPS / 20);
      },
    );
  });
}
