/**
 * The risk loop acts only on the markets this process owns (`spot.engine.owns`, replaced here for a
 * while, as another process owning a market would make it): stops and limit orders of a market owned
 * elsewhere stay as they are, a user's positions over several markets are liquidated together by the
 * owner of the lowest of them only, and taking a market reloads the index.
 */
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import type { SpotService } from '../spot/service';
import { A, BTC, USDT, evaluateNow, keepLever, ok, orders, setMark, setup, type Lc } from './test-helpers';

const ETH = 2; // market id of ETH/USDT
const CURRENCY_OF = { [BTC]: 2, [ETH]: 3 } as const;

/** Opens a lever order on `market`; returns its row. */
async function open(
  c: Lc,
  market: typeof BTC | typeof ETH,
  patch: Record<string, unknown> = {},
  token = c.token,
) {
  await ok(
    c,
    '/api/lever/submit',
    {
      legal_id: USDT,
      currency_id: CURRENCY_OF[market],
      multiple: 10,
      share: 2,
      type: 1,
      status: 1,
      password: 'oryx-demo-1',
      ...patch,
    },
    token,
  );
  return (await orders(c)).at(-1)!;
}

const rowOf = async (c: Lc, id: number) => (await orders(c)).find((o) => o.id === id)!;

describeEachDb('lever: the risk loop on the market’s owner only', (getApp) => {
  let c: Lc;
  let engine: SpotService;
  let ownsHere: SpotService['owns'];
  beforeAll(async () => {
    c = await setup(getApp());
    engine = c.t.app.ctx.services.spot.engine;
    ownsHere = engine.owns.bind(engine);
  });
  afterEach(() => {
    engine.owns = ownsHere;
  });

  it('stops and limit orders fire only for the markets this process owns', async () => {
    setMark(c, '60000', BTC);
    setMark(c, '3000', ETH);
    const btc = await open(c, BTC);
    await ok(c, '/api/lever/setstop', { id: btc.id, stop_loss_price: '59000' });
    const eth = await open(c, ETH);
    await ok(c, '/api/lever/setstop', { id: eth.id, stop_loss_price: '2950' });
    const btcLimit = await open(c, BTC, { status: 0, target_price: '59500' });
    const ethLimit = await open(c, ETH, { status: 0, target_price: '2990' });

    engine.owns = (marketId) => marketId !== BTC; // BTC/USDT is another process's
    setMark(c, '58900', BTC);
    setMark(c, '2940', ETH);
    expect(await evaluateNow(c)).toEqual({ liquidated: 0, stopped: 1, opened: 1 });
    expect(await rowOf(c, eth.id)).toMatchObject({ status: 3, close_reason: 'stop_loss' });
    expect((await rowOf(c, ethLimit.id)).status).toBe(1);
    expect((await rowOf(c, btc.id)).status).toBe(1);
    expect((await rowOf(c, btcLimit.id)).status).toBe(0);

    engine.owns = ownsHere; // this process takes BTC/USDT
    expect(await evaluateNow(c)).toEqual({ liquidated: 0, stopped: 1, opened: 1 });
    expect(await rowOf(c, btc.id)).toMatchObject({ status: 3, close_reason: 'stop_loss' });
    expect((await rowOf(c, btcLimit.id)).status).toBe(1);
    await ok(c, '/api/lever/batch_close', { type: 0 });
  });

  it('a user at the level is liquidated on every market at once, by the owner of the lowest one only', async () => {
    setMark(c, '50000', BTC);
    setMark(c, '3000', ETH);
    // Margins about 5 and 3 at x100 with their fees, next to nothing free.
    await keepLever(c, c.userId2, '9');
    const btc = await open(c, BTC, { share: 1, multiple: 100 }, c.token2);
    const eth = await open(c, ETH, { share: 1, multiple: 100 }, c.token2);
    setMark(c, '45000', BTC);
    setMark(c, '2700', ETH);

    engine.owns = (marketId) => marketId !== BTC; // owns ETH/USDT, not the group's lowest market
    expect(await evaluateNow(c)).toEqual({ liquidated: 0, stopped: 0, opened: 0 });
    expect([(await rowOf(c, btc.id)).status, (await rowOf(c, eth.id)).status]).toEqual([1, 1]);

    engine.owns = (marketId) => marketId === BTC; // owns BTC/USDT only: liquidates ETH/USDT's too
    expect(await evaluateNow(c)).toEqual({ liquidated: 1, stopped: 0, opened: 0 });
    for (const id of [btc.id, eth.id])
      expect(await rowOf(c, id)).toMatchObject({ status: 3, close_reason: 'liquidation' });
  });

  it('taking a market reloads the index, so what was written meanwhile is seen', async () => {
    setMark(c, '60000', BTC);
    const btc = await open(c, BTC);
    // Written behind this process's back (as by the market's previous owner, unheard of here).
    await c.t.app.ctx.db
      .updateTable('lever_orders')
      .set({ stop_loss_minor: A('59000') })
      .where('id', '=', btc.id)
      .execute();
    setMark(c, '58900', BTC);
    expect(await evaluateNow(c)).toMatchObject({ stopped: 0 });
    engine['tellOwnership'](BTC, true);
    expect(await evaluateNow(c)).toMatchObject({ stopped: 1 });
    expect(await rowOf(c, btc.id)).toMatchObject({ status: 3, close_reason: 'stop_loss' });
  });
});
