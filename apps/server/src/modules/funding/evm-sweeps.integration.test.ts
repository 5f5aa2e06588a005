/**
 * Sweeps of EVM deposit addresses and the hot wallet's reconciliation, on the in-process EVM node: a
 * native deposit swept (all but the fee) and one below the threshold left, an ERC-20 deposit swept once
 * after the hot wallet topped up its gas, two workers racing and a restart sweeping nothing twice, a
 * stuck sweep bumped (same nonce, higher fee), a broadcast the node refused sent again, the gas booked
 * against `chain_gas` and the ledger balanced; the reconciliation matching, then flagging a difference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { custom, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DB_KINDS, persistentDb, startTestApp, type TestApp } from '../../../test/harness';
import { type EvmNode } from '../../../test/evm-node';
import { CONFIRMATIONS, ETH, onEvm, TOKEN, U, USDT, user } from '../../../test/evm-app';
import { freshEvmNodes } from '../../../test/evm-suite';
import { runInTransaction } from '../../db/transaction';
import { expectLedgerBalanced } from '../ledger/check';
import { ledger, systemAccount } from '../ledger/service';
import { runDueJobs, schedule } from '../scheduler/scheduler';
import type { EvmAdapter } from './chain/evm';
import { EVM_RECONCILE_JOB, EVM_SWEEP_JOB } from './evm-jobs';
import { latestReconciliations, reconcileEvmHotWallet } from './evm-reconcile';
import { runEvmSweeps, SWEEP_REF_TYPE } from './evm-sweeps';

/** A hot wallet that starts empty: what it holds comes from sweeps, so the ledger can account for all of it. */
const FRESH_HOT: Hex = `0x${'33'.repeat(32)}`;
const HOT = privateKeyToAccount(FRESH_HOT).address;
const ETH_WEI = 10n ** 18n;
const WEI_PER_MINOR = 10n ** 10n;
const ENV = {
  EVM_SWEEP_MIN: 'USDT:10,ETH:0.1',
  EVM_RECONCILE_TOLERANCE: 'USDT:0,ETH:0.0000001',
  EVM_SWEEP_BUMP_MS: '60000',
  EVM_SWEEP_BUMP_BLOCKS: '1000',
};

let node: EvmNode;
let token: Address;
const freshNode = freshEvmNodes((n, deployed) => {
  node = n;
  token = deployed;
});

function sweepsOf(t: TestApp, address: string) {
  return t.app.ctx.db.selectFrom('funding_evm_sweeps').selectAll().where('address', '=', address).execute();
}
function txsOf(t: TestApp, sweepId: number) {
  return t.app.ctx.db
    .selectFrom('funding_evm_sweep_txs')
    .selectAll()
    .where('sweep_id', '=', sweepId)
    .orderBy('kind')
    .orderBy('version')
    .execute();
}
const hotLedger = async (t: TestApp, currencyId: number) =>
  -(await ledger.balance(t.app.ctx.db, systemAccount('evm_hot_wallet'), currencyId)).availableMinor;
const gasLedger = async (t: TestApp) =>
  -(await ledger.balance(t.app.ctx.db, systemAccount('chain_gas'), ETH)).availableMinor;

/** Sends, confirms and credits a deposit (the scanner started before it). */
async function credit(u: Awaited<ReturnType<typeof user>>, send: () => Promise<Hex>) {
  await u.scan();
  const tx = await send();
  await node.mine(CONFIRMATIONS);
  await u.scan();
  await u.scan();
  expect((await u.deposit(tx)).status).toBe(1);
}

