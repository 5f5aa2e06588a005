/**
 * A chat message reaches both parties' sockets (socket.io-client logged in with a session token), as the
 * deal page receives it.
 */
import { expect, it } from 'vitest';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import type { C2cMessageEvent } from '@oryx/contracts/socket';
import { DEMO_PASSWORD } from '@oryx/db/seed/reference';
import { listeningSocketApp, loggedInSocket } from '../../../test/socket-client';

const srv = listeningSocketApp('oryx-chat-', (dir) => ({
  ORYX_MODE: 'demo',
  UPLOAD_DIR: path.join(dir, 'up'),
}));

const userId = async (email: string) =>
  (await srv.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
    .id;

async function api(token: string, method: 'GET' | 'POST', p: string, body: Record<string, unknown>) {
  const res = await fetch(`${srv.url}${p}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { type: string; message: any };
}

const loggedIn = (token: string): Promise<Socket> => loggedInSocket(srv, token);

const next = (s: Socket) => new Promise<C2cMessageEvent>((resolve) => s.once('c2c_message', resolve));

it('pushes a new chat message to both parties of the deal', async () => {
  const buyer = await userId('demo1@oryx.local');
  const merchant = await userId('merchant1@oryx.local');
  await srv.app.ctx.db.updateTable('users').set({ review_status: 2 }).where('id', '=', buyer).execute();
  await srv.app.ctx.db
    .insertInto('user_cash_info')
    .values({
      user_id: buyer,
      real_name: 'Demo One',
      bank_name: 'Bank',
      bank_account: '6222 1',
      alipay_account: '',
      wechat_nickname: '',
      wechat_account: '',
      alipay_collect: '',
      wechat_collect: '',
      updated_at: Date.now(),
    })
    .execute();
  const [bt, mt] = [await srv.app.sessions.create(buyer), await srv.app.sessions.create(merchant)];
  const ad = await srv.app.ctx.db
    .selectFrom('p2p_ads')
    .select('id')
    .where('user_id', '=', merchant)
    .where('type', '=', 'sell')
    .where('coin_code', '=', 'CNY')
    .executeTakeFirstOrThrow();
  const taken = await api(bt, 'POST', '/api/c2c/do_legal_deal', { id: ad.id, password: DEMO_PASSWORD });
  expect(taken.type, JSON.stringify(taken)).toBe('ok');
  const dealId = taken.message.data.id as number;

  const [bs, ms] = [await loggedIn(bt), await loggedIn(mt)];
  const [toBuyer, toMerchant] = [next(bs), next(ms)];
  const sent = await api(bt, 'POST', '/api/c2c/deal_message', { id: dealId, text: 'Paying now' });
  expect(sent.type).toBe('ok');
  const expected = {
    type: 'c2c_message',
    deal_id: dealId,
    id: sent.message.id,
    from: 'buyer',
    text: 'Paying now',
  };
  expect(await toBuyer).toMatchObject(expected);
  expect(await toMerchant).toMatchObject(expected);
  await api(bt, 'POST', '/api/c2c/user_legal_pay_cancel', { id: dealId, password: DEMO_PASSWORD });
});
