/**
 * The deal engine over a real database: escrow amounts exact through a full deal, cancels, buy ads and
 * withdrawals; refused transitions change nothing; concurrent takes never oversell and concurrent
 * transitions never both win. Every app ends with the ledger check.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { escrowSellAd, openDeal, partyActor, transitionDeal, withdrawAd } from './engine';
import type { DealAction, DealActor } from './deal-states';
import { AD_STATUS, p2pRepo, type P2pAd, type P2pDeal } from './repo';

const USDT = 1;
const U = 100_000_000n; // 1 USDT at scale 8

interface Users {
  owner: number;
  taker: number;
  other: number;
  admin: number;
}

const at = (t: TestApp) => t.clock.now();
const legalOf = async (t: TestApp, userId: number) =>
  (await ledger.balance(t.app.ctx.db, userAccount(userId, 'legal'), USDT)).availableMinor;
const escrowOf = async (t: TestApp) =>
  (await ledger.balance(t.app.ctx.db, systemAccount('c2c_escrow'), USDT)).availableMinor;
const feesOf = async (t: TestApp) =>
  (await ledger.balance(t.app.ctx.db, systemAccount('fees'), USDT)).availableMinor;

async function fund(t: TestApp, userId: number, amount: bigint): Promise<void> {
  await runInTransaction(t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'legal'),
      amountMinor: amount,
      currencyId: USDT,
      reason: 'wallet.demo_credit',
      ref: { type: 'test', id: `${userId}-${at(t)}` },
      at: at(t),
    }),
  );
}

async function postAd(t: TestApp, userId: number, type: 'buy' | 'sell', total: bigint): Promise<P2pAd> {
  return runInTransaction(t.app.ctx.db, async (trx) => {
    const id = await p2pRepo.insertAd(trx, {
      kind: 'c2c',
      user_id: userId,
      type,
      currency_id: USDT,
      coin_code: 'CNY',
      way: 'bank',
      price_minor: 700n,
      total_minor: total,
      surplus_minor: total,
      status: AD_STATUS.open,
      created_at: at(t),
      updated_at: at(t),
    });
    const ad = (await p2pRepo.findAd(trx, id))!;
    if (type === 'sell') await escrowSellAd(trx, ad, at(t));
    return ad;
  });
}

const take = (t: TestApp, ad: P2pAd, takerId: number, number = ad.surplus_minor, fee = 0n) =>
  runInTransaction(t.app.ctx.db, (trx) =>
    openDeal(trx, {
      ad,
      takerId,
      numberMinor: number,
      dealMoneyMinor: (number * ad.price_minor) / U,
      outFeeMinor: fee,
      at: at(t),
    }),
  );

const act = (t: TestApp, deal: P2pDeal, action: DealAction, actor: DealActor) =>
  runInTransaction(t.app.ctx.db, async (trx) => {
    const now = (await p2pRepo.findDeal(trx, deal.id))!;
    return transitionDeal(trx, now, action, actor, at(t));
  });

/** The AppError code a promise rejects with. */
async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('expected a refusal');
}

