/**
 * Withdrawals through the EVM hot wallet on the in-process node: many sent at once (two workers racing)
 * get consecutive nonces and one transaction each, follow the chain to final (the ledger consumes the
 * frozen amount, the recipient holds amount − fee) or to failed (the transfer reverts on the chain, the
 * amount is released). Every app ends with the ledger check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DB_KINDS, DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness';
import { bindAddress } from '../address-book';
import { type EvmNode } from '../../../../test/evm-node';
import { CONFIRMATIONS, ETH, onEvm, TOKEN, U, USDT } from '../../../../test/evm-app';
import { freshEvmNodes } from '../../../../test/evm-suite';
import { runInTransaction } from '../../../db/transaction';
import { ledger, systemAccount, userAccount } from '../../ledger/service';
import { processWithdrawals } from '../withdrawals';
import type { EvmAdapter } from './evm';

const recipients = Array.from(
  { length: 12 },
  (_, i) => privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, 'a')}`).address,
);

let node: EvmNode;
let token: Address;
const freshNode = freshEvmNodes((n, deployed) => {
  node = n;
  token = deployed;
});

for (const kind of DB_KINDS) {
  describe(`funding: EVM withdrawals [${kind}]`, () => {
    let t: TestApp;
    let adapter: EvmAdapter;
    let hot: Address;
    beforeAll(async () => {
      await freshNode();
      t = await startTestApp(kind);
      adapter = await onEvm(t, node, token);
      hot = adapter.hotWalletAddress as Address;
      await node.tokenTransfer(token, hot, 1_000n * TOKEN); // the hot wallet holds 1,000 USDT
    });
    afterAll(async () => t?.close());

    async function withdrawer(email: string) {
      const { db } = t.app.ctx;
      const userId = await t.userId(email);
      const auth = await t.tokenFor(email);
      await runInTransaction(db, (trx) =>
        ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: userAccount(userId, 'change'),
          currencyId: USDT,
          amountMinor: 5_000n * U,
          reason: 'wallet.demo_credit',
          ref: { type: 'test', id: `evm-${email}` },
          at: t.clock.now(),
        }),
      );
      // Bound through the address book directly: the e-mailed code of the call is not what this tests.
      for (const address of recipients) {
        await bindAddress(t.app.ctx, userId, { currency: USDT, type: 'erc20', address });
      }
      t.clock.advance(25 * 3_600_000); // past the cool-off
      const out = async (address: string, number: string) => {
        const r = await t.call(
          'POST',
          '/api/wallet/out',
          { currency: USDT, type: 'erc20', address, number, pay_password: DEMO_PASSWORD },
          { token: auth },
        );
        expect(r.body.type).toBe('ok');
      };
      const bal = () => ledger.balance(db, userAccount(userId, 'change'), USDT);
      const rows = () =>
        db
          .selectFrom('funding_withdrawals')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute();
      return { out, bal, rows };
    }

    it('sends many withdrawals at once with consecutive nonces, one transaction each, to final', async () => {
      const w = await withdrawer('demo1@oryx.local');
      const before = await w.bal();
      const hotEthBefore = await node.client.getBalance({ address: hot });
      for (const to of recipients) await w.out(to, '20');
      // Two workers race over the same queue: each withdrawal is still sent once; all go in one block.
      await node.autoMine(false);
      try {
        await Promise.all([processWithdrawals(t.app.ctx), processWithdrawals(t.app.ctx)]);
        await node.mine(1);
      } finally {
        await node.autoMine(true);
      }
      const sent = await w.rows();
      expect(sent.every((r) => r.status === 1 && r.tx_hash)).toBe(true);
      const sends = await t.app.ctx.db.selectFrom('funding_evm_sends').selectAll().orderBy('nonce').execute();
      expect(sends).toHaveLength(recipients.length);
      expect(sends.map((s) => s.nonce)).toEqual(recipients.map((_, i) => sends[0]!.nonce + i));
      expect(new Set(sends.map((s) => s.tx_hash))).toEqual(new Set(sent.map((r) => r.tx_hash)));
      await processWithdrawals(t.app.ctx); // 1 confirmation: not final yet
      expect((await w.rows()).every((r) => r.status === 1)).toBe(true);
      await node.mine(CONFIRMATIONS - 1);
      await processWithdrawals(t.app.ctx);
      expect((await w.rows()).map((r) => r.status)).toEqual(recipients.map(() => 2));
      // 20 USDT each, fee 1 + 0.1 % = 1.02: 18.98 arrive (6-decimal token units).
      for (const to of recipients) expect(await node.balanceOf(token, to)).toBe(18_980_000n);
      const after = await w.bal();
      expect(after.availableMinor).toBe(before.availableMinor - 240n * U);
      expect(after.frozenMinor).toBe(before.frozenMinor);
      expect(await node.client.getTransactionCount({ address: hot })).toBe(recipients.length);
      // The hot wallet paid the net (its own ledger account) and the gas (booked against chain_gas, in ETH).
      const { db } = t.app.ctx;
      expect((await ledger.balance(db, systemAccount('evm_hot_wallet'), USDT)).availableMinor).toBe(
        12n * 1_898_000_000n,
      );
      const gasMinor = -(await ledger.balance(db, systemAccount('chain_gas'), ETH)).availableMinor;
      const spentMinor = (hotEthBefore - (await node.client.getBalance({ address: hot }))) / 10n ** 10n;
      expect(gasMinor).toBeGreaterThan(0n);
      expect(gasMinor - spentMinor).toBeGreaterThanOrEqual(0n); // rounded up, one unit a transaction at most
      expect(gasMinor - spentMinor).toBeLessThanOrEqual(BigInt(recipients.length));
      expect((await ledger.balance(db, systemAccount('evm_hot_wallet'), ETH)).availableMinor).toBe(gasMinor);
    });

    it('a transfer that reverts on the chain fails the withdrawal and releases the amount', async () => {
      const w = await withdrawer('demo2@oryx.local');
      const before = await w.bal();
      await w.out(recipients[0]!, '2000'); // more than the hot wallet holds
      await w.out(recipients[1]!, '15');
      await processWithdrawals(t.app.ctx);
      await node.mine(CONFIRMATIONS);
      await processWithdrawals(t.app.ctx);
      const [big, small] = await w.rows();
      expect(big).toMatchObject({ status: 3, notes: 'reverted' });
      expect(small!.status).toBe(2);
      const after = await w.bal();
      expect(after.availableMinor).toBe(before.availableMinor - 15n * U);
      expect(after.frozenMinor).toBe(before.frozenMinor);
    });

    it('sending a reference again returns its transaction; a lost transaction is broadcast again', async () => {
      const req = {
        reference: 'evm-test-again',
        asset: '',
        to: recipients[2]!,
        memo: '',
        amountMinor: U / 100n,
      };
      await node.autoMine(false);
      try {
        const snap = await node.snapshot();
        const first = await adapter.send(req);
        expect((await adapter.send(req)).txHash).toBe(first.txHash);
        expect(await adapter.follow(first.txHash, 1)).toEqual({ state: 'pending' });
        await node.revert(snap); // the node forgets the pending transaction
        const lost = await node.client.getTransaction({ hash: first.txHash as Address }).catch(() => null);
        expect(lost).toBeNull();
        expect(await adapter.follow(first.txHash, 1)).toEqual({ state: 'pending' }); // broadcast again
        await node.mine(1);
        expect(await adapter.follow(first.txHash, 1)).toMatchObject({ state: 'final' });
      } finally {
        await node.autoMine(true);
      }
      const sends = await t.app.ctx.db
        .selectFrom('funding_evm_sends')
        .select('tx_hash')
        .where('reference', '=', req.reference)
        .execute();
      expect(sends).toHaveLength(1);
    });
  });
}
