/**
 * The notification centre: a C2C deal step tells the party it now waits on, the list pages with the
 * unread count, marking read (one, all) touches only the reader's own, the dispatcher pushes each once,
 * and the security notices (new device, password changed) are e-mailed in the user's language.
 */
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { fromIp, freshIp, registerAndLogin } from '../../../test/accounts';
import type { RecordingRealtime } from '../../realtime/realtime';
import { call, lastAdOf, post, ready, sellAd, type Party } from '../p2p/test-helpers';
import { notify } from './service';
import { dispatchNotifications } from './dispatch';

type Wire = { id: number; kind: string; params: Record<string, string>; read_at: number | null };

const list = async (t: TestApp, token: string, q: Record<string, unknown> = {}) => {
  const r = await t.call('GET', '/api/user/notifications', q, { token });
  expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
  return r.body.message as { list: Wire[]; page: number; total: number; unread: number };
};
const kinds = async (t: TestApp, token: string) => (await list(t, token)).list.map((n) => n.kind);
const pushed = (t: TestApp, userId: number) =>
  (t.app.ctx.realtime as RecordingRealtime).sent
    .filter((s) => s.event === 'notification' && s.room === `user:${userId}`)
    .map((s) => s.payload as Wire & { type: string });
const outbox = (t: TestApp, email: string) =>
  t.app.ctx.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('destination', '=', email)
    .where('scene', '=', 'notification')
    .execute();

