/**
 * A client whose socket did not join its user room (a bare user id without the session cookie, say: a
 * session from before the cookie, or a socket from another origin) never receives `micro_closed`. The polled order lists alone must bring it to the
 * right state: the countdown moves on with each read, and once the expiry has been settled the order
 * leaves the open list and shows in the closed list with its end price and result.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import type { RecordingRealtime } from '../../realtime/realtime';
import { runDueJobs } from '../scheduler/scheduler';
import { ScriptedTrades } from '../mark/scripted-trades';

const BTC = 1;
const USDT = 1;
const P = (s: string) => BigInt(Math.round(Number(s) * 100)) * 1_000_000n;

describeEachDb('micro: the polled lists without pushes', (getApp) => {
  it('count down, then move the settled order from the open list to the closed one', async () => {
    const t = getApp();
    const feed = new ScriptedTrades();
    t.app.ctx.services.mark.prices = feed;
    const token = await t.tokenFor('demo2@oryx.local');
    const userId = await t.userId('demo2@oryx.local');
    const list = async (status: 1 | 3) =>
      (await t.call('GET', '/api/microtrade/lists', { status, page: 1, limit: 20 }, { token })).body.message
        .data as Record<string, any>[];

    const t0 = t.clock.now();
    feed.add(BTC, P('300'), t0);
    const placed = await t.call(
      'POST',
      '/api/microtrade/submit',
      { match_id: BTC, currency_id: USDT, type: 2, seconds: 60, number: 10 },
      { token },
    );
    expect(placed.body.type).toBe('ok');
    const [order] = await list(1);
    expect(order).toMatchObject({ status: 1, remain_milli_seconds: 60_000 });

    // Each poll reads the time left as of now.
    t.clock.set(t0 + 10_000);
    expect((await list(1)).find((o) => o.id === order!.id)?.remain_milli_seconds).toBe(50_000);
    t.clock.set(t0 + 45_500);
    expect((await list(1)).find((o) => o.id === order!.id)?.remain_milli_seconds).toBe(14_500);

    // The expiry is settled by the scheduler (in production within SCHEDULER_IDLE_MS of it).
    feed.add(BTC, P('299'), t0 + 59_000);
    t.clock.set(t0 + 60_000);
    expect((await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now())).done).toBeGreaterThanOrEqual(1);
    const sent = (t.app.ctx.realtime as RecordingRealtime).sent.filter((e) => e.event === 'micro_closed');
    // The push goes to the owner's room only: a bare-id socket is in no such room.
    expect(sent.every((e) => e.room === `user:${userId}`)).toBe(true);

    // The next poll alone shows the truth: gone from the open list, closed with its result.
    expect((await list(1)).some((o) => o.id === order!.id)).toBe(false);
    expect((await list(3)).find((o) => o.id === order!.id)).toMatchObject({
      status: 3,
      remain_milli_seconds: 0,
      end_price: '299.00',
      result: 'win',
      fact_profits: expect.stringMatching(/^\d/),
    });
  });
});
