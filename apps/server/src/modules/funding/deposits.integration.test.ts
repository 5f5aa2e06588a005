/**
 * The deposit scanner on the sandbox chain: credited exactly once after the network's confirmations,
 * nothing credited when a reorganisation removes the transfer first, and a restart resumes where it was.
 */
import { expect, it } from 'vitest';
import { DB_KINDS, describeEachDb, persistentDb, startTestApp, type TestApp } from '../../../test/harness';
import { ManualClock } from '../../lib/clock';
import { ledger, userAccount } from '../ledger/service';
import { sandboxChain } from './chain/sandbox';
import { scanChain } from './deposits';
import { coinOf, depositAddressOf, networkOf } from './service';

const U = 100_000_000n;
const USDT = 1;
const ERC20_CONFIRMATIONS = 6;

async function setup(t: TestApp, email: string) {
  const { ctx } = t.app;
  const userId = await t.userId(email);
  const coin = await coinOf(ctx.db, USDT);
  const network = await networkOf(ctx.db, coin, 'erc20');
  const { address } = await depositAddressOf(ctx, userId, coin, network);
  const balance = async () =>
    (await ledger.balance(ctx.db, userAccount(userId, 'change'), USDT)).availableMinor;
  const send = (amount: bigint) =>
    sandboxChain.faucet(ctx.db, ctx.clock.now(), {
      to: address,
      memo: '',
      asset: network.contract_address,
      amountMinor: amount,
    });
  const mine = async (n: number) => {
    for (let i = 0; i < n; i++) await sandboxChain.mine(ctx.db, ctx.clock.now());
  };
  const scan = () => scanChain(ctx, 'sandbox');
  const deposit = (tx: string) =>
    ctx.db.selectFrom('funding_deposits').selectAll().where('tx_hash', '=', tx).executeTakeFirstOrThrow();
  return { ctx, userId, balance, send, mine, scan, deposit };
}

describeEachDb('funding: deposits', (getApp) => {
  it('credits a deposit once, after its network confirmations, however often it is scanned', async () => {
    const s = await setup(getApp(), 'demo1@oryx.local');
    const before = await s.balance();
    const tx = await s.send(100n * U);
    await s.scan(); // still in the mempool: nothing
    await s.mine(1);
    await s.scan();
    expect(await s.deposit(tx)).toMatchObject({ status: 0, confirmations: 1, amount_minor: 100n * U });
    await s.mine(ERC20_CONFIRMATIONS - 2);
    await s.scan();
    expect(await s.deposit(tx)).toMatchObject({ status: 0, confirmations: ERC20_CONFIRMATIONS - 1 });
    expect(await s.balance()).toBe(before);
    await s.mine(1);
    expect((await s.scan())!.credited).toBe(1);
    expect(await s.deposit(tx)).toMatchObject({ status: 1, confirmations: ERC20_CONFIRMATIONS });
    expect(await s.balance()).toBe(before + 100n * U);
    await s.mine(3);
    await s.scan();
    await s.scan();
    expect(await s.balance()).toBe(before + 100n * U);
    const entries = await s.ctx.db
      .selectFrom('ledger_entries')
      .select('amount_minor')
      .where('reason', '=', 'funding.deposit')
      .where('ref_id', '=', String((await s.deposit(tx)).id))
      .execute();
    expect(entries).toEqual([{ amount_minor: 100n * U }]);
  });

  it('a reorganisation before the confirmations credits nothing; a dropped transfer never credits', async () => {
    const s = await setup(getApp(), 'demo2@oryx.local');
    const before = await s.balance();
    const dropped = await s.send(7n * U);
    await s.mine(2);
    await s.scan();
    expect((await s.deposit(dropped)).confirmations).toBe(2);
    await sandboxChain.reorg(s.ctx.db, s.ctx.clock.now(), { depth: 2, drop: true });
    await s.scan();
    expect(await s.deposit(dropped)).toMatchObject({ status: 0, confirmations: 0, block_hash: '' });
    await s.mine(ERC20_CONFIRMATIONS + 2);
    await s.scan();
    expect(await s.balance()).toBe(before);

    // A transfer that comes back in the new branch counts its confirmations again from 1.
    const back = await s.send(3n * U);
    await s.mine(ERC20_CONFIRMATIONS - 1);
    await s.scan();
    expect((await s.deposit(back)).confirmations).toBe(ERC20_CONFIRMATIONS - 1);
    await sandboxChain.reorg(s.ctx.db, s.ctx.clock.now(), { depth: ERC20_CONFIRMATIONS - 1 });
    await s.scan();
    expect(await s.deposit(back)).toMatchObject({ status: 0, confirmations: 1 });
    expect(await s.balance()).toBe(before);
    await s.mine(ERC20_CONFIRMATIONS - 1);
    await s.scan();
    expect(await s.deposit(back)).toMatchObject({ status: 1 });
    expect(await s.balance()).toBe(before + 3n * U);
    expect((await s.deposit(dropped)).status).toBe(0); // out of the chain, not yet given up
  });

  it('records a deposit below the minimum without crediting it', async () => {
    const s = await setup(getApp(), 'admin@oryx.local');
    const before = await s.balance();
    const tx = await s.send(U / 2n); // minimum deposit 1 USDT
    await s.mine(ERC20_CONFIRMATIONS);
    await s.scan();
    expect((await s.deposit(tx)).status).toBe(3);
    expect(await s.balance()).toBe(before);
  });
});

it.each(DB_KINDS)('a restarted scanner resumes from its saved height and credits once [%s]', async (kind) => {
  const db = await persistentDb(kind);
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
  const env = { DATABASE_URL: db.url, SANDBOX_CHAIN_REORG_PER_MILLE: '0' };
  let t: TestApp | undefined;
  try {
    t = await startTestApp(kind, { env, clock });
    let s = await setup(t, 'demo1@oryx.local');
    const before = await s.balance();
    const tx = await s.send(5n * U);
    await s.mine(3);
    expect((await s.scan())!.to).toBe(3);
    await t.close();
    t = undefined;
    t = await startTestApp(kind, { env, clock });
    s = await setup(t, 'demo1@oryx.local');
    await s.mine(ERC20_CONFIRMATIONS);
    const r = await s.scan();
    expect(r).toMatchObject({ from: 1, to: 9, credited: 1 });
    expect((await s.scan())!.credited).toBe(0);
    expect(await s.balance()).toBe(before + 5n * U);
    expect((await s.deposit(tx)).status).toBe(1);
  } finally {
    await t?.close();
    await db.drop();
  }
});
