/**
 * Lever under concurrency over the real server and database: many users open, set stops on, close and
 * revoke positions in parallel while the scripted mark swings (down far enough to liquidate the highest
 * multiples) and the real risk loop (`startRiskLoop`) evaluates on each tick. Afterwards no user balance
 * is negative and the ledger check passes (the harness runs it again when the app closes).
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { runInTransaction } from '../../db/transaction';
import { SYSTEM_USER_ID } from '../ledger/accounts';
import { checkLedger, formatLedgerReport } from '../ledger/check';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { usersRepo } from '../users/repo';
import { RISK_TICK_MS, startRiskLoop } from './risk';
import { A, BTC, USDT, body, setup, type Lc } from './test-helpers';

const USERS = 12;
/** At most this many calls per user; each stops earlier once the mark has walked its path. */
const ROUNDS = 40;
const MULTIPLES = [50, 100, 150];
/** The mark's path: swings, then a fall that liquidates the high multiples, then a rebound. */
const PATH = ['60000', '60600', '59400', '60900', '58800', '57000', '55000', '56500', '61000', '60000'];

/** A small deterministic generator, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

interface Trader {
  id: number;
  token: string;
}

/** Users with the demo trade password and 100 USDT (little beside the margins, so a move liquidates) in their lever wallet. */
async function traders(c: Lc): Promise<Trader[]> {
  const ctx = c.t.app.ctx;
  const demo = await ctx.db
    .selectFrom('users')
    .select('trade_password_hash')
    .where('id', '=', c.userId)
    .executeTakeFirstOrThrow();
  const out: Trader[] = [];
  for (let u = 0; u < USERS; u++) {
    const id = await usersRepo.insertUser(ctx.db, {
      email: `lever-race${u}@oryx.local`,
      passwordHash: 'x',
      tradePasswordHash: demo.trade_password_hash,
      extensionCode: `LRACE${u}`,
      accountNumber: `lrace${u}`,
      now: c.t.clock.now(),
    });
    await runInTransaction(ctx.db, (trx) =>
      ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(id, 'lever'),
        currencyId: USDT,
        amountMinor: A('100'),
        reason: 'wallet.demo_credit',
        ref: { type: 'test_seed', id },
        at: c.t.clock.now(),
      }),
    );
    out.push({ id, token: await c.t.tokenFor(`lever-race${u}@oryx.local`) });
  }
  return out;
}

/** One trader's session: each round one of open (market or limit), set a stop, close, revoke, batch close. */
async function trade(c: Lc, tr: Trader, seed: number, done: () => boolean): Promise<number[]> {
  const r = rng(seed);
  const statuses: number[] = [];
  const call = async (path: string, b: Record<string, unknown>) => {
    const res = await c.t.call('POST', path, b, { token: tr.token });
    statuses.push(res.status);
    return res.body;
  };
  const mine = () =>
    c.t.app.ctx.db
      .selectFrom('lever_orders')
      .select(['id', 'status', 'type', 'price_minor'])
      .where('user_id', '=', tr.id)
      .where('status', 'in', [0, 1])
      .execute();
  for (let round = 0; round < ROUNDS && !done(); round++) {
    const pick = r(10);
    const live = await mine();
    const one = live[r(Math.max(live.length, 1))];
    if (pick < 5 || !one) {
      const type = 1 + r(2);
      const limit = pick === 4;
      await call('/api/lever/submit', {
        ...body({ type, multiple: MULTIPLES[r(MULTIPLES.length)], share: 1 + r(3) }),
        ...(limit ? { status: 0, target_price: type === 1 ? '50000' : '70000' } : {}),
      });
    } else if (pick < 7 && one.status === 1) {
      const stop = one.type === 1 ? { stop_loss_price: '45000' } : { stop_loss_price: '75000' };
      await call('/api/lever/setstop', { id: one.id, target_profit_price: 0, ...stop });
    } else if (pick < 9) {
      await call(one.status === 1 ? '/api/lever/close' : '/api/lever/cancel', { id: one.id });
    } else {
      await call('/api/lever/batch_close', { type: 1 + r(2) });
    }
  }
  return statuses;
}

/** Moves the mark along PATH, one step per risk tick, yielding so calls and evaluations interleave. */
async function moveMark(c: Lc): Promise<void> {
  // The swings start once the traders hold positions (on a loaded machine their first calls come late).
  for (let waited = 0; waited < 5_000; waited += 20) {
    const open = await c.t.app.ctx.db
      .selectFrom('lever_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(open.n) >= 4) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const price of PATH) {
    c.feed.add(BTC, A(price), c.t.clock.now());
    for (let tick = 0; tick < 20; tick++) {
      c.t.clock.advance(RISK_TICK_MS); // the loop's tick fires
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

describeEachDb('lever: many users trading while the mark moves and the risk loop runs', (getApp) => {
  it('leaves no balance negative and the ledger balanced', { timeout: 20_000 }, async () => {
    const c = await setup(getApp());
    c.t.clock.advance(20_000);
    c.feed.add(BTC, A('60000'), c.t.clock.now());
    const all = await traders(c);
    const stop = await startRiskLoop(c.t.app.ctx);
    let statuses: number[][];
    let moved = false;
    try {
      [statuses] = await Promise.all([
        Promise.all(all.map((tr, i) => trade(c, tr, 7 + i, () => moved))),
        moveMark(c).then(() => (moved = true)),
      ]);
    } finally {
      await stop();
    }
    expect(statuses.flat().filter((s) => s >= 500)).toEqual([]);
    const orders = await c.t.app.ctx.db
      .selectFrom('lever_orders')
      .select(['status', 'close_reason'])
      .where(
        'user_id',
        'in',
        all.map((tr) => tr.id),
      )
      .execute();
    expect(orders.length).toBeGreaterThan(USERS);
    // The fall reached the high multiples: the loop liquidated while the users traded.
    expect(orders.filter((o) => o.close_reason === 'liquidation').length).toBeGreaterThan(0);
    const negative = await c.t.app.ctx.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('user_id', '!=', SYSTEM_USER_ID)
      .where((eb) => eb.or([eb('available_minor', '<', 0n), eb('frozen_minor', '<', 0n)]))
      .execute();
    expect(negative).toEqual([]);
    const report = await checkLedger(c.t.app.ctx.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
    // Whatever is still open is closed by its owner at the last mark, which balances the ledger again.
    for (const tr of all) {
      const res = await c.t.call('POST', '/api/lever/batch_close', { type: 0 }, { token: tr.token });
      expect(res.status).toBeLessThan(500);
    }
    expect((await checkLedger(c.t.app.ctx.db)).ok).toBe(true);
  });
});
