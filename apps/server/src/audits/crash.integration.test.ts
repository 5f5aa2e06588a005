/**
 * Crashes under load: a real server process takes crossing spot orders and cancels from several users
 * and is killed with SIGKILL; three rounds on the same database (SQLite and PostgreSQL), each killed at
 * a chosen moment read from the database it writes: while its background sender is sending a queue of
 * approved withdrawals, while it is finishing them, and while its risk loop is liquidating lever
 * positions that take two close batches (a mark move written as the mark sampler records books). After
 * each kill the exchange starts again on what it left (books rebuilt) and:
 *
 * - every acknowledged order exists once, as acknowledged (owner, side, price, amount; filled at least
 *   what the reply said; a filled or cancelled reply is final), and every acknowledged cancel is a
 *   cancelled order with exactly the fill the reply showed;
 * - nothing is half-applied: every order's fill equals the sum of its trades, every trade has its complete
 *   ledger movements (the quote and base legs, each fee), a closed order holds nothing, and each user's
 *   frozen amounts equal what their open orders and pending withdrawals hold;
 * - each withdrawal is either still pending (frozen, at most its one transaction on the chain) or done
 *   (one transaction on the chain, mined, and its ledger movements exactly once); never sent twice;
 * - each lever position is open and untouched (margin and fee taken once, nothing else) or closed by the
 *   liquidation with its margin wholly out of the frozen bucket and its close recorded;
 * - no balance is below zero and the ledger check passes; the restarted engine takes orders.
 *
 * Whether a round caught its moment (the machine may be too fast or too slow for it) is printed, not
 * asserted: the checks hold whenever the kill lands.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '@oryx/contracts/money';
import { DB_KINDS, persistentDb } from '../../test/harness';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { runInTransaction } from '../db/transaction';
import type { Db } from '../db/connection';
import { usersRepo } from '../modules/users/repo';
import { checkLedger } from '../modules/ledger/check';
import { ledger, systemAccount, userAccount } from '../modules/ledger/service';
import { sandboxAddress } from '../modules/funding/chain/sandbox';
import { WITHDRAW_REF_TYPE, WITHDRAW_STATUS } from '../modules/funding/withdrawals';
import { openDatabase } from '../db/connection';
import { recordMark } from '../modules/mark/service';
import { ScriptedTrades } from '../modules/mark/scripted-trades';
import type { AppContext } from '../lib/context';
import { leverTerms } from '../modules/lever/config';
import { leverRepo } from '../modules/lever/repo';
import { LEDGER_REF_TYPE as LEVER_REF, takeMargin } from '../modules/lever/positions';
import { chargeOnValue, marginOf, openPriceOf } from '../modules/lever/rules';
import { CHUNK_POSITIONS } from '../modules/lever/close-batch';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const USERS = 6;
const U = 100_000_000n;
/** Kill rounds per database (each: a server start, load, SIGKILL, a restart that checks). */
const ROUNDS = 3;
/** Approved withdrawals queued in a withdrawal round, for the background sender to work through. */
const WITHDRAWALS_PER_ROUND = 300;
/** Lever positions (ETH/USDT, 100x longs, nothing free beside them) that a 3 % fall liquidates. */
const LEVER_USERS = 2;
/** Two users' positions do not fit one close batch (CHUNK_POSITIONS): the liquidation takes two. */
const POSITIONS_PER_LEVER_USER = CHUNK_POSITIONS / 2 + 1;
const ETH_MARKET = 2;
const ETH_PRICE = 3_000n * U;
/** A round waits at most this long for the state it wants to kill in, then kills anyway. */
const KILL_WAIT_MS = 6_000;
const WITHDRAW_USER = 'crashw@oryx.local';

const envFor = (url: string) =>
  loadEnv({
    DATABASE_URL: url,
    ORYX_MODE: 'production',
    PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
    API_KEY_ENCRYPTION_KEY: 'test-api-key-encryption-key-0123456789',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
  });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function fund(db: Db, userId: number, currencyId: number, amountMinor: bigint, at: number) {
  await runInTransaction(db, (trx) =>
    ledger.transfer(trx, {
      from: systemAccount('genesis'),
      to: userAccount(userId, 'change'),
      currencyId,
      amountMinor,
      reason: 'wallet.demo_credit',
      ref: { type: 'crash', id: `${userId}:${currencyId}` },
      at,
    }),
  );
}