describeEachDb('p2p deal engine', (getApp) => {
  let u: Users;
  beforeAll(async () => {
    const t = getApp();
    u = {
      owner: await t.userId('demo1@oryx.local'),
      taker: await t.userId('demo2@oryx.local'),
      other: await t.userId('seller@oryx.local'),
      admin: await t.userId('admin@oryx.local'),
    };
    for (const id of Object.values(u)) await fund(t, id, 1000n * U);
  });

  it('runs a sell ad through take, pay and confirm with exact amounts', async () => {
    const t = getApp();
    const [owner0, taker0, escrow0, fees0] = [
      await legalOf(t, u.owner),
      await legalOf(t, u.taker),
      await escrowOf(t),
      await feesOf(t),
    ];
    const ad = await postAd(t, u.owner, 'sell', 10n * U);
    expect(await legalOf(t, u.owner)).toBe(owner0 - 10n * U);
    expect(await escrowOf(t)).toBe(escrow0 + 10n * U);

    const deal = await take(t, ad, u.taker, 10n * U, U / 100n);
    expect(deal).toMatchObject({ seller_id: u.owner, buyer_id: u.taker, is_sure: 0, escrow_from_ad: 1 });
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!.surplus_minor).toBe(0n);
    expect(partyActor(deal, u.taker)).toBe('buyer');

    expect((await act(t, deal, 'pay', 'buyer')).is_sure).toBe(3);
    const done = await act(t, deal, 'confirm', 'seller');
    expect(done.is_sure).toBe(1);
    expect(await legalOf(t, u.taker)).toBe(taker0 + 10n * U - U / 100n);
    expect(await feesOf(t)).toBe(fees0 + U / 100n);
    expect(await escrowOf(t)).toBe(escrow0);
    expect(await legalOf(t, u.owner)).toBe(owner0 - 10n * U);
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!.status).toBe(AD_STATUS.done);
  });

  it('gives a cancelled deal back to the sell ad, and a withdrawal back to its owner', async () => {
    const t = getApp();
    const [owner0, escrow0] = [await legalOf(t, u.owner), await escrowOf(t)];
    const ad = await postAd(t, u.owner, 'sell', 5n * U);
    const deal = await take(t, ad, u.taker, 2n * U);
    expect((await act(t, deal, 'cancel', 'buyer')).is_sure).toBe(2);
    const after = (await p2pRepo.findAd(t.app.ctx.db, ad.id))!;
    expect(after).toMatchObject({ surplus_minor: 5n * U, status: AD_STATUS.open });
    expect(await escrowOf(t)).toBe(escrow0 + 5n * U);

    await runInTransaction(t.app.ctx.db, (trx) => withdrawAd(trx, after, at(t)));
    expect(await escrowOf(t)).toBe(escrow0);
    expect(await legalOf(t, u.owner)).toBe(owner0);
    expect(await codeOf(take(t, after, u.taker, U))).toBe('P2P_AD_CLOSED');
  });

  it('escrows the taker’s coins on a buy ad and returns them on cancel', async () => {
    const t = getApp();
    const [owner0, taker0, escrow0] = [
      await legalOf(t, u.owner),
      await legalOf(t, u.taker),
      await escrowOf(t),
    ];
    const ad = await postAd(t, u.owner, 'buy', 3n * U);
    expect(await legalOf(t, u.owner)).toBe(owner0);
    const deal = await take(t, ad, u.taker);
    expect(deal).toMatchObject({ seller_id: u.taker, buyer_id: u.owner, escrow_from_ad: 0 });
    expect(await legalOf(t, u.taker)).toBe(taker0 - 3n * U);
    expect(await escrowOf(t)).toBe(escrow0 + 3n * U);
    await act(t, deal, 'cancel', 'buyer');
    expect(await legalOf(t, u.taker)).toBe(taker0);
    expect(await escrowOf(t)).toBe(escrow0);
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!.surplus_minor).toBe(3n * U);

    const again = await take(t, ad, u.taker);
    await act(t, again, 'pay', 'buyer');
    await act(t, again, 'confirm', 'seller');
    expect(await legalOf(t, u.owner)).toBe(owner0 + 3n * U);
    expect(await legalOf(t, u.taker)).toBe(taker0 - 3n * U);
    expect(await escrowOf(t)).toBe(escrow0);
  });

  it('refuses the wrong party, the wrong state and a second open deal, changing nothing', async () => {
    const t = getApp();
    const ad = await postAd(t, u.owner, 'sell', 4n * U);
    expect(await codeOf(take(t, ad, u.owner))).toBe('P2P_AD_OWN');
    expect(await codeOf(take(t, ad, u.taker, 5n * U))).toBe('P2P_AD_SOLD_OUT');
    const deal = await take(t, ad, u.taker, U);
    expect(await codeOf(take(t, ad, u.taker, U))).toBe('P2P_OPEN_DEAL');
    expect(() => partyActor(deal, u.other)).toThrow(AppError);
    const escrow0 = await escrowOf(t);
    expect(await codeOf(act(t, deal, 'pay', 'seller'))).toBe('P2P_DEAL_NOT_PARTY');
    expect(await codeOf(act(t, deal, 'confirm', 'seller'))).toBe('P2P_DEAL_STATE');
    expect(await codeOf(act(t, deal, 'decide_release', 'operator'))).toBe('P2P_DEAL_STATE');
    expect(await codeOf(runInTransaction(t.app.ctx.db, (trx) => withdrawAd(trx, ad, at(t))))).toBe(
      'P2P_AD_IN_DEAL',
    );
    expect((await p2pRepo.findDeal(t.app.ctx.db, deal.id))!.is_sure).toBe(0);
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!).toMatchObject({ surplus_minor: 3n * U, status: 0 });
    expect(await escrowOf(t)).toBe(escrow0);
    await act(t, deal, 'pay', 'buyer');
    expect(await codeOf(act(t, deal, 'cancel', 'buyer'))).toBe('P2P_DEAL_STATE');
    // The appeal path: frozen, then the operator returns the coins to the ad.
    await act(t, deal, 'appeal', 'seller');
    expect(await codeOf(act(t, deal, 'confirm', 'seller'))).toBe('P2P_DEAL_STATE');
    await act(t, deal, 'decide_return', 'operator');
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!.surplus_minor).toBe(4n * U);
    expect(await escrowOf(t)).toBe(escrow0);
    await runInTransaction(t.app.ctx.db, (trx) => withdrawAd(trx, ad, at(t)));
  });

  it('never oversells the last amount to concurrent takers', async () => {
    const t = getApp();
    const ad = await postAd(t, u.owner, 'sell', 2n * U);
    const takers = [u.taker, u.other, u.admin];
    const results = await Promise.allSettled(takers.map((id) => take(t, ad, id, 2n * U)));
    const won = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<P2pDeal>[];
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('P2P_AD_SOLD_OUT');
    }
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!.surplus_minor).toBe(0n);
    const escrow0 = await escrowOf(t);
    // Two transitions racing on one deal: exactly one wins, the escrow moves once.
    const race = await Promise.allSettled([
      act(t, won[0]!.value, 'cancel', 'buyer'),
      act(t, won[0]!.value, 'expire', 'system'),
    ]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await p2pRepo.findAd(t.app.ctx.db, ad.id))!.surplus_minor).toBe(2n * U);
    expect(await escrowOf(t)).toBe(escrow0);
    await runInTransaction(t.app.ctx.db, (trx) => withdrawAd(trx, ad, at(t)));
  });
});
