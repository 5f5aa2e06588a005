/**
 * Withdrawals through the UTXO hot wallet on a Litecoin regtest node (skipped without `litecoind`): the
 * withdrawals due go out in one batch transaction (two workers racing still pay each once), followed to
 * final with the ledger consuming the frozen amounts; concurrent batches never spend one coin twice; a
 * batch unconfirmed too long is replaced by one paying a higher fee (RBF) and still followed by its first
 * txid. Every app ends with the ledger check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness';
import { litecoindPath, startUtxoNode, type UtxoNode } from '../../../../test/utxo-node';
import { LTC, LTC_CONFIRMATIONS, ltcAdapter, onLtc } from '../../../../test/utxo-app';
import { bindAddress } from '../address-book';
import { runInTransaction } from '../../../db/transaction';
import { ledger, systemAccount, userAccount } from '../../ledger/service';
import { processWithdrawals } from '../withdrawals';
import type { UtxoAdapter } from './utxo';

const BIN = litecoindPath();
const COIN = 100_000_000n;
let node: UtxoNode;
afterAll(async () => node?.close());

for (const kind of DB_KINDS) {
  describe.skipIf(!BIN)(`funding: UTXO withdrawals on litecoind regtest [${kind}]`, () => {
    let t: TestApp;
    let adapter: UtxoAdapter;
    const mempool = () => node.rpc.call<string[]>('getrawmempool');
    const received = (a: string) => node.miner.call<number>('getreceivedbyaddress', [a, 0]);
    beforeAll(async () => {
      await node?.close();
      node = await startUtxoNode();
      t = await startTestApp(kind);
      adapter = await onLtc(t, node);
      await adapter.wallet!.ensureWatching(); // before the hot wallet's coins arrive
      for (let i = 0; i < 4; i++) await node.pay(adapter.wallet!.address, '2');
      await node.mine(1);
    }, 60_000);
    afterAll(async () => t?.close());

    it('pays the withdrawals due in one batch, once with two workers racing, to final', async () => {
      const { db } = t.app.ctx;
      const userId = await t.userId('demo1@oryx.local');
      await runInTransaction(db, (trx) =>
        ledger.transfer(trx, {
          from: systemAccount('genesis'),
          to: userAccount(userId, 'change'),
          currencyId: LTC,
          amountMinor: 10n * COIN,
          reason: 'wallet.demo_credit',
          ref: { type: 'test', id: 'utxo-withdrawals' },
          at: t.clock.now(),
        }),
      );
      const recipients: string[] = [];
      for (let i = 0; i < 3; i++) {
        const a = await node.miner.call<string>('getnewaddress', ['', 'bech32']);
        recipients.push(a);
        await bindAddress(t.app.ctx, userId, { currency: LTC, type: 'native', address: a });
      }
      t.clock.advance(25 * 3_600_000); // past the cool-off
      const auth = await t.tokenFor('demo1@oryx.local');
      const bal = () => ledger.balance(db, userAccount(userId, 'change'), LTC);
      const before = await bal();
      for (const address of recipients) {
        const r = await t.call(
          'POST',
          '/api/wallet/out',
          { currency: LTC, type: 'native', address, number: '0.5', pay_password: DEMO_PASSWORD },
          { token: auth },
        );
        expect(r.body.type).toBe('ok');
      }
      await Promise.all([processWithdrawals(t.app.ctx), processWithdrawals(t.app.ctx)]);
      const rows = () =>
        db.selectFrom('funding_withdrawals').selectAll().where('user_id', '=', userId).execute();
      const sent = await rows();
      expect(sent).toHaveLength(3);
      expect(new Set(sent.map((r) => r.tx_hash)).size).toBe(1); // one batch
      expect(await mempool()).toContain(sent[0]!.tx_hash);
      expect(await db.selectFrom('funding_utxo_batches').selectAll().execute()).toHaveLength(1);
      await node.mine(1);
      await processWithdrawals(t.app.ctx);
      expect((await rows()).every((r) => r.status === 1)).toBe(true);
      await node.mine(LTC_CONFIRMATIONS - 1);
      await processWithdrawals(t.app.ctx);
      expect((await rows()).map((r) => r.status)).toEqual([2, 2, 2]);
      for (const [i, a] of recipients.entries()) {
        const net = sent[i]!.amount_minor - sent[i]!.fee_minor;
        expect(BigInt(Math.round((await received(a)) * 1e8))).toBe(net);
      }
      const after = await bal();
      expect(after.availableMinor).toBe(before.availableMinor - (3n * COIN) / 2n);
      expect(after.frozenMinor).toBe(before.frozenMinor);
    });

    it('concurrent batches never spend one coin twice; a reference is paid once', async () => {
      await node.mine(1); // the last batch's change is confirmed
      const to = await node.miner.call<string>('getnewaddress', ['', 'bech32']);
      const req = (reference: string) => ({ reference, asset: '', to, memo: '', amountMinor: COIN / 10n });
      const workers = [adapter, ltcAdapter(t, node), ltcAdapter(t, node)];
      await Promise.all(workers.map((w, i) => w.prepareSends([req(`race-${i}`), req('race-shared')])));
      const { db } = t.app.ctx;
      const spent = await db.selectFrom('funding_utxo_spent').selectAll().execute();
      expect(new Set(spent.map((s) => `${s.txid}:${s.vout}`)).size).toBe(spent.length);
      const outputs = await db
        .selectFrom('funding_utxo_outputs')
        .selectAll()
        .where('reference', 'like', 'race-%')
        .execute();
      expect(outputs.map((o) => o.reference).sort()).toEqual(['race-0', 'race-1', 'race-2', 'race-shared']);
      const batches = await db.selectFrom('funding_utxo_batches').selectAll().execute();
      const pool = await mempool();
      for (const b of batches.slice(1)) expect(pool).toContain(b.txid); // every batch accepted: no conflict
      const sends = await Promise.all(workers.map(() => adapter.send(req('race-shared'))));
      expect(new Set(sends.map((s) => s.txHash)).size).toBe(1);
      await node.mine(1);
      expect(BigInt(Math.round((await received(to)) * 1e8))).toBe((4n * COIN) / 10n);
    });

    it('a batch stuck past BUMP_AFTER_MS is replaced paying more (RBF) and followed by its first txid', async () => {
      const to = await node.miner.call<string>('getnewaddress', ['', 'bech32']);
      const { txHash } = await adapter.send({
        reference: 'rbf-1',
        asset: '',
        to,
        memo: '',
        amountMinor: COIN / 5n,
      });
      expect(await adapter.follow(txHash, 2)).toEqual({ state: 'pending' });
      t.clock.advance(600_000);
      expect(await adapter.follow(txHash, 2)).toEqual({ state: 'pending' });
      const batch = await t.app.ctx.db
        .selectFrom('funding_utxo_batches')
        .selectAll()
        .where('txid', '!=', txHash)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const pool = await mempool();
      expect(pool).toContain(batch.txid);
      expect(pool).not.toContain(txHash);
      await node.mine(1);
      expect(await adapter.follow(txHash, 2)).toEqual({ state: 'confirming', confirmations: 1 });
      await node.mine(1);
      expect(await adapter.follow(txHash, 2)).toEqual({ state: 'final', confirmations: 2 });
      expect(BigInt(Math.round((await received(to)) * 1e8))).toBe(COIN / 5n);
    });
  });
}
