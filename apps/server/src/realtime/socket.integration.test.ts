import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as ioV4, type Socket } from 'socket.io-client';
import ioV2 from 'socket.io-client-v2';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../lib/random';
import { DB_KINDS, persistentDb } from '../../test/harness';
import { listeningSocketApp, startListening } from '../../test/socket-client';

const once = <T>(s: { on(e: string, cb: (v: T) => void): void }, event: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.on(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });

const demoUserId = async (a: FastifyInstance) =>
  (
    await a.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo1@oryx.local')
      .executeTakeFirstOrThrow()
  ).id;

/** True when `event` reached the socket before a broadcast sent right after it (one connection keeps order). */
const receives = async (s: Socket, send: () => void, broadcast: () => void): Promise<boolean> => {
  let got = false;
  const listener = () => {
    got = true;
  };
  s.on('micro_closed', listener);
  const marker = once<{ token: string }>(s, 'transaction');
  send();
  broadcast();
  await marker;
  s.off('micro_closed', listener);
  return got;
};

const PATHS = ['/wss/', '/socket.io/'] as const;

describe('realtime: socket.io at /wss/ and /socket.io/', () => {
  const srv = listeningSocketApp('oryx-rt-');

  const connectV4 = async (socketPath: string = '/wss/'): Promise<Socket> => {
    const s = ioV4(srv.url, { path: socketPath, transports: ['websocket'], forceNew: true });
    srv.track(s);
    await once(s, 'connect');
    return s;
  };

  it('env.json reports the port the socket listens on', async () => {
    const res = await fetch(`${srv.url}/api/env.json`);
    const body = (await res.json()) as { socket_io_port: number };
    expect(`http://127.0.0.1:${body.socket_io_port}`).toBe(srv.url);
  });

  it('broadcasts market events to every socket, including Engine.IO v3 (socket.io-client 2.x) clients', async () => {
    const modern = await connectV4();
    const legacy = ioV2(srv.url, { path: '/wss/', transports: ['websocket'], forceNew: true });
    srv.track(legacy);
    await once(legacy, 'connect');
    const gotModern = once<{ type: string; now_price: string }>(modern, 'daymarket');
    const gotLegacy = once<{ type: string; now_price: string }>(legacy, 'daymarket');
    srv.app.ctx.realtime.toAll('daymarket', {
      type: 'daymarket',
      legal_id: 1,
      currency_id: 2,
      legal_name: 'USDT',
      currency_name: 'BTC',
      symbol: 'BTC/USDT',
      now_price: '96000.00',
      change: '+0.00',
      volume: '0',
      high: '96000.00',
      low: '96000.00',
    });
    expect((await gotModern).now_price).toBe('96000.00');
    expect((await gotLegacy).type).toBe('daymarket');
  });

  it('serves the same server on both paths: a broadcast reaches v2 and v4 clients on each, over websocket and polling', async () => {
    const clients: { on(e: string, cb: (v: never) => void): void; close(): void }[] = [];
    for (const socketPath of PATHS) {
      for (const transports of [['websocket'], ['polling']]) {
        const modern = ioV4(srv.url, { path: socketPath, transports, forceNew: true });
        const legacy = ioV2(srv.url, { path: socketPath, transports, forceNew: true });
        srv.track(modern);
        srv.track(legacy);
        await Promise.all([once(modern, 'connect'), once(legacy, 'connect')]);
        clients.push(modern, legacy);
      }
    }
    const all = clients.map((c) => once<{ token: string }>(c, 'transaction'));
    srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'ETH/USDT', '24h': '{}' });
    for (const got of await Promise.all(all)) expect(got.token).toBe('ETH/USDT');
  });

  it('a burst of emits reaches every client whole and in order (the packets behind the first leave in one write)', async () => {
    const modern = await connectV4();
    const legacy = ioV2(srv.url, { path: '/wss/', transports: ['websocket'], forceNew: true });
    srv.track(legacy);
    await once(legacy, 'connect');
    const BURST = 12;
    const received = [modern, legacy].map(
      (c) =>
        new Promise<string[]>((resolve) => {
          const tokens: string[] = [];
          c.on('transaction', (p: { token: string }) => {
            tokens.push(p.token);
            if (tokens.length === BURST) resolve(tokens);
          });
        }),
    );
    const sent = Array.from({ length: BURST }, (_, i) => `BURST${i}/USDT`);
    for (const token of sent)
      srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token, '24h': '{}' });
    for (const got of await Promise.all(received)) expect(got).toEqual(sent);
  });

  it.each(PATHS)(
    'a user room joined on %s receives user events sent through the one realtime',
    async (socketPath) => {
      const userId = await demoUserId(srv.app);
      const token = await srv.app.sessions.create(userId);
      const owner = await connectV4(socketPath);
      expect(await owner.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
      const got = once<{ data: { id: number } }>(owner, 'micro_closed');
      srv.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 11 } });
      expect((await got).data.id).toBe(11);
    },
  );

  it('a bare user id from a socket.io-client 2.x client on /socket.io/ without the session cookie joins nothing private', async () => {
    const userId = await demoUserId(srv.app);
    const legacy = ioV2(srv.url, { path: '/socket.io/', transports: ['websocket'], forceNew: true });
    srv.track(legacy);
    await once(legacy, 'connect');
    legacy.emit('login', String(userId));
    let got = false;
    legacy.on('micro_closed', () => {
      got = true;
    });
    // The emit and the broadcast below travel on one connection, so the login is handled first.
    await new Promise((r) => setTimeout(r, 100));
    const marker = once<{ token: string }>(legacy, 'transaction');
    srv.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 12 } });
    srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
    await marker;
    expect(got).toBe(false);
  });

  it('other paths are not socket.io', async () => {
    const res = await fetch(`${srv.url}/engine.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(404);
  });

  it('joins the user room only for a valid token; a bare user id without the session cookie gets market events only', async () => {
    const userId = await demoUserId(srv.app);
    const token = await srv.app.sessions.create(userId);

    const owner = await connectV4();
    const ack = await owner.emitWithAck('login', { token });
    expect(ack).toMatchObject({ type: 'ok' });

    const pretender = await connectV4();
    const denied = await pretender.emitWithAck('login', String(userId));
    expect(denied).toMatchObject({ type: '999' });

    let pretenderGot = false;
    pretender.on('micro_closed', () => {
      pretenderGot = true;
    });
    const got = once<{ type: string; data: { id: number } }>(owner, 'micro_closed');
    const marker = once<{ token: string }>(pretender, 'transaction');
    srv.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 7 } });
    // A broadcast sent next reaches the pretender after anything sent to it before (one connection keeps
    // the order), so once it has arrived the user event would have too.
    srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
    expect((await got).data.id).toBe(7);
    expect((await marker).token).toBe('BTC/USDT');
    expect(pretenderGot).toBe(false);
  });

  it('a socket stops receiving private events when its session ends (logout, password change), other sessions keep theirs', async () => {
    const userId = await demoUserId(srv.app);
    const [t1, t2, t3] = [
      await srv.app.sessions.create(userId),
      await srv.app.sessions.create(userId),
      await srv.app.sessions.create(userId),
    ];
    const [a, b, c] = [await connectV4(), await connectV4('/socket.io/'), await connectV4()];
    for (const [s, token] of [
      [a, t1],
      [b, t2],
      [c, t3],
    ] as const) {
      expect(await s.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
    }
    const send = () =>
      srv.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 1 } });
    const broadcast = () =>
      srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
    expect(await receives(a, send, broadcast)).toBe(true);

    const res = await fetch(`${srv.url}/api/user/logout`, { method: 'POST', headers: { authorization: t1 } });
    expect(res.status).toBe(200);
    expect(await receives(a, send, broadcast)).toBe(false);
    expect(await receives(b, send, broadcast)).toBe(true);

    await srv.app.sessions.revokeAllForUser(userId);
    expect(await receives(b, send, broadcast)).toBe(false);
    expect(await receives(c, send, broadcast)).toBe(false);
    // Logging in again with an ended token joins nothing.
    expect(await a.emitWithAck('login', { token: t1 })).toMatchObject({ type: '999' });
  });

  it('a socket stops receiving private events when its session expires', async () => {
    const userId = await demoUserId(srv.app);
    const token = await srv.app.sessions.create(userId);
    await srv.app.ctx.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 600 })
      .where('token_hash', '=', sha256(token))
      .execute();
    const s = await connectV4();
    expect(await s.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
    const send = () =>
      srv.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 3 } });
    const broadcast = () =>
      srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
    expect(await receives(s, send, broadcast)).toBe(true);
    await new Promise((r) => setTimeout(r, 900));
    expect(await receives(s, send, broadcast)).toBe(false);
  });
});

/**
 * Two processes of one exchange: one PostgreSQL database, one Redis (two apps in this test process). A
 * server of another database on the same Redis is a different exchange and hears none of it.
 */
describe.skipIf(!process.env.TEST_REDIS_URL || !DB_KINDS.includes('postgres'))(
  'realtime: two processes through Redis [postgres, redis]',
  () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    const sockets: Socket[] = [];
    let db: { url: string; drop: () => Promise<void> };
    let first: { app: FastifyInstance; url: string };
    let second: { app: FastifyInstance; url: string };
    beforeAll(async () => {
      db = await persistentDb('postgres');
      first = await startListening(db.url, { REDIS_URL: redisUrl });
      second = await startListening(db.url, { REDIS_URL: redisUrl });
    });
    afterAll(async () => {
      for (const s of sockets) s.close();
      await second?.app.close();
      await first?.app.close();
      await db?.drop();
    });
    const connect = async (url: string, legacy = false) => {
      const s = legacy
        ? (ioV2(url, { path: '/socket.io/', transports: ['websocket'], forceNew: true }) as unknown as Socket)
        : ioV4(url, { path: '/wss/', transports: ['websocket'], forceNew: true });
      sockets.push(s);
      await once(s, 'connect');
      return s;
    };
    const transaction = (token: string) => ({ type: 'transaction' as const, token, '24h': '{}' });

    it('a session ended on one process takes its sockets on another out of the user room', async () => {
      const userId = await demoUserId(first.app);
      const token = await first.app.sessions.create(userId);
      const session = (await first.app.sessions.verify(token))!;
      const s = await connect(first.url);
      expect(await s.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
      const send = () =>
        second.app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 2 } });
      const broadcast = () => second.app.ctx.realtime.toAll('transaction', transaction('BTC/USDT'));
      expect(await receives(s, send, broadcast)).toBe(true);
      second.app.ctx.realtime.endSessions([{ userId, sessionId: session.sessionId }]);
      await new Promise((r) => setTimeout(r, 200));
      expect(await receives(s, send, broadcast)).toBe(false);
    });

    it('a burst of market events reaches the sockets of both processes once each, in order', async () => {
      const [own, other, legacy] = await Promise.all([
        connect(first.url),
        connect(second.url),
        connect(second.url, true),
      ]);
      const tokens = ['BTC/USDT', 'ETH/USDT', 'LTC/USDT', 'XRP/USDT', 'DOGE/USDT'];
      const heard = new Map<Socket, string[]>([
        [own, []],
        [other, []],
        [legacy, []],
      ]);
      for (const [s, list] of heard) s.on('transaction', (p: { token: string }) => list.push(p.token));
      // One turn of the event loop, as a market's push is: one Redis message for the other process.
      for (const t of tokens) first.app.ctx.realtime.toAll('transaction', transaction(t));
      await vi.waitFor(() => {
        for (const list of heard.values()) expect(list.length).toBeGreaterThanOrEqual(tokens.length);
      });
      await new Promise((r) => setTimeout(r, 200)); // anything sent twice would arrive by now
      for (const list of heard.values()) expect(list).toEqual(tokens);
    });

    it("a user's event keeps its place among market events sent from another process", async () => {
      const userId = await demoUserId(first.app);
      const token = await first.app.sessions.create(userId);
      const s = await connect(first.url);
      expect(await s.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
      const heard: string[] = [];
      s.on('transaction', (p: { token: string }) => heard.push(p.token));
      s.on('micro_closed', () => heard.push('mine'));
      const rt = second.app.ctx.realtime;
      rt.toAll('transaction', transaction('BTC/USDT'));
      rt.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 4 } });
      rt.toAll('transaction', transaction('ETH/USDT'));
      await vi.waitFor(() => expect(heard).toHaveLength(3));
      expect(heard).toEqual(['BTC/USDT', 'mine', 'ETH/USDT']);
    });

    it('a server of another database on the same Redis hears none of it', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-rt-other-'));
      const stranger = await startListening(path.join(dir, 'x.db'), { REDIS_URL: redisUrl });
      try {
        const s = await connect(stranger.url);
        const mine = await connect(first.url);
        const heard: string[] = [];
        s.on('transaction', (p: { token: string }) => heard.push(p.token));
        const got = once<{ token: string }>(mine, 'transaction');
        second.app.ctx.realtime.toAll('transaction', transaction('BTC/USDT'));
        expect((await got).token).toBe('BTC/USDT');
        await new Promise((r) => setTimeout(r, 300));
        expect(heard).toEqual([]);
      } finally {
        await stranger.app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

describe('realtime: WebSocket only (SOCKET_TRANSPORTS=websocket, no sticky sessions needed)', () => {
  const srv = listeningSocketApp('oryx-rt-ws-', () => ({ SOCKET_TRANSPORTS: 'websocket' }));

  it('refuses a long-polling handshake on both paths and accepts a WebSocket client', async () => {
    for (const p of PATHS) {
      const res = await fetch(`${srv.url}${p}?EIO=4&transport=polling`);
      expect(res.status).toBe(400);
    }
    const s = ioV4(srv.url, { path: '/wss/', transports: ['websocket'], forceNew: true });
    try {
      await once(s, 'connect');
      const got = once<{ token: string }>(s, 'transaction');
      srv.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'ETH/USDT', '24h': '{}' });
      expect((await got).token).toBe('ETH/USDT');
    } finally {
      s.close();
    }
  });
});

describe('realtime: a configured CORS origin', () => {
  const srv = listeningSocketApp('oryx-rt-cors-', () => ({ CORS_ORIGINS: 'https://web.example' }));

  it.each(PATHS)(
    'answers polling from the configured origin on %s and not from another',
    async (socketPath) => {
      const ok = await fetch(`${srv.url}${socketPath}?EIO=4&transport=polling`, {
        headers: { origin: 'https://web.example' },
      });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://web.example');
      const other = await fetch(`${srv.url}${socketPath}?EIO=4&transport=polling`, {
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    },
  );
});
