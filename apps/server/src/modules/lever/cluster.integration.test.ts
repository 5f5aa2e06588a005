/**
 * Two server processes on one PostgreSQL database and one Redis (two apps in this test process, each with
 * its own index and its own bus connection): what is written through one is in the other's index, through
 * the cluster bus (index-bus.ts), whichever of them owns the markets. Runs with TEST_DATABASE_URL and
 * TEST_REDIS_URL, skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS, type TestApp } from '../../../test/harness';
import { startClusterApps } from '../../../test/cluster-apps';
import { INDEX_CHANNEL } from './index-bus';
import { A, BTC, body, evaluateNow, lastOrder, ok, setMark, setup, submit, type Lc } from './test-helpers';

const redisUrl = process.env.TEST_REDIS_URL;
const WAIT = { timeout: 10_000, interval: 20 };

describe.skipIf(!redisUrl || !DB_KINDS.includes('postgres'))(
  'lever: the index across two server processes [postgres, redis]',
  () => {
    let drop: (() => Promise<void>) | undefined;
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    let ca: Lc;
    let cb: Lc;
    beforeAll(async () => {
      ({ a, b, drop } = await startClusterApps(redisUrl!));
      ca = await setup(a);
      cb = await setup(b);
      for (const t of [a, b]) await t.app.ctx.services.lever.book.ready();
    }, 60_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await drop?.();
    });

    const indexOf = (t: TestApp | undefined) => t!.app.ctx.services.lever.book;
    /**
     * The order as `t`'s index has it. A process that takes a market reloads its index at its next use
     * (module.ts), and this test runs no risk loop to use it: `ready()` does what that loop would. While
     * no market moves it loads nothing, so what is found came over the bus.
     */
    const entryIn = async (t: TestApp | undefined, id: number) => {
      await indexOf(t).ready();
      return indexOf(t).get(id);
    };

    it('shares one bus channel; each app has its own process id', () => {
      const [busA, busB] = [a!, b!].map((t) => t.app.ctx.services.cluster.bus);
      expect([busA!.isShared, busB!.isShared]).toEqual([true, true]);
      expect(busA!.key(INDEX_CHANNEL)).toBe(busB!.key(INDEX_CHANNEL));
      expect(busA!.processId).not.toBe(busB!.processId);
    });

    it('an order opened, changed and closed through one app follows in the other’s index', async () => {
      setMark(ca, '60000');
      await ok(ca, '/api/lever/submit', body());
      const o = await lastOrder(ca);
      expect(o.status).toBe(1);
      await vi.waitFor(async () => expect((await entryIn(b, o.id))?.row.status).toBe(1), WAIT);
      // Both indexes hold it; the open-positions gauge counts it on the market's owner only.
      const gauge = (t: TestApp | undefined) =>
        t!.app.ctx.services.metrics.readers.leverOpenPositions?.().get('BTC/USDT') ?? 0;
      expect(gauge(a) + gauge(b)).toBe(1);

      await ok(ca, '/api/lever/setstop', { id: o.id, stop_loss_price: '59000' });
      await vi.waitFor(
        async () => expect((await entryIn(b, o.id))?.row.stop_loss_minor).toBe(A('59000')),
        WAIT,
      );

      await ok(ca, '/api/lever/close', { id: o.id });
      await vi.waitFor(async () => expect(await entryIn(b, o.id)).toBeUndefined(), WAIT);
      expect(indexOf(a).get(o.id)).toBeUndefined();
    });

    it('the other way round: a limit order placed through the second app, revoked through it', async () => {
      setMark(cb, '60000');
      const r = await submit(cb, { status: 0, target_price: '59000' });
      expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
      const o = await lastOrder(cb);
      await vi.waitFor(async () => expect((await entryIn(a, o.id))?.row.status).toBe(0), WAIT);
      await ok(cb, '/api/lever/cancel', { id: o.id });
      await vi.waitFor(async () => expect(await entryIn(a, o.id)).toBeUndefined(), WAIT);
    });

    it('a stop fires on the process that took the market after its owner left', async () => {
      setMark(ca, '60000');
      setMark(cb, '60000');
      await ok(ca, '/api/lever/submit', body());
      const o = await lastOrder(ca);
      await ok(ca, '/api/lever/setstop', { id: o.id, stop_loss_price: '59000' });
      await vi.waitFor(
        async () => expect((await entryIn(b, o.id))?.row.stop_loss_minor).toBe(A('59000')),
        WAIT,
      );
      // Whichever app owns BTC/USDT leaves; the other takes the market within a few beats.
      const aOwns = a!.app.ctx.services.spot.engine.owns(BTC);
      const [owner, other, otherLc] = aOwns ? [a!, b!, cb] : [b!, a!, ca];
      expect(owner.app.ctx.services.spot.engine.owns(BTC)).toBe(true);
      expect(other.app.ctx.services.spot.engine.owns(BTC)).toBe(false);
      // The market's owner alone acts on its stops: the other leaves this one alone while it is not.
      setMark(otherLc, '58000');
      expect((await evaluateNow(otherLc)).stopped).toBe(0);
      await owner.close();
      if (aOwns) a = undefined;
      else b = undefined;
      await vi.waitFor(() => expect(other.app.ctx.services.spot.engine.owns(BTC)).toBe(true), {
        timeout: 15_000,
        interval: 50,
      });
      expect((await evaluateNow(otherLc)).stopped).toBe(1);
      const closed = await other.app.ctx.db
        .selectFrom('lever_orders')
        .select('status')
        .where('id', '=', o.id)
        .executeTakeFirstOrThrow();
      expect(closed.status).not.toBe(1);
    });
  },
);
