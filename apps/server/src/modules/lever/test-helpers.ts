/**
 * What the lever integration tests share: a scripted mark (ScriptedTrades through the same mark rule as
 * production), calls as a demo user, balances. Not used by the server.
 */
import { parseDecimal } from '@oryx/contracts/money';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';
import { DEMO_PASSWORD } from '../../../test/harness';
import type { RecordingRealtime } from '../../realtime/realtime';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { ScriptedTrades } from '../mark/scripted-trades';
import { evaluateLever } from './risk';

export const BTC = 1; // market id of BTC/USDT
export const USDT = 1;
export const BTC_CURRENCY = 2;
/** Quote amounts and prices at scale 8. */
export const A = (s: string) => parseDecimal(s, 8, { allowZero: true, allowNegative: true });

export interface Lc {
  t: TestApp;
  feed: ScriptedTrades;
  token: string;
  userId: number;
  token2: string;
  userId2: number;
}

export async function setup(t: TestApp): Promise<Lc> {
  const feed = new ScriptedTrades();
  t.app.ctx.services.mark.prices = feed;
  return {
    t,
    feed,
    token: await t.tokenFor('demo1@oryx.local'),
    userId: await t.userId('demo1@oryx.local'),
    token2: await t.tokenFor('demo2@oryx.local'),
    userId2: await t.userId('demo2@oryx.local'),
  };
}

/** Moves the clock past the mark's window and prints one trade: the mark now is exactly `price`. */
export function setMark(c: Lc, price: string, marketId = BTC): void {
  c.t.clock.advance(20_000);
  c.feed.add(marketId, A(price), c.t.clock.now());
}

export const evaluateNow = (c: Lc) => evaluateLever(c.t.app.ctx, c.t.clock.now());

export const body = (patch: Record<string, unknown> = {}) => ({
  legal_id: USDT,
  currency_id: BTC_CURRENCY,
  multiple: 10,
  share: 2,
  type: 1,
  status: 1,
  target_price: '',
  password: DEMO_PASSWORD,
  ...patch,
});

export async function submit(c: Lc, patch: Record<string, unknown> = {}, token = c.token) {
  return c.t.call('POST', '/api/lever/submit', body(patch), { token });
}

export async function ok(c: Lc, path: string, b: Record<string, unknown>, token = c.token) {
  const r = await c.t.call('POST', path, b, { token });
  expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
  return r.body.message;
}

export const lever = (c: Lc, userId = c.userId) =>
  ledger.balance(c.t.app.ctx.db, userAccount(userId, 'lever'), USDT);
export const pool = (c: Lc) => ledger.balance(c.t.app.ctx.db, systemAccount('lever_pool'), USDT);
export const fees = (c: Lc) => ledger.balance(c.t.app.ctx.db, systemAccount('fees'), USDT);

export const orders = (c: Lc) =>
  c.t.app.ctx.db.selectFrom('lever_orders').selectAll().orderBy('id').execute();
export const lastOrder = async (c: Lc) => (await orders(c)).at(-1)!;

/** Moves a user's lever balance down to `keep` (to the change wallet). */
export async function keepLever(c: Lc, userId: number, keep: string): Promise<void> {
  const have = (await lever(c, userId)).availableMinor;
  await runInTransaction(c.t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: userAccount(userId, 'lever'),
      to: userAccount(userId, 'change'),
      currencyId: USDT,
      amountMinor: have - A(keep),
      reason: 'wallet.transfer',
      ref: { type: 'wallet_transfer', id: `test:${userId}` },
      at: c.t.clock.now(),
    }),
  );
}

export const pushes = (c: Lc, event: 'lever_trade' | 'lever_closed') =>
  (c.t.app.ctx.realtime as RecordingRealtime).sent.filter((e) => e.event === event);

/**
 * Changes market `marketId`'s lever terms the only way there is: proposed by the administrator, approved
 * by a second operator. Returns the terms as they were.
 */
export async function changeTerms(c: Lc, patch: Record<string, unknown>, marketId = BTC) {
  const admin = await c.t.tokenFor('admin@oryx.local');
  const operator = await c.t.tokenFor('operator@oryx.local');
  const all = (await c.t.call('GET', '/api/admin/lever/config', undefined, { token: admin })).body.message;
  const terms = all.find((m: { market_id: number }) => m.market_id === marketId);
  const req = await ok(c, '/api/admin/lever/market', { ...terms, ...patch }, admin);
  await ok(c, '/api/admin/lever/terms_decide', { id: req.id, decision: 'approve' }, operator);
  return terms as Record<string, unknown>;
}

/** Sets a user's lever balance to `amount` (from or to the genesis account). */
export async function fund(c: Lc, userId: number, amount: string) {
  const have = (await lever(c, userId)).availableMinor;
  const want = A(amount);
  if (have === want) return;
  const user = userAccount(userId, 'lever');
  const genesis = systemAccount('genesis');
  await runInTransaction(c.t.app.ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: want > have ? genesis : user,
      to: want > have ? user : genesis,
      currencyId: USDT,
      amountMinor: want > have ? want - have : have - want,
      reason: 'wallet.demo_credit',
      ref: { type: 'test_seed', id: userId },
      at: c.t.clock.now(),
    }),
  );
}
