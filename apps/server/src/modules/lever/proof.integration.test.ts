/**
 * GET /api/lever/proof: the settlement record of a closed position, public for its prices and marks,
 * the owner's details for the owner only; nothing for an open position.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { body, lastOrder, ok, setMark, setup, type Lc } from './test-helpers';

describeEachDb('lever: settlement record', (getApp) => {
  let c: Lc;
  beforeAll(async () => {
    c = await setup(getApp());
  });

  it('shows a closed position to anyone, with the owner details to the owner only', async () => {
    setMark(c, '60000');
    expect(await ok(c, '/api/lever/submit', { ...body(), type: 1 })).toBe('Order placed');
    const o = await lastOrder(c);
    const open = await c.t.call('GET', `/api/lever/proof?id=${o.id}`);
    expect(open.body.code).toBe('LEVER_ORDER_NOT_FOUND');

    setMark(c, '61000');
    await ok(c, '/api/lever/close', { id: o.id });
    const mine = (await c.t.call('GET', `/api/lever/proof?id=${o.id}`, undefined, { token: c.token })).body;
    expect(mine.type).toBe('ok');
    expect(mine.message).toMatchObject({
      id: o.id,
      is_owner: true,
      close_reason: 'user',
      open_price: '60030',
      close_price: '61000',
      type: 1,
      profits: '19.4',
    });
    const anyone = (await c.t.call('GET', `/api/lever/proof?id=${o.id}`)).body.message;
    expect(anyone).toMatchObject({
      is_owner: false,
      close_price: '61000',
      type: null,
      profits: null,
      margin: null,
    });
    expect((await c.t.call('GET', '/api/lever/proof?id=999999')).body.code).toBe('LEVER_ORDER_NOT_FOUND');
  });
});