for (const kind of DB_KINDS) {
  describe(`funding: EVM sweeps and reconciliation [${kind}]`, () => {
    let t: TestApp;
    let adapter: EvmAdapter;
    beforeAll(async () => {
      await freshNode();
      t = await startTestApp(kind, { env: ENV });
      adapter = await onEvm(t, node, token, { sweep: true, hotKey: FRESH_HOT });
      expect(adapter.hotWalletAddress).toBe(HOT);
    });
    afterAll(async () => t?.close());
    const run = () => runEvmSweeps(t.app.ctx);

    it('sweeps a native deposit into the hot wallet, all but the fee; one below the threshold stays', async () => {
      const e1 = await user(t, 'demo1@oryx.local', ETH, '');
      const e2 = await user(t, 'demo2@oryx.local', ETH, '');
      await credit(e1, () => node.sendNative(e1.address, ETH_WEI / 2n));
      await credit(e2, () => node.sendNative(e2.address, ETH_WEI / 20n)); // 0.05 ETH < 0.1
      expect(await run()).toMatchObject({ created: 1, advanced: 1, failed: 0 });
      const [s] = await sweepsOf(t, e1.address);
      expect(s).toMatchObject({ state: 'transfer', asset: '', currency_id: ETH, address_index: e1.userId });
      await node.mine(CONFIRMATIONS - 2); // its own block counts
      expect(await run()).toMatchObject({ created: 0, advanced: 0 }); // not yet final
      await node.mine(1);
      expect(await run()).toMatchObject({ created: 0, advanced: 1 });
      const [done] = await sweepsOf(t, e1.address);
      expect(done!.state).toBe('done');
      expect(done!.open_key).toBeNull();
      const onHot = await node.client.getBalance({ address: HOT });
      expect(onHot).toBe(done!.amount_minor * WEI_PER_MINOR);
      expect(done!.amount_minor).toBeGreaterThan(U / 2n - U / 1000n);
      expect(done!.gas_minor).toBeGreaterThan(0n);
      expect(await node.client.getBalance({ address: e1.address })).toBeLessThan(ETH_WEI / 1000n);
      expect(await hotLedger(t, ETH)).toBe(done!.amount_minor);
      expect(await gasLedger(t)).toBe(done!.gas_minor);
      expect(
        await ledger.hasEntry(t.app.ctx.db, { type: SWEEP_REF_TYPE, id: done!.id }, 'funding.sweep'),
      ).toBe(true);
      expect(await sweepsOf(t, e2.address)).toHaveLength(0);
      expect(await run()).toMatchObject({ created: 0, advanced: 0 });
      expect(await node.client.getBalance({ address: e2.address })).toBe(ETH_WEI / 20n);
      await expectLedgerBalanced(t.app.ctx.db);
    });

    it('sweeps an ERC-20 deposit once, after the hot wallet topped up its gas; two workers race', async () => {
      const u = await user(t, 'demo1@oryx.local'); // the same address as its ETH, left with less than a fee
      await credit(u, () => node.tokenTransfer(token, u.address, 25n * TOKEN));
      const hotEthBefore = await node.client.getBalance({ address: HOT });
      const gasBefore = await gasLedger(t);
      // Two workers at once: one top-up signed and kept, the other finds the sweep moved.
      const [r1, r2] = await Promise.all([run(), run()]);
      expect(r1!.created + r2!.created).toBe(1);
      expect(r1!.failed + r2!.failed).toBe(0);
      const [s] = await sweepsOf(t, u.address).then((rows) => rows.filter((r) => r.asset !== ''));
      expect(s!.state).toBe('topup');
      expect(s!.topup_minor).toBeGreaterThan(0n);
      let txs = await txsOf(t, s!.id);
      expect(txs.map((x) => [x.kind, x.version])).toEqual([['topup', 1]]);
      expect(txs[0]!.from_address).toBe(HOT);
      await node.mine(CONFIRMATIONS);
      await Promise.all([run(), run()]);
      txs = await txsOf(t, s!.id);
      expect(txs.map((x) => [x.kind, x.version])).toEqual([
        ['topup', 1],
        ['transfer', 1],
      ]);
      await node.mine(CONFIRMATIONS);
      await Promise.all([run(), run()]);
      await run();
      const [done] = await sweepsOf(t, u.address).then((rows) => rows.filter((r) => r.asset !== ''));
      expect(done).toMatchObject({ state: 'done', amount_minor: 25n * U });
      expect(await txsOf(t, s!.id)).toHaveLength(2);
      expect(await node.balanceOf(token, HOT)).toBe(25n * TOKEN);
      expect(await node.balanceOf(token, u.address)).toBe(0n);
      expect(await hotLedger(t, USDT)).toBe(25n * U);
      // The hot wallet paid the top-up and its gas; the ledger booked both (the gas rounded up).
      const hotEthAfter = await node.client.getBalance({ address: HOT });
      const spentMinor = (hotEthBefore - hotEthAfter + WEI_PER_MINOR - 1n) / WEI_PER_MINOR;
      expect(spentMinor).toBeGreaterThan(done!.topup_minor);
      expect(await gasLedger(t)).toBe(gasBefore + done!.gas_minor);
      const onHotMinor = hotEthAfter / WEI_PER_MINOR;
      expect(onHotMinor - (await hotLedger(t, ETH))).toBeGreaterThanOrEqual(0n);
      expect(onHotMinor - (await hotLedger(t, ETH))).toBeLessThanOrEqual(3n); // one unit per transaction at most
      expect(await run()).toMatchObject({ created: 0, advanced: 0 });
      await expectLedgerBalanced(t.app.ctx.db);
    });

    it('bumps a stuck sweep: the same nonce, a higher fee, swept once', async () => {
      const e3 = await user(t, 'merchant1@oryx.local', ETH, '');
      await credit(e3, () => node.sendNative(e3.address, ETH_WEI / 2n));
      await node.autoMine(false);
      try {
        expect(await run()).toMatchObject({ created: 1, advanced: 1 });
        expect(await run()).toMatchObject({ advanced: 0 });
        const [s] = await sweepsOf(t, e3.address);
        expect(await txsOf(t, s!.id)).toHaveLength(1);
        t.clock.advance(61_000); // EVM_SWEEP_BUMP_MS passed, still not mined
        expect(await run()).toMatchObject({ advanced: 0, failed: 0 });
        const txs = await txsOf(t, s!.id);
        expect(txs.map((x) => x.version)).toEqual([1, 2]);
        expect(txs[1]!.nonce).toBe(txs[0]!.nonce);
        expect(BigInt(txs[1]!.max_fee_per_gas)).toBeGreaterThan(BigInt(txs[0]!.max_fee_per_gas));
        expect(BigInt(txs[1]!.value_raw)).toBeLessThan(BigInt(txs[0]!.value_raw));
      } finally {
        await node.autoMine(true);
      }
      await node.mine(CONFIRMATIONS);
      const hotBefore = await node.client.getBalance({ address: HOT });
      expect(await run()).toMatchObject({ advanced: 1 });
      const [done] = await sweepsOf(t, e3.address);
      const txs = await txsOf(t, done!.id);
      expect(done!.state).toBe('done');
      // One version is mined (the node decides which one its pool kept); the sweep counts that one.
      const receipts = await Promise.all(
        txs.map((x) => node.client.getTransactionReceipt({ hash: x.tx_hash as Hex }).catch(() => null)),
      );
      const mined = txs.filter((_, i) => receipts[i] !== null);
      expect(mined).toHaveLength(1);
      expect(done!.amount_minor * WEI_PER_MINOR).toBe(BigInt(mined[0]!.value_raw));
      expect(await node.client.getBalance({ address: HOT })).toBe(hotBefore);
      expect(hotBefore / WEI_PER_MINOR - (await hotLedger(t, ETH))).toBeLessThanOrEqual(3n);
      expect(await run()).toMatchObject({ created: 0, advanced: 0 });
    });

    it('sends a broadcast the node refused again and never twice; a bad setting changes nothing', async () => {
      let isNodeDown = true;
      const flaky = custom({
        request: async (args: { method: string; params?: unknown }) => {
          if (isNodeDown && args.method === 'eth_sendRawTransaction') throw new Error('node unavailable');
          return node.provider.request(args as never);
        },
      });
      await onEvm(t, node, token, { sweep: true, hotKey: FRESH_HOT, transport: flaky });
      try {
        const e4 = await user(t, 'merchant2@oryx.local', ETH, '');
        await credit(e4, () => node.sendNative(e4.address, ETH_WEI / 4n));
        expect(await run()).toMatchObject({ created: 1, advanced: 1 });
        const [s] = await sweepsOf(t, e4.address);
        const [kept] = await txsOf(t, s!.id);
        expect(await node.client.getTransaction({ hash: kept!.tx_hash as Hex }).catch(() => null)).toBeNull();
        expect(await run()).toMatchObject({ advanced: 0 });
        isNodeDown = false;
        expect(await run()).toMatchObject({ advanced: 0 }); // broadcast again
        await node.mine(CONFIRMATIONS);
        expect(await run()).toMatchObject({ advanced: 1 });
        expect((await sweepsOf(t, e4.address))[0]!.state).toBe('done');
        expect(await txsOf(t, s!.id)).toHaveLength(1);

        const before = await t.app.ctx.db.selectFrom('funding_evm_sweeps').select('id').execute();
        const good = t.app.ctx.env.EVM_SWEEP_MIN;
        t.app.ctx.env.EVM_SWEEP_MIN = 'USDT:ten';
        try {
          await expect(run()).rejects.toThrow(/EVM_SWEEP_MIN/);
        } finally {
          t.app.ctx.env.EVM_SWEEP_MIN = good;
        }
        const after = await t.app.ctx.db.selectFrom('funding_evm_sweeps').select('id').execute();
        expect(after).toHaveLength(before.length);
      } finally {
        await onEvm(t, node, token, { sweep: true, hotKey: FRESH_HOT });
      }
      await expectLedgerBalanced(t.app.ctx.db);
    });

    it('reconciles the hot wallet with the ledger each hour, then flags a difference', async () => {
      const { ctx } = t.app;
      const rows = await reconcileEvmHotWallet(ctx);
      const byCurrency = new Map(rows!.map((r) => [r.currencyId, r]));
      expect(byCurrency.get(USDT)).toMatchObject({
        differenceMinor: 0n,
        isFlagged: false,
        ledgerMinor: 25n * U,
      });
      expect(byCurrency.get(ETH)!.isFlagged).toBe(false);
      expect(byCurrency.get(ETH)!.differenceMinor).toBeGreaterThanOrEqual(0n);

      await node.sendNative(HOT, ETH_WEI); // 1 ETH nobody booked
      const now = ctx.clock.now();
      await runInTransaction(ctx.db, (trx) => schedule(trx, EVM_RECONCILE_JOB, now, {}, { nowMs: now }));
      expect(await runDueJobs(ctx, t.app.jobs, now)).toMatchObject({ done: 1, failed: 0 });
      const latest = await latestReconciliations(ctx);
      const eth = latest.find((r) => r.currency_id === ETH)!;
      expect(eth.is_flagged).toBe(1);
      expect(eth.difference_minor).toBeGreaterThanOrEqual(U);
      expect(eth.difference_minor).toBeLessThan(U + 10n);
      expect(latest.find((r) => r.currency_id === USDT)!.is_flagged).toBe(0);
      const told = await ctx.db
        .selectFrom('notifications')
        .select('user_id')
        .where('kind', '=', 'console.reconciliation')
        .execute();
      expect(told.length).toBeGreaterThan(0);
      // The console's call: staff only; the latest row per currency and the sweeps.
      const url = '/api/admin/funding/evm_reconciliation';
      const userToken = await t.tokenFor('demo1@oryx.local');
      expect((await t.call('GET', url, {}, { token: userToken })).body.type).not.toBe('ok');
      const auditor = await t.tokenFor('auditor@oryx.local');
      const view = (await t.call('GET', url, {}, { token: auditor })).body;
      expect(view.type).toBe('ok');
      expect(view.message).toMatchObject({ chain: 'evm', hot_address: HOT, native_currency_name: 'ETH' });
      const ethRow = view.message.list.find((r: { currency: number }) => r.currency === ETH);
      expect(ethRow).toMatchObject({ currency_name: 'ETH', is_flagged: true, tolerance: '0.00000010' });
      expect(view.message.sweeps.length).toBeGreaterThanOrEqual(4);
      expect(view.message.sweeps.every((w: { state: string }) => w.state === 'done')).toBe(true);
      // The job scheduled its next run, on the hour.
      const next = await ctx.db
        .selectFrom('jobs')
        .select(['due_at', 'status'])
        .where('kind', '=', EVM_RECONCILE_JOB)
        .where('status', '=', 'pending')
        .execute();
      expect(next).toHaveLength(1);
      expect(Number(next[0]!.due_at) % 3_600_000).toBe(0);
    });
  });
}

