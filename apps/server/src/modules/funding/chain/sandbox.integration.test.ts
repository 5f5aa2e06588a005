/** The sandbox chain over a real database: blocks on the clock, the faucet, reorganisations, the adapter. */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../../test/harness';
import { fundingModule } from '../module';
import { SandboxAdapter, sandboxChain, sandboxAddress } from './sandbox';

const ASSET = 'SBX-USDT-ERC20';

describeEachDb('funding: the sandbox chain', (getApp) => {
  const adapter = () => {
    const { ctx } = getApp().app;
    return new SandboxAdapter(ctx.db, ctx.env.SANDBOX_CHAIN_SEED, () => ctx.clock.now());
  };

  it('starts at its genesis block and mines one block per interval on the clock', async () => {
    const t = getApp();
    const a = adapter();
    expect(await a.head()).toBe(0);
    const stop = await fundingModule.background!(t.app.ctx);
    await t.elapse(t.app.ctx.env.SANDBOX_CHAIN_BLOCK_MS * 3);
    await stop();
    expect(await a.head()).toBe(3);
    await t.elapse(t.app.ctx.env.SANDBOX_CHAIN_BLOCK_MS * 2);
    expect(await a.head()).toBe(3); // stopped
  });

  it('includes a faucet transfer in the next block and reports it to a scan with its block hash', async () => {
    const { db } = getApp().app.ctx;
    const a = adapter();
    const to = a.deriveAddress(7);
    const tx = await sandboxChain.faucet(db, 1, { to, memo: '', asset: ASSET, amountMinor: 5n });
    const h = await sandboxChain.mine(db, 2);
    const r = await a.scan(h, h, [ASSET]);
    expect(r.blocks).toHaveLength(1);
    expect(r.transfers).toEqual([
      {
        txHash: tx,
        logIndex: 0,
        blockHeight: h,
        blockHash: r.blocks[0]!.hash,
        asset: ASSET,
        to,
        memo: '',
        amountMinor: 5n,
      },
    ]);
    expect((await a.scan(h, h, ['SBX-BTC'])).transfers).toEqual([]);
  });

  it('a reorganisation replaces the last blocks and mines their transfers again in the new tip', async () => {
    const { db } = getApp().app.ctx;
    const a = adapter();
    const to = sandboxAddress('x', 1);
    const tx = await sandboxChain.faucet(db, 3, { to, memo: 'm', asset: ASSET, amountMinor: 9n });
    const h = await sandboxChain.mine(db, 4);
    await sandboxChain.mine(db, 5);
    const before = await a.scan(h, h + 1, [ASSET]);
    await sandboxChain.reorg(db, 6, { depth: 2 });
    expect(await a.head()).toBe(h + 2);
    const after = await a.scan(h, h + 2, [ASSET]);
    expect(after.blocks[0]!.hash).not.toBe(before.blocks[0]!.hash);
    expect(after.transfers.map((x) => [x.txHash, x.blockHeight])).toEqual([[tx, h + 2]]);
    // A dropping reorganisation makes the transfer vanish.
    await sandboxChain.reorg(db, 7, { depth: 1, drop: true });
    expect((await a.scan(h, h + 3, [ASSET])).transfers).toEqual([]);
  });

  it('sends a withdrawal once per reference and follows it to final or failed', async () => {
    const { db } = getApp().app.ctx;
    const a = adapter();
    const req = { reference: 'w1', asset: ASSET, to: sandboxAddress('x', 2), memo: '', amountMinor: 3n };
    const { txHash } = await a.send(req);
    expect((await a.send(req)).txHash).toBe(txHash);
    expect(await a.follow(txHash, 2)).toEqual({ state: 'pending' });
    await sandboxChain.mine(db, 8);
    expect(await a.follow(txHash, 2)).toEqual({ state: 'confirming', confirmations: 1 });
    await sandboxChain.mine(db, 9);
    expect(await a.follow(txHash, 2)).toEqual({ state: 'final', confirmations: 2 });
    const failing = await a.send({ ...req, reference: 'w2' });
    await sandboxChain.mine(db, 10);
    await sandboxChain.failTx(db, failing.txHash);
    expect(await a.follow(failing.txHash, 1)).toEqual({ state: 'failed', reason: 'reverted' });
    const rows = await db
      .selectFrom('sandbox_chain_txs')
      .select('tx_hash')
      .where('tx_hash', '=', txHash)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
