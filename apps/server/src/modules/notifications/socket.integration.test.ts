/** A new notification reaches every socket session of its user over socket.io, and only theirs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { notify } from './service';
import { dispatchNotifications } from './dispatch';

const next = <T>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));

describe('notifications on the socket', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-nt-'));
  let app: FastifyInstance;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const env = loadEnv({
      DATABASE_URL: `file:${path.join(dir, 'n.db')}`,
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    });
    app = await buildApp({ env, sockets: true, seed: true, background: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const joined = async (token: string) => {
    const s = io(url, { path: '/wss/', transports: ['websocket'], forceNew: true });
    sockets.push(s);
    await next(s, 'connect');
    expect(await s.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
    return s;
  };
  const idOf = async (email: string) =>
    (await app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
      .id;

  it('pushes `notification` to every session of the user, and not to another user', async () => {
    const userId = await idOf('demo1@oryx.local');
    const otherId = await idOf('demo2@oryx.local');
    const [phone, laptop, other] = [
      await joined(await app.sessions.create(userId)),
      await joined(await app.sessions.create(userId)),
      await joined(await app.sessions.create(otherId)),
    ];
    const got: string[] = [];
    other.on('notification', (n: { params: Record<string, string> }) => got.push(n.params.id!));
    const onPhone = next<{ type: string; kind: string; params: Record<string, string> }>(
      phone,
      'notification',
    );
    const onLaptop = next<{ kind: string }>(laptop, 'notification');
    const onOther = next<{ params: Record<string, string> }>(other, 'notification');
    await notify(app.ctx.db, [{ userId, kind: 'withdraw.sent', params: { id: 5 } }], Date.now());
    await notify(app.ctx.db, [{ userId: otherId, kind: 'spot.filled', params: { id: 6 } }], Date.now());
    expect(await dispatchNotifications(app.ctx)).toBe(2);
    expect(await onPhone).toMatchObject({ type: 'notification', kind: 'withdraw.sent', params: { id: '5' } });
    expect(await onLaptop).toMatchObject({ kind: 'withdraw.sent' });
    // The other user's socket gets its own notification and nothing of the first user's.
    expect((await onOther).params.id).toBe('6');
    expect(got).toEqual(['6']);
  });
});