it.each(DB_KINDS)(
  'a restarted server carries a sweep on from its kept transactions, once [%s]',
  async (kind) => {
    await freshNode();
    const db = await persistentDb(kind);
    const env = { ...ENV, DATABASE_URL: db.url };
    let t: TestApp | undefined;
    try {
      t = await startTestApp(kind, { env });
      await onEvm(t, node, token, { sweep: true, hotKey: FRESH_HOT });
      const e = await user(t, 'demo1@oryx.local', ETH, '');
      await credit(e, () => node.sendNative(e.address, ETH_WEI));
      const u = await user(t, 'demo1@oryx.local');
      await credit(u, () => node.tokenTransfer(token, u.address, 40n * TOKEN));
      // The sweep job: the native sweep signed and sent, then the restart before it is final.
      const now = t.clock.now();
      await runInTransaction(t.app.ctx.db, (trx) => schedule(trx, EVM_SWEEP_JOB, now, {}, { nowMs: now }));
      expect(await runDueJobs(t.app.ctx, t.app.jobs, now)).toMatchObject({ done: 1 });
      // The address's sweeps go one at a time: the token's first (no top-up: the address holds ETH).
      expect((await sweepsOf(t, e.address)).map((s) => s.state).sort()).toEqual(['new', 'transfer']);
      await t.close();
      t = undefined;
      t = await startTestApp(kind, { env });
      await onEvm(t, node, token, { sweep: true, hotKey: FRESH_HOT });
      for (let i = 0; i < 4; i++) {
        await node.mine(CONFIRMATIONS);
        await runEvmSweeps(t.app.ctx);
      }
      const sweeps = await sweepsOf(t, e.address);
      expect(sweeps.map((s) => s.state)).toEqual(['done', 'done']);
      for (const s of sweeps) expect(await txsOf(t, s.id)).toHaveLength(1);
      expect(await node.balanceOf(token, HOT)).toBe(40n * TOKEN);
      expect(await hotLedger(t, USDT)).toBe(40n * U);
      await expectLedgerBalanced(t.app.ctx.db);
    } finally {
      await t?.close();
      await db.drop();
    }
  },
);
