import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as ioV4, type Socket } from 'socket.io-client';
import ioV2 from 'socket.io-client-v2';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../env';

const once = <T>(s: { on(e: string, cb: (v: T) => void): void }, event: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.on(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });

async function startListening(
  dbFile: string,
  redisUrl?: string,
): Promise<{ app: FastifyInstance; url: string }> {
  const env = loadEnv({
    DATABASE_URL: `file:${dbFile}`,
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const app = await buildApp({ env, sockets: true, seed: true, background: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

describe('realtime: socket.io at /wss/', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-rt-'));
  let app: FastifyInstance;
  let url: string;
  const sockets: { close(): void }[] = [];

  beforeAll(async () => {
    ({ app, url } = await startListening(path.join(dir, 'a.db')));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const connectV4 = async (): Promise<Socket> => {
    const s = ioV4(url, { path: '/wss/', transports: ['websocket'], forceNew: true });
    sockets.push(s);
    await once(s, 'connect');
    return s;
  };

  it('env.json reports the port the socket listens on', async () => {
    const res = await fetch(`${url}/api/env.json`);
    const body = (await res.json()) as { socket_io_port: number };
    expect(`http://127.0.0.1:${body.socket_io_port}`).toBe(url);
  });

  it('broadcasts market events to every socket, including Engine.IO v3 (socket.io-client 2.x) clients', async () => {
    const modern = await connectV4();
    const legacy = ioV2(url, { path: '/wss/', transports: ['websocket'], forceNew: true });
    sockets.push(legacy);
    await once(legacy, 'connect');
    const gotModern = once<{ type: string; now_price: string }>(modern, 'daymarket');
    const gotLegacy = once<{ type: string; now_price: string }>(legacy, 'daymarket');
    app.ctx.realtime.toAll('daymarket', {
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

  it('joins the user room only for a valid token; a bare user id gets market events only', async () => {
    const userId = (
      await app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'demo1@oryx.local')
        .executeTakeFirstOrThrow()
    ).id;
    const token = await app.sessions.create(userId);

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
    app.ctx.realtime.toUser(userId, 'micro_closed', { type: 'micro_closed', data: { id: 7 } });
    // A broadcast sent next reaches the pretender after anything sent to it before (one connection keeps
    // the order), so once it has arrived the user event would have too.
    app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
    expect((await got).data.id).toBe(7);
    expect((await marker).token).toBe('BTC/USDT');
    expect(pretenderGot).toBe(false);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'shares rooms across two processes through the Redis adapter',
    async () => {
      const other = await startListening(path.join(dir, 'b.db'), process.env.TEST_REDIS_URL);
      const first = await startListening(path.join(dir, 'c.db'), process.env.TEST_REDIS_URL);
      try {
        const s = ioV4(other.url, { path: '/wss/', transports: ['websocket'], forceNew: true });
        sockets.push(s);
        await once(s, 'connect');
        await new Promise((r) => setTimeout(r, 200));
        const got = once<{ type: string; token: string }>(s, 'transaction');
        first.app.ctx.realtime.toAll('transaction', { type: 'transaction', token: 'BTC/USDT', '24h': '{}' });
        expect((await got).token).toBe('BTC/USDT');
      } finally {
        await other.app.close();
        await first.app.close();
      }
    },
  );
});