describeEachDb('notifications', (getApp) => {
  it('each C2C deal step tells the party the deal now waits on', async () => {
    const t = getApp();
    const a = await ready(t, 'demo1@oryx.local');
    const b = await ready(t, 'demo2@oryx.local');
    const take = async (p: Party, adId: number) =>
      (await call(t, p, '/api/c2c/do_legal_deal', adId)).body.message.data.id as number;
    await post(t, a, sellAd);
    const id = await take(b, await lastAdOf(t, a));
    // The seller (the ad's owner) hears the ad was taken; the buyer, who acted, hears nothing.
    const [taken] = (await list(t, a.token)).list;
    expect(taken).toMatchObject({ kind: 'deal.taken', read_at: null });
    expect(taken!.params).toEqual({
      id: String(id),
      area: 'c2c',
      role: 'owner',
      amount: '2.00000000',
      coin: 'USDT',
    });
    expect(await kinds(t, b.token)).toEqual([]);

    await call(t, b, '/api/c2c/user_legal_pay', id);
    expect(await kinds(t, a.token)).toEqual(['deal.paid', 'deal.taken']); // now waits on the seller
    expect(await kinds(t, b.token)).toEqual([]);
    await call(t, a, '/api/c2c/legal_deal_sure', id);
    expect(await kinds(t, b.token)).toEqual(['deal.released']);
    // Each recipient's `role` names their page of the deal: the ad's owner or the taker.
    expect((await list(t, b.token)).list[0]!.params).toMatchObject({ id: String(id), role: 'taker' });
    expect(await kinds(t, a.token)).toEqual(['deal.paid', 'deal.taken']);

    // Pushed once each, to the user's room, by the dispatcher's pass (the background's timer).
    expect(pushed(t, a.id)).toEqual([]);
    expect(await dispatchNotifications(t.app.ctx)).toBe(3);
    expect(pushed(t, a.id).map((n) => n.kind)).toEqual(['deal.taken', 'deal.paid']);
    expect(pushed(t, b.id).map((n) => [n.type, n.kind, n.params.id])).toEqual([
      ['notification', 'deal.released', String(id)],
    ]);
    expect(await dispatchNotifications(t.app.ctx)).toBe(0); // each once
    expect(pushed(t, a.id)).toHaveLength(2);
  });

  it('pages newest first with the unread count; marks one or all read, only the reader’s own', async () => {
    const t = getApp();
    const a = await registerAndLogin(t, 'pager@example.com');
    const c = await registerAndLogin(t, 'stranger@example.com');
    const at = t.clock.now();
    await notify(
      t.app.ctx.db,
      Array.from({ length: 25 }, (_, i) => ({
        userId: a.id,
        kind: 'spot.filled' as const,
        params: { id: i + 1 },
      })),
      at,
    );
    const first = await list(t, a.token, { page: 1, limit: 10 });
    expect([first.total, first.unread, first.list.length]).toEqual([25, 25, 10]);
    expect(first.list.map((n) => n.params.id)).toEqual([
      '25',
      '24',
      '23',
      '22',
      '21',
      '20',
      '19',
      '18',
      '17',
      '16',
    ]);
    const last = await list(t, a.token, { page: 3, limit: 10 });
    expect(last.list.map((n) => n.params.id)).toEqual(['5', '4', '3', '2', '1']);

    const target = first.list[0]!.id;
    // A stranger cannot see or mark someone else's notification.
    expect((await list(t, c.token)).total).toBe(0);
    const stranger = await t.call('POST', '/api/user/notifications/read', { id: target }, { token: c.token });
    expect(stranger.body.message).toEqual({ unread: 0 });
    expect((await list(t, a.token)).unread).toBe(25);
    expect((await t.call('GET', '/api/user/notifications')).body.type).toBe('999'); // no session

    const one = await t.call('POST', '/api/user/notifications/read', { id: target }, { token: a.token });
    expect(one.body.message).toEqual({ unread: 24 });
    const unreadOnly = await list(t, a.token, { unread: 1, limit: 100 });
    expect([unreadOnly.total, unreadOnly.list.some((n) => n.id === target)]).toEqual([24, false]);
    const all = await t.call('POST', '/api/user/notifications/read', { all: 1 }, { token: a.token });
    expect(all.body.message).toEqual({ unread: 0 });
    expect((await list(t, a.token)).list.every((n) => n.read_at === t.clock.now())).toBe(true);
  });

  it('a login from a new device is notified and e-mailed; the same device again is not', async () => {
    const t = getApp();
    const email = 'newdevice@example.com';
    const { token } = await registerAndLogin(t, email);
    const loginWith = (ua: string) =>
      t.call(
        'POST',
        '/api/user/login',
        { user_string: email, password: 'secret-123' },
        { headers: { ...fromIp(freshIp()).headers, 'user-agent': ua } },
      );
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
    expect((await loginWith(firefox)).body.type).toBe('ok');
    expect((await loginWith(firefox)).body.type).toBe('ok');
    const notes = (await list(t, token)).list.filter((n) => n.kind === 'security.new_device');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.params.device).toBe('Firefox · Windows');
    expect(await outbox(t, email)).toEqual([]); // e-mailed by the dispatcher, not by the login
    await dispatchNotifications(t.app.ctx);
    const mails = await outbox(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Firefox · Windows');
    expect(mails[0]!.code).toBe('');
  });

  it('a changed password is notified and e-mailed in the user’s language', async () => {
    const t = getApp();
    const email = 'pwchange@example.com';
    const { token, id } = await registerAndLogin(t, email);
    await t.app.ctx.db.updateTable('users').set({ lang: 'jp' }).where('id', '=', id).execute();
    const r = await t.call(
      'POST',
      '/api/user/change_password',
      { old_password: 'secret-123', password: 'changed-1', re_password: 'changed-1' },
      { token },
    );
    expect(r.body.type).toBe('ok');
    const fresh = await t.app.sessions.create(id);
    expect(await kinds(t, fresh)).toContain('security.password_changed');
    await dispatchNotifications(t.app.ctx);
    const [mail] = await outbox(t, email);
    expect(mail!.subject).toBe('Oryx セキュリティ通知');
    expect(mail!.body).toContain('ログインパスワードが変更されました');
    expect(mail!.body).not.toContain('login password was changed'); // one language when it is known
  });
});
