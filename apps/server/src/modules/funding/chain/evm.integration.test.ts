/**
 * The EVM adapter against an in-process EVM node (Ganache) with a test ERC-20 token: deposit addresses
 * from the xpub, deposits credited exactly once after their confirmations (seen in many scans, across a
 * restart, through a reorganisation), withdrawals sent by the hot wallet with consecutive nonces and
 * followed to final or failed. Every app ends with the ledger check (test/harness.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, getAddress, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DB_KINDS, persistentDb, startTestApp, type TestApp } from '../../../../test/harness';
import { type EvmNode } from '../../../../test/evm-node';
import { CONFIRMATIONS, ETH, onEvm, TOKEN, U, user } from '../../../../test/evm-app';
import { freshEvmNodes } from '../../../../test/evm-suite';
import { ManualClock } from '../../../lib/clock';
import type { EvmAdapter } from './evm';

let node: EvmNode;
let token: Address;
const freshNode = freshEvmNodes((n, deployed) => {
  node = n;
  token = deployed;
});

for (const kind of DB_KINDS) {
  describe(`funding: the EVM adapter [${kind}]`, () => {
    let t: TestApp;
    let adapter: EvmAdapter;
    beforeAll(async () => {
      await freshNode();
      t = await startTestApp(kind);
      adapter = await onEvm(t, node, token);
    });
    afterAll(async () => t?.close());

    it('derives deposit addresses from the xpub and checks checksums', async () => {
      const fromSeed = privateKeyToAccount(bytesToHex(node.depositKey(5))).address;
      expect(adapter.deriveAddress(5)).toBe(fromSeed);
      expect(adapter.deriveAddress(6)).not.toBe(fromSeed);
      expect(adapter.isValidAddress(fromSeed)).toBe(true);
      expect(adapter.isValidAddress(fromSeed.toLowerCase())).toBe(true);
      const flipped = fromSeed.replace(/[a-f]/, (c) => c.toUpperCase());
      expect(adapter.isValidAddress(flipped)).toBe(false);
      expect(adapter.isValidAddress('0x1234')).toBe(false);
      const u = await user(t, 'demo1@oryx.local');
      expect(u.address).toBe(adapter.deriveAddress(u.userId));
    });

    it('credits a token and a native deposit once, after their confirmations, however often scanned', async () => {
      const u = await user(t, 'demo1@oryx.local');
      const e = await user(t, 'demo1@oryx.local', ETH, '');
      const [before, beforeEth] = [await u.balance(), await e.balance()];
      await u.scan(); // the scanner is running (its first run starts at the tip)
      const tx = await node.tokenTransfer(token, u.address, 12_500_000n); // 12.5 USDT
      const txEth = await node.sendNative(e.address, 5n * 10n ** 17n); // 0.5 ETH
      await u.scan();
      await u.scan();
      expect(await u.deposit(tx)).toMatchObject({ status: 0, amount_minor: 1_250_000_000n, log_index: 0 });
      expect((await e.deposit(txEth)).status).toBe(0);
      await node.mine(CONFIRMATIONS - 3); // token tx: 2 confirmations (the native one followed it)
      await u.scan();
      expect((await u.deposit(tx)).confirmations).toBe(2);
      expect(await u.balance()).toBe(before);
      await node.mine(1);
      expect((await u.scan())!.credited).toBe(1);
      expect(await u.deposit(tx)).toMatchObject({ status: 1, confirmations: CONFIRMATIONS });
      expect(await u.balance()).toBe(before + 1_250_000_000n);
      await node.mine(1);
      expect((await u.scan())!.credited).toBe(1);
      expect(await e.balance()).toBe(beforeEth + U / 2n);
      await node.mine(2);
      await u.scan();
      expect(await u.balance()).toBe(before + 1_250_000_000n);
      expect(await e.balance()).toBe(beforeEth + U / 2n);
      const rows = await t.app.ctx.db
        .selectFrom('funding_deposits')
        .select('id')
        .where('tx_hash', 'in', [tx, txEth])
        .execute();
      expect(rows).toHaveLength(2);
    });

    it('a reorganisation before the confirmations credits nothing; the same transfer mined again credits once', async () => {
      const u = await user(t, 'demo2@oryx.local');
      const before = await u.balance();
      await u.scan();
      const snap = await node.snapshot();
      const raw = await node.signedTokenTransfer(token, u.address, 7n * TOKEN);
      const tx = await node.broadcast(raw);
      await node.mine(1);
      await u.scan();
      const first = await u.deposit(tx);
      expect(first.confirmations).toBe(CONFIRMATIONS - 1);
      await node.revert(snap); // the blocks since the snapshot are gone...
      await node.mine(CONFIRMATIONS + 1); // ...replaced by a longer branch without the transfer
      await u.scan();
      expect(await u.deposit(tx)).toMatchObject({ status: 0, confirmations: 0, block_hash: '' });
      expect(await u.balance()).toBe(before);
      await node.broadcast(raw); // the same transaction comes back in the new branch
      await u.scan();
      const back = await u.deposit(tx);
      expect(back).toMatchObject({ id: first.id, status: 0, confirmations: 1 });
      expect(back.block_hash).not.toBe(first.block_hash);
      await node.mine(CONFIRMATIONS - 1);
      await u.scan();
      await u.scan();
      expect(await u.deposit(tx)).toMatchObject({ status: 1 });
      expect(await u.balance()).toBe(before + 7n * U);
    });
  });
}

it.each(DB_KINDS)(
  'a restarted EVM scanner resumes from its saved height and credits once [%s]',
  async (kind) => {
    const db = await persistentDb(kind);
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
    const env = { DATABASE_URL: db.url };
    let t: TestApp | undefined;
    try {
      t = await startTestApp(kind, { env, clock });
      await onEvm(t, node, token);
      let u = await user(t, 'demo1@oryx.local');
      await u.scan(); // a new database catches up with the chain (earlier tests' deposits) first
      const before = await u.balance();
      const tx = await node.tokenTransfer(token, u.address, 3n * TOKEN);
      const first = await u.scan();
      expect((await u.deposit(tx)).confirmations).toBe(1);
      await t.close();
      t = undefined;
      t = await startTestApp(kind, { env, clock });
      await onEvm(t, node, token);
      u = await user(t, 'demo1@oryx.local');
      await node.mine(CONFIRMATIONS - 1);
      const r = await u.scan();
      expect(r).toMatchObject({ from: first!.head, credited: 1 });
      expect((await u.scan())!.credited).toBe(0);
      expect(await u.balance()).toBe(before + 3n * U);
      expect(getAddress(u.address)).toBe(u.address);
    } finally {
      await t?.close();
      await db.drop();
    }
  },
);
