/** A new notification reaches every socket session of its user over socket.io, and only theirs. */
import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { listeningSocketApp, loggedInSocket } from '../../../test/socket-client';
import { notify } from './service';
import { dispatchNotifications } from './dispatch';

const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

describe('notifications on the socket', () => {
  const srv = listeningSocketApp('oryx-nt-');

  const joined = (token: string) => loggedInSocket(srv, token);
  const idOf = async (email: string) =>
    (
      await srv.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  it('pushes `notification` to every session of the user, and not to another user', async () => {
    const userId = await idOf('demo1@oryx.local');
    const otherId = await idOf('demo2@oryx.local');
    const [phone, laptop, other] = [
      await joined(await srv.app.sessions.create(userId)),
      await joined(await srv.app.sessions.create(userId)),
      await joined(await srv.app.sessions.create(otherId)),
    ];
    const got: string[] = [];
    other.on('notification', (n: { params: Record<string, string> }) => got.push(n.params.id!));
    const onPhone = next<{ type: string; kind: string; params: Record<string, string> }>(
      phone,
      'notification',
    );
    const onLaptop = next<{ kind: string }>(laptop, 'notification');
    const onOther = next<{ params: Record<string, string> }>(other, 'notification');
    await notify(srv.app.ctx.db, [{ userId, kind: 'withdraw.sent', params: { id: 5 } }], Date.now());
    await notify(srv.app.ctx.db, [{ userId: otherId, kind: 'spot.filled', params: { id: 6 } }], Date.now());
    expect(await dispatchNotifications(srv.app.ctx)).toBe(2);
    expect(await onPhone).toMatchObject({ type: 'notification', kind: 'withdraw.sent', params: { id: '5' } });
    expect(await onLaptop).toMatchObject({ kind: 'withdraw.sent' });
    // The other user's socket gets its own notification and nothing of the first user's.
    expect((await onOther).params.id).toBe('6');
    expect(got).toEqual(['6']);
  });
});