/** Funded users with a transaction password set, and their session tokens; the withdrawing user. */
async function prepare(url: string): Promise<string[]> {
  const app = await buildApp({ env: envFor(url), sockets: false, seed: true, background: false });
  const tokens: string[] = [];
  const now = Date.now();
  try {
    for (let i = 0; i < USERS; i++) {
      const email = `crash${i}@oryx.local`;
      const userId = await usersRepo.insertUser(app.ctx.db, {
        email,
        passwordHash: 'crash-no-login',
        tradePasswordHash: 'crash-set',
        extensionCode: `CRASH${i}`,
        accountNumber: email,
        now,
      });
      await fund(app.ctx.db, userId, 1, 1_000_000n * U, now);
      await fund(app.ctx.db, userId, 2, 100n * U, now);
      tokens.push(await app.sessions.create(userId));
    }
    const w = await usersRepo.insertUser(app.ctx.db, {
      email: WITHDRAW_USER,
      passwordHash: 'crash-no-login',
      tradePasswordHash: 'crash-set',
      extensionCode: 'CRASHW',
      accountNumber: WITHDRAW_USER,
      now,
    });
    await fund(app.ctx.db, w, 1, 1_000_000n * U, now);
    await seedLeverPositions(app.ctx, now);
  } finally {
    await app.close();
  }
  return tokens;
}

/**
 * Approved USDT withdrawals waiting for the sender (status 1), each to its own sandbox address: the row
 * and the freeze of `wallet/out` (funding/withdrawals.ts requestWithdrawal) followed by an approval.
 */
