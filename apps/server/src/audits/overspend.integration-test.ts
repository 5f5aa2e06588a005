/**
 * Overspending in parallel, one money area at a time: a fresh user with a small balance fires many
 * requests at once that together cost far more than it has. Only what the balance covers may pass, no
 * balance (available or frozen) ever goes below zero, and the ledger check passes. Wallet transfers have
 * their own test (wallet.concurrency.integration-test.ts), lever positions theirs
 * (lever/concurrency.integration-test.ts); this covers spot orders (both sides) and seconds options.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../test/harness';
import { registerAndLogin } from '../../test/accounts';
import { runInTransaction } from '../db/transaction';
import { checkLedger } from '../modules/ledger/check';
import { ledger, systemAccount, userAccount } from '../modules/ledger/service';
import type { UserWallet } from '../modules/ledger/accounts';
import { hashPassword } from '../modules/auth/password';
import { setMarkPriceSource } from '../modules/micro/price-source';
import { ScriptedTrades } from '../modules/micro/scripted-trades';

const U = 100_000_000n;
const USDT = 1;
const BTC = 2;
const PARALLEL = 24;
let n = 0;

async function fundedUser(t: TestApp, wallet: UserWallet, currencyId: number, amountMinor: bigint) {
  const { token, id } = await registerAndLogin(t, `spend-${++n}-${Date.now()}@example.com`);
  // Spot orders need a transaction password to be set.
  const hash = await hashPassword('trade-123');
  await t.app.ctx.db.updateTable('users').set({ trade_password_hash: hash }).where('id', '=', id).execute();
  t.app.sessions.forgetUser(id);
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(id, wallet),
      currencyId,
      amountMinor,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `spend-${n}` },
      at: t.clock.now(),
    }),
  );
  return { token, id };
}

/** No user account anywhere below zero (user wallets; system accounts such as genesis may be), and the ledger's own check. */
async function expectNothingNegative(t: TestApp) {
  const negative = await t.app.ctx.db
    .selectFrom('ledger_accounts')
    .select(['id', 'available_minor', 'frozen_minor'])
    .where((eb) => eb.or([eb('available_minor', '<', 0n), eb('frozen_minor', '<', 0n)]))
    .where('wallet', 'in', ['change', 'legal', 'lever', 'micro', 'deposit'])
    .execute();
  expect(negative).toEqual([]);
  expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
}

describeEachDb('overspending in parallel', (getApp) => {
  it('spot buys: 24 orders of 10 USDT from 35 USDT hold at most 35, the rest refused', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', USDT, 35n * U);
    // 0.01 BTC at 1,000 USDT rests far below the market: 10 USDT held per order.
    const order = { legal_id: USDT, currency_id: BTC, target_price: '1000', amount: '0.01', type: 1 };
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.call('POST', '/api/coin/trade', order, { token: u.token })),
    );
    const ok = results.filter((r) => r.body.type === 'ok').length;
    expect(ok).toBe(3); // 35 USDT covers three
    expect(ok).toBeGreaterThan(0);
    const bal = await ledger.balance(t.app.ctx.db, userAccount(u.id, 'change'), USDT);
    expect(bal.availableMinor + bal.frozenMinor).toBe(35n * U);
    expect(bal.frozenMinor).toBe(BigInt(ok) * 10n * U);
    await expectNothingNegative(t);
  });

  it('spot sells: 24 orders of 0.1 BTC from 0.25 BTC hold at most 0.25', async () => {
    const t = getApp();
    const u = await fundedUser(t, 'change', BTC, U / 4n);
    const order = { legal_id: USDT, currency_id: BTC, target_price: '9000000', amount: '0.1', type: 2 };
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.call('POST', '/api/coin/trade', order, { token: u.token })),
    );
    const ok = results.filter((r) => r.body.type === 'ok').length;
    expect(ok).toBeLessThanOrEqual(2);
    const bal = await ledger.balance(t.app.ctx.db, userAccount(u.id, 'change'), BTC);
    expect(bal.availableMinor + bal.frozenMinor).toBe(U / 4n);
    expect(bal.frozenMinor).toBe(BigInt(ok) * (U / 10n));
    await expectNothingNegative(t);
  });

  it('seconds options: 24 stakes of 100 USDT from 250 USDT open at most two', async () => {
    const t = getApp();
    const feed = new ScriptedTrades();
    setMarkPriceSource(t.app.ctx, feed);
    feed.add(1, 100n * U, t.clock.now() - 5000);
    const u = await fundedUser(t, 'micro', USDT, 250n * U);
    const stake = { match_id: 1, currency_id: USDT, type: 1, seconds: 60, number: 100 };
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.call('POST', '/api/microtrade/submit', stake, { token: u.token }),
      ),
    );
    const ok = results.filter((r) => r.body.type === 'ok').length;
    expect(ok, JSON.stringify(results.map((r) => r.body.code ?? r.body.type))).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(2);
    const bal = await ledger.balance(t.app.ctx.db, userAccount(u.id, 'micro'), USDT);
    expect(bal.availableMinor).toBeGreaterThanOrEqual(0n);
    await expectNothingNegative(t);
  });
});
