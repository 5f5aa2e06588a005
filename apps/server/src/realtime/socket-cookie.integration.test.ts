/**
 * Private pushes for clients of this API family, which emit `login` with a bare user id: believed only
 * when the socket's handshake carried the session cookie set at login (a cookie jar here, the browser's
 * own in real life) for a live session of that same user, from this origin. socket.io-client 2.x, as
 * those clients use, on both transports.
 */
import { describe, expect, it } from 'vitest';
import ioV2 from 'socket.io-client-v2';
import { DEMO_PASSWORD } from '@oryx/db/seed/reference';
import { listeningSocketApp } from '../../test/socket-client';

type Legacy = ReturnType<typeof ioV2>;

const once = <T>(s: { on(e: string, cb: (v: T) => void): void }, event: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.on(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });

describe('realtime: a bare-id login proven by the session cookie', () => {
  const srv = listeningSocketApp('oryx-rt-cookie-');

  /** Logs in over HTTP as a browser would; the cookie jar keeps what Set-Cookie gave. */
  const login = async (email: string) => {
    const res = await fetch(`${srv.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_string: email, password: DEMO_PASSWORD }),
    });
    const body = (await res.json()) as { type: string; message: string; id: number };
    expect(body.type).toBe('ok');
    const jar = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { token: body.message, id: body.id, jar };
  };

  /** A socket.io-client 2.x socket whose handshake sends `headers` (the cookie jar, an origin). */
  const connect = async (
    headers: Record<string, string>,
    transports = ['websocket'],
    socketPath = '/socket.io/',
  ) => {
    const s = ioV2(srv.url, { path: socketPath, transports, forceNew: true, extraHeaders: headers });
    srv.track(s);
    await once(s, 'connect');
    return s;
  };

  /** Emits the bare id as those clients do (a string), with an ack so the test knows it was handled. */
  const bareLogin = (s: Legacy, id: number) =>
    new Promise<{ type: string }>((resolve) => s.emit('login', String(id), resolve));

  /** Whether a private push reaches the socket before a broadcast sent right after it (one connection keeps order). */
  const receives = async (s: Legacy, userId: number): Promise<boolean> => {
    let got = false;
    s.on('micro_closed', () => {
      got = true;
    });
    const marker = once(s, 'transaction');
    srv.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 5 } });
    srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
    await marker;
    return got;
  };

  it.each([
    [['websocket'], '/socket.io/'],
    [['polling'], '/socket.io/'],
    [['websocket'], '/wss/'],
  ])(
    'joins the user room over %s on %s when the cookie is the same user’s',
    async (transports, socketPath) => {
      const me = await login('demo1@oryx.local');
      const s = await connect({ cookie: me.jar }, transports, socketPath);
      expect(await bareLogin(s, me.id)).toMatchObject({ type: 'ok' });
      expect(await receives(s, me.id)).toBe(true);
    },
  );

  it('refuses a stranger: no cookie, another user’s cookie, a forged one, the token as cookie, another site', async () => {
    const me = await login('demo1@oryx.local');
    const other = await login('demo2@oryx.local');
    const [sid, mac] = me.jar.split('=')[1]!.split('.');
    const forged = `oryx_sid=${sid}.${mac!.slice(1)}A`;
    const attempts: Record<string, string>[] = [
      {},
      { cookie: other.jar },
      { cookie: forged },
      { cookie: `oryx_sid=${me.token}` },
      { cookie: me.jar, origin: 'https://evil.example' },
    ];
    for (const headers of attempts) {
      const s = await connect(headers);
      expect(await bareLogin(s, me.id), JSON.stringify(headers)).toMatchObject({ type: '999' });
      expect(await receives(s, me.id)).toBe(false);
    }
  });

  it('the socket leaves the room at logout, and the cookie then proves nothing', async () => {
    const me = await login('demo1@oryx.local');
    const s = await connect({ cookie: me.jar });
    expect(await bareLogin(s, me.id)).toMatchObject({ type: 'ok' });
    expect(await receives(s, me.id)).toBe(true);
    const out = await fetch(`${srv.url}/api/user/logout`, {
      method: 'POST',
      headers: { authorization: me.token },
    });
    expect(out.headers.get('set-cookie')).toMatch(/^oryx_sid=; Path=\/; Max-Age=0;/);
    expect(await receives(s, me.id)).toBe(false);
    expect(await bareLogin(s, me.id)).toMatchObject({ type: '999' });
  });
});