async function queueWithdrawals(db: Db, n: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', WITHDRAW_USER)
    .executeTakeFirstOrThrow();
  const network = await db
    .selectFrom('funding_networks')
    .select(['id', 'chain'])
    .where('currency_id', '=', 1)
    .where('type', '=', 'erc20')
    .executeTakeFirstOrThrow();
  const at = Date.now();
  // One transaction: the sender finds the whole queue at once.
  await runInTransaction(db, async (trx) => {
    for (let i = 0; i < n; i++) {
      const amount = 20n * U + BigInt(i);
      const row = await trx
        .insertInto('funding_withdrawals')
        .values({
          user_id: user.id,
          currency_id: 1,
          network_id: network.id,
          chain: network.chain,
          address: sandboxAddress('crash-withdrawal', at + i),
          memo: '',
          amount_minor: amount,
          fee_minor: 1n * U,
          status: WITHDRAW_STATUS.sending,
          tx_hash: null,
          notes: '',
          created_at: at,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger.freeze(trx, {
        account: userAccount(user.id, 'change'),
        currencyId: 1,
        amountMinor: amount,
        reason: 'funding.withdraw_freeze',
        ref: { type: WITHDRAW_REF_TYPE, id: row.id },
        at,
      });
    }
  });
}

/**
 * Lever users each holding POSITIONS_PER_LEVER_USER one-lot 100x longs on ETH/USDT opened at ETH_PRICE,
 * written through the lever's own ledger movements (`takeMargin`: margin frozen, fee charged) with
 * nothing free beside them (as the lever benchmark seeds them; submit's per-user limit of live orders
 * would otherwise keep the batch small).
 */
async function seedLeverPositions(ctx: AppContext, now: number) {
  const feed = new ScriptedTrades();
  ctx.services.mark.prices = feed;
  feed.add(ETH_MARKET, ETH_PRICE, now - 1000);
  const terms = (await leverTerms(ctx.db, ETH_MARKET))[0]!;
  const mark = await feed.markAt(ctx.db, ETH_MARKET, now);
  const price = openPriceOf(1, mark.priceMinor, terms.spreadBps);
  const margin = marginOf(price, terms.shareNumMinor, terms.baseScale, 100);
  const fee = chargeOnValue(price, terms.shareNumMinor, terms.baseScale, terms.feeBps);
  for (let u = 0; u < LEVER_USERS; u++) {
    const email = `crashl${u}@oryx.local`;
    const userId = await usersRepo.insertUser(ctx.db, {
      email,
      passwordHash: 'crash-no-login',
      extensionCode: `CRASHL${u}`,
      accountNumber: email,
      now,
    });
    await runInTransaction(ctx.db, async (trx) => {
      await ledger.transfer(trx, {
        from: systemAccount('genesis'),
        to: userAccount(userId, 'lever'),
        currencyId: terms.legalId,
        amountMinor: BigInt(POSITIONS_PER_LEVER_USER) * (margin + fee),
        reason: 'wallet.demo_credit',
        ref: { type: 'crash', id: `lever:${userId}` },
        at: now,
      });
      const markId = (await recordMark(trx, mark, now)).id;
      for (let i = 0; i < POSITIONS_PER_LEVER_USER; i++) {
        const id = await leverRepo.insert(trx, {
          user_id: userId,
          market_id: ETH_MARKET,
          legal_id: terms.legalId,
          type: 1,
          status: 1,
          share: 1,
          multiple: 100,
          number_minor: terms.shareNumMinor,
          origin_price_minor: mark.priceMinor,
          price_minor: price,
          origin_margin_minor: margin,
          margin_minor: margin,
          fee_minor: fee,
          overnight_minor: 0n,
          overnight_day: '',
          spread_bps: terms.spreadBps,
          overnight_bps: terms.overnightBps,
          fee_bps: terms.feeBps,
          liquidation_rate_bps: terms.liquidationRateBps,
          target_profit_minor: 0n,
          stop_loss_minor: 0n,
          open_mark_id: markId,
          created_at: now,
          opened_at: now,
        });
        await takeMargin(trx, {
          id,
          userId,
          legalId: terms.legalId,
          marginMinor: margin,
          feeMinor: fee,
          at: now,
        });
      }
    });
  }
}

/**
 * ETH/USDT's book 3 % below the positions' price, as the mark sampler records it, from 15 s ago to
 * three minutes ahead: the next risk tick of a server on this database liquidates every position.
 */
async function moveEthMark(db: Db) {
  const low = (ETH_PRICE * 97n) / 100n;
  const now = Date.now();
  const rows = [];
  for (let at = now - 15_000; at < now + 180_000; at += 1000)
    rows.push({
      market_id: ETH_MARKET,
      at_ms: at,
      best_bid_minor: low - U,
      best_ask_minor: low + U,
      impact_bid_minor: low - U,
      impact_ask_minor: low + U,
      bid_depth_minor: 1_000_000n * U,
      ask_depth_minor: 1_000_000n * U,
    });
  await db.insertInto('mark_book_snapshots').values(rows).execute();
}

/**
 * The server as `npm start` runs it: the compiled bundle (dist/server.mjs), built once for the run and
 * rebuilt only when its sources changed. Each restart then costs no TypeScript compiling.
 */
let bundled = false;
function serverBundle(): string {
  if (!bundled) {
    execFileSync(process.execPath, ['scripts/oryx.mjs', 'build:server'], {
      cwd: path.resolve(serverDir, '../..'),
      stdio: 'ignore',
    });
    bundled = true;
  }
  return 'dist/server.mjs';
}

async function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle()], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      ORYX_MODE: 'production',
      PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
      API_KEY_ENCRYPTION_KEY: 'test-api-key-encryption-key-0123456789',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
      // The sender and the chain as busy as they go: blocks and sends all through the load. (Outside demo
      // mode the sandbox chain runs only when enabled; without it every send is refused and stays pending.)
      SANDBOX_CHAIN_ENABLED: '1',
      FUNDING_SCAN_MS: '100',
      SANDBOX_CHAIN_BLOCK_MS: '100',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** What a reply acknowledged about an order: the owner's token index and the order as the reply showed it. */
interface AckedOrder {
  user: number;
  side: number;
  priceMinor: bigint;
  amountMinor: bigint;
  /** Filled at the reply. */
  filledMinor: bigint;
  status: number;
}
interface Acks {
  orders: Map<number, AckedOrder>;
  /** Acknowledged cancels: order id -> the fill the cancel reply showed. */
  cancels: Map<number, bigint>;
}
const minor = (s: string) => parseDecimal(s, 8, { allowZero: true });

interface OrderReply {
  type: string;
  order?: { id: number; type: number; status: number; deal_amount: string };
}

/**
 * Crossing limit orders around 96,000 from every user until `stop`, and every fourth request a cancel
 * of one of the worker's acknowledged open orders; every acknowledgement is recorded in `acks`.
 */
async function orderLoad(port: number, tokens: string[], stop: { now: boolean }, acks: Acks): Promise<void> {
  const request = async (method: string, token: string, body: unknown): Promise<OrderReply | undefined> => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/coin/trade`, {
        method,
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(body),
      });
      return (await res.json()) as OrderReply;
    } catch {
      return undefined; // the server is gone
    }
  };
  const worker = async (w: number) => {
    const user = w % tokens.length;
    const open: number[] = [];
    for (let i = 0; !stop.now; i++) {
      if (i % 4 === 3 && open.length > 0) {
        const id = open.splice(Math.floor(open.length / 2), 1)[0]!;
        const reply = await request('PUT', tokens[user]!, { id });
        if (!reply) return;
        if (reply.type === 'ok' && reply.order) acks.cancels.set(id, minor(reply.order.deal_amount));
        continue;
      }
      const type = (i + w) % 2 === 0 ? 1 : 2;
      const price = String(95_990 + ((i * 7 + w) % 20));
      const reply = await request('POST', tokens[user]!, {
        legal_id: 1,
        currency_id: 2,
        target_price: price,
        amount: '0.01',
        type,
      });
      if (!reply) return;
      if (reply.type !== 'ok' || !reply.order) continue;
      const o = reply.order;
      acks.orders.set(o.id, {
        user,
        side: type,
        priceMinor: BigInt(price) * U,
        amountMinor: U / 100n,
        filledMinor: minor(o.deal_amount),
        status: o.status,
      });
      if (o.status === 1) open.push(o.id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
}

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x));

/** Every acknowledged order and cancel is in the database as acknowledged. */
async function expectAcknowledged(db: Db, userIds: number[], acks: Acks) {
  const rows = await db.selectFrom('spot_orders').selectAll().where('user_id', 'in', userIds).execute();
  const byId = new Map<number, (typeof rows)[number]>();
  for (const r of rows) {
    expect(byId.has(r.id), `order ${r.id} twice`).toBe(false);
    byId.set(r.id, r);
  }
  const faults: string[] = [];
  for (const [id, a] of acks.orders) {
    const r = byId.get(id);
    if (!r) {
      faults.push(`acknowledged order ${id} is missing`);
      continue;
    }
    const same =
      r.user_id === userIds[a.user] &&
      r.side === a.side &&
      r.price_minor === a.priceMinor &&
      r.amount_minor === a.amountMinor &&
      r.filled_amount_minor >= a.filledMinor &&
      (a.status === 1 || (r.status === a.status && r.filled_amount_minor === a.filledMinor));
    if (!same) faults.push(`order ${id} acknowledged as ${json(a)} is ${json(r)}`);
  }
  for (const [id, filled] of acks.cancels) {
    const r = byId.get(id);
    if (!r || r.status !== 3 || r.filled_amount_minor !== filled || r.held_minor !== 0n)
      faults.push(`acknowledged cancel of ${id} (filled ${filled}) is ${json(r)}`);
  }
  expect(faults).toEqual([]);
}

/**
 * Nothing half-applied: each order's fill is the sum of its trades, each trade has all its ledger legs,
 * a closed order holds nothing, an open one holds something.
 */
async function expectOrdersWhole(db: Db, userIds: number[]) {
  const orders = await db.selectFrom('spot_orders').selectAll().where('user_id', 'in', userIds).execute();
  const trades = await db.selectFrom('spot_trades').selectAll().execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['ref_id', 'reason', 'currency_id', 'amount_minor'])
    .where('ref_type', '=', 'spot_trade')
    .execute();
  const legs = new Map<string, { reason: string; currency_id: number; amount_minor: bigint }[]>();
  for (const e of entries) legs.set(e.ref_id, [...(legs.get(e.ref_id) ?? []), e]);
  const filled = new Map<number, { base: bigint; quote: bigint }>();
  const faults: string[] = [];
  for (const t of trades) {
    for (const id of [t.maker_order_id, t.taker_order_id]) {
      const f = filled.get(id) ?? { base: 0n, quote: 0n };
      filled.set(id, { base: f.base + t.amount_minor, quote: f.quote + t.quote_minor });
    }
    const got = (legs.get(String(t.id)) ?? [])
      .map((e) => `${e.reason}:${e.currency_id}:${e.amount_minor}`)
      .sort();
    const fees = [t.maker_fee_minor, t.taker_fee_minor].filter((f) => f > 0n).length;
    const want = [`spot.trade:1:${t.quote_minor}`, `spot.trade:2:${t.amount_minor}`];
    const trade = got.filter((g) => g.startsWith('spot.trade:')).sort();
    if (json(trade) !== json(want.sort()) || got.length !== 2 + fees)
      faults.push(`trade ${t.id} (${json(t)}) has ledger legs ${json(got)}`);
  }
  for (const o of orders) {
    const f = filled.get(o.id) ?? { base: 0n, quote: 0n };
    if (f.base !== o.filled_amount_minor || f.quote !== o.filled_quote_minor)
      faults.push(`order ${o.id} filled ${o.filled_amount_minor} but its trades sum ${f.base}`);
    if (o.status !== 1 && o.held_minor !== 0n)
      faults.push(`closed order ${o.id} still holds ${o.held_minor}`);
    if (o.status === 1 && (o.held_minor <= 0n || o.filled_amount_minor >= o.amount_minor))
      faults.push(`open order ${o.id} is not whole: ${json(o)}`);
  }
  expect(faults).toEqual([]);
}

/** Each user's frozen USDT and BTC is exactly what their open orders and pending withdrawals hold. */
async function expectHeldEqualsFrozen(db: Db, userIds: number[]) {
  for (const id of userIds) {
    const open = await db
      .selectFrom('spot_orders')
      .select(['side', 'held_minor'])
      .where('user_id', '=', id)
      .where('status', '=', 1)
      .execute();
    const pending = await db
      .selectFrom('funding_withdrawals')
      .select('amount_minor')
      .where('user_id', '=', id)
      .where('status', 'in', [WITHDRAW_STATUS.review, WITHDRAW_STATUS.sending])
      .execute();
    const held = (side: number) => open.filter((o) => o.side === side).reduce((a, o) => a + o.held_minor, 0n);
    const withdrawing = pending.reduce((a, w) => a + w.amount_minor, 0n);
    const usdt = await ledger.balance(db, userAccount(id, 'change'), 1);
    const btc = await ledger.balance(db, userAccount(id, 'change'), 2);
    expect({ user: id, usdt: usdt.frozenMinor, btc: btc.frozenMinor }).toEqual({
      user: id,
      usdt: held(1) + withdrawing,
      btc: held(2),
    });
  }
}

/**
 * Each withdrawal still pending (frozen, at most its one chain transaction, no payout movement) or done
 * (exactly one mined chain transaction, the payout movements once); never failed, never sent twice.
 * Answers how many are done.
 */
async function expectWithdrawalsOnce(db: Db): Promise<{ done: number; pending: number }> {
  const rows = await db.selectFrom('funding_withdrawals').selectAll().execute();
  const txs = await db
    .selectFrom('sandbox_chain_txs')
    .select(['tx_hash', 'to_address', 'amount_minor', 'block_height'])
    .execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['ref_id', 'reason', 'amount_minor'])
    .where('ref_type', '=', WITHDRAW_REF_TYPE)
    .execute();
  const faults: string[] = [];
  let done = 0;
  for (const w of rows) {
    const onChain = txs.filter((t) => t.to_address === w.address);
    const moves = entries
      .filter((e) => e.ref_id === String(w.id))
      .map((e) => `${e.reason}:${e.amount_minor}`)
      .sort();
    const freeze = `funding.withdraw_freeze:${w.amount_minor}`;
    const net = w.amount_minor - w.fee_minor;
    if (onChain.length > 1) faults.push(`withdrawal ${w.id} sent ${onChain.length} times`);
    if (onChain.some((t) => t.amount_minor !== net)) faults.push(`withdrawal ${w.id} sent ${json(onChain)}`);
    if (w.status === WITHDRAW_STATUS.success) {
      done++;
      const want = [freeze, `funding.withdraw:${net}`, `funding.withdraw_fee:${w.fee_minor}`].sort();
      if (onChain.length !== 1 || onChain[0]!.block_height === null || onChain[0]!.tx_hash !== w.tx_hash)
        faults.push(`withdrawal ${w.id} done without its one mined transaction: ${json(onChain)}`);
      if (json(moves) !== json(want)) faults.push(`withdrawal ${w.id} done with movements ${json(moves)}`);
    } else if (w.status === WITHDRAW_STATUS.sending) {
      if (json(moves) !== json([freeze]))
        faults.push(`withdrawal ${w.id} pending with movements ${json(moves)}`);
      if (w.tx_hash !== null && onChain[0]?.tx_hash !== w.tx_hash)
        faults.push(`withdrawal ${w.id} names ${w.tx_hash}, the chain has ${json(onChain)}`);
    } else faults.push(`withdrawal ${w.id} ended in status ${w.status}`);
  }
  expect(faults).toEqual([]);
  return { done, pending: rows.length - done };
}

/**
 * Every lever position either still open and untouched (its margin frozen, margin and fee taken once,
 * nothing else) or closed by the liquidation with complete movements (its margin left the frozen bucket
 * entirely, a close price, P/L and mark recorded); each user's frozen lever balance is the margin of
 * their open positions. Answers how many are closed.
 */
async function expectPositionsWhole(db: Db): Promise<{ closed: number; open: number }> {
  const users = await db.selectFrom('users').select('id').where('email', 'like', 'crashl%').execute();
  const ids = users.map((u) => u.id);
  const rows = await db.selectFrom('lever_orders').selectAll().where('user_id', 'in', ids).execute();
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['ref_id', 'reason', 'amount_minor', 'debit_bucket', 'credit_bucket'])
    .where('ref_type', '=', LEVER_REF)
    .execute();
  const byRef = new Map<string, typeof entries>();
  for (const e of entries) byRef.set(e.ref_id, [...(byRef.get(e.ref_id) ?? []), e]);
  const faults: string[] = [];
  let closed = 0;
  for (const o of rows) {
    const es = byRef.get(String(o.id)) ?? [];
    const net = es.reduce(
      (a, e) =>
        a +
        (e.credit_bucket === 'frozen' ? e.amount_minor : 0n) -
        (e.debit_bucket === 'frozen' ? e.amount_minor : 0n),
      0n,
    );
    const reasons = es.map((e) => e.reason).sort();
    const once = (r: string) => reasons.filter((x) => x === r).length === 1;
    if (o.status === 1) {
      if (
        json(reasons) !== json(['lever.fee', 'lever.margin']) ||
        net !== o.margin_minor ||
        o.margin_minor !== o.origin_margin_minor ||
        o.closed_at !== null
      )
        faults.push(`open position ${o.id} touched: ${json(o)} ${json(es)}`);
    } else if (o.status === 3) {
      closed++;
      if (
        o.close_reason !== 'liquidation' ||
        net !== 0n ||
        !once('lever.margin') ||
        !once('lever.fee') ||
        !reasons.some((r) => r === 'lever.margin_return' || r === 'lever.loss') ||
        o.close_price_minor === null ||
        o.profits_minor === null ||
        o.close_mark_id === null
      )
        faults.push(`closed position ${o.id} incomplete: ${json(o)} ${json(es)}`);
    } else faults.push(`position ${o.id} in status ${o.status}`);
  }
  for (const id of ids) {
    const open = rows
      .filter((o) => o.user_id === id && o.status === 1)
      .reduce((a, o) => a + o.margin_minor, 0n);
    const bal = await ledger.balance(db, userAccount(id, 'lever'), 1);
    if (bal.frozenMinor !== open)
      faults.push(`lever user ${id} frozen ${bal.frozenMinor}, open margins ${open}`);
  }
  expect(faults).toEqual([]);
  return { closed, open: rows.length - closed };
}

/** What a round waits for before the kill: the sender in the middle of the queue, or the liquidation. */
type KillPoint = 'withdrawals-sending' | 'withdrawals-finishing' | 'liquidating';
const KILL_POINTS: KillPoint[] = ['withdrawals-sending', 'withdrawals-finishing', 'liquidating'];

/**
 * Reads the database the server writes (a second connection) until the round's state is reached, or
 * KILL_WAIT_MS passed. Answers whether the state was reached.
 */
async function waitForKillPoint(url: string, point: KillPoint, since: number): Promise<boolean> {
  const handle = openDatabase(url, () => {});
  const deadline = Date.now() + KILL_WAIT_MS;
  try {
    for (;;) {
      let there = false;
      if (point === 'liquidating') {
        const r = await handle.db
          .selectFrom('lever_orders')
          .select(['status'])
          .where('market_id', '=', ETH_MARKET)
          .execute();
        const closed = r.filter((x) => x.status === 3).length;
        there = closed > 0 && closed < r.length;
        if (closed === r.length) return false; // all closed at once: too late for this round
      } else {
        const r = await handle.db
          .selectFrom('funding_withdrawals')
          .select(['status', 'tx_hash'])
          .where('created_at', '>=', since)
          .execute();
        const pending = r.filter((x) => x.status === WITHDRAW_STATUS.sending);
        const sent = pending.filter((x) => x.tx_hash !== null).length;
        const done = r.length - pending.length;
        // Sending: some of the queue has its transaction, some not yet. Finishing: some of it final.
        there =
          point === 'withdrawals-sending'
            ? sent > 0 && sent < pending.length
            : done > 0 && pending.length > 0;
      }
      if (there) return true;
      if (Date.now() > deadline) return false;
      await new Promise((res) => setTimeout(res, 20));
    }
  } finally {
    await handle.close();
  }
}

async function expectNothingNegative(db: Db) {
  const report = await checkLedger(db);
  expect(report.ok, json(report).slice(0, 500)).toBe(true);
  const negative = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where((eb) => eb.or([eb('available_minor', '<', 0n), eb('frozen_minor', '<', 0n)]))
    .where('wallet', '=', 'change')
    .execute();
  expect(negative).toEqual([]);
}

describe('crashes under order load and withdrawal sending', () => {
  for (const kind of DB_KINDS) {
    it(`${ROUNDS} kills leave every acknowledgement, whole orders, withdrawals sent at most once [${kind}]`, async () => {
      const db = await persistentDb(kind);
      let child: ChildProcess | undefined;
      const acks: Acks = { orders: new Map(), cancels: new Map() };
      const summary: string[] = [];
      try {
        const tokens = await prepare(db.url);
        for (let round = 0; round < ROUNDS; round++) {
          const point = KILL_POINTS[round % KILL_POINTS.length]!;
          const port = await freePort();
          const started = Date.now();
          child = await startServer(db.url, port);
          const up = Date.now();
          const stop = { now: false };
          const ackedBefore = acks.orders.size;
          const load = orderLoad(port, tokens, stop, acks);
          // Orders flowing first (a few acknowledged, or 3 s), so the kill lands in the order load too.
          for (const until = Date.now() + 3000; acks.orders.size - ackedBefore < 5 && Date.now() < until;)
            await new Promise((r) => setTimeout(r, 20));
          // The work the kill should land in arrives while the server runs (written as its callers would).
          const since = Date.now();
          const h = openDatabase(db.url, () => {});
          if (point === 'liquidating') await moveEthMark(h.db);
          else await queueWithdrawals(h.db, WITHDRAWALS_PER_ROUND);
          await h.close();
          const reached = await waitForKillPoint(db.url, point, since);
          const exited = new Promise((r) => child!.once('exit', r));
          child.kill('SIGKILL');
          stop.now = true;
          await exited; // reaped: its pid no longer holds the SQLite engine lock
          await load;
          const killed = Date.now();

          const app = await buildApp({ env: envFor(db.url), sockets: false, seed: true, background: false });
          try {
            const d = app.ctx.db;
            const users = await d
              .selectFrom('users')
              .select(['id', 'email'])
              .where('email', 'like', 'crash%')
              .execute();
            const spotIds = tokens.map((_, i) => users.find((u) => u.email === `crash${i}@oryx.local`)!.id);
            await expectNothingNegative(d);
            await expectAcknowledged(d, spotIds, acks);
            await expectOrdersWhole(d, spotIds);
            await expectHeldEqualsFrozen(
              d,
              users.map((u) => u.id),
            );
            const w = await expectWithdrawalsOnce(d);
            const l = await expectPositionsWhole(d);
            summary.push(
              `round ${round}, kill ${reached ? 'while' : 'not caught'} ${point}: ${acks.orders.size} orders and ` +
                `${acks.cancels.size} cancels acknowledged so far; withdrawals ${w.done} done, ${w.pending} pending; ` +
                `positions ${l.closed} liquidated, ${l.open} open; ` +
                `start ${up - started} ms, load ${killed - up} ms, restart and checks ${Date.now() - killed} ms`,
            );
            if (round === ROUNDS - 1) {
              // The restarted engine takes orders again.
              const res = await app.inject({
                method: 'POST',
                url: '/api/coin/trade',
                payload: { legal_id: 1, currency_id: 2, target_price: '1000', amount: '0.01', type: 1 },
                headers: { authorization: tokens[0]! },
              });
              expect(res.json()).toMatchObject({ type: 'ok' });
            }
          } finally {
            await app.close();
          }
        }
        // The load did run: something was acknowledged (what exactly depends on the machine's speed).
        expect(acks.orders.size).toBeGreaterThan(0);
        console.info(`crash audit [${kind}]\n  ${summary.join('\n  ')}`);
      } finally {
        if (child && child.exitCode === null) child.kill('SIGKILL');
        await db.drop();
      }
    }, 240_000);
  }
});
