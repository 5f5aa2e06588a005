/**
 * The raw WebSocket endpoint beside socket.io on one port, with the real clock: socket.io keeps
 * `/socket.io/` and `/wss/`, the streams keep `/ws` and `/stream`, and neither ends the other's upgrades
 * (socket.io ends unknown upgrades that nobody answered within a second). SQLite only: no data path
 * here that the PostgreSQL runs of binance-stream.integration.test.ts do not cover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { io as ioV4 } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('binance streams beside socket.io (real clock)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-bs-'));
  let app: FastifyInstance;
  let port = 0;

  beforeAll(async () => {
    const env = loadEnv({
      DATABASE_URL: `file:${path.join(dir, 'a.db')}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    app = await buildApp({ env, sockets: true, seed: true, background: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    port = typeof addr === 'object' && addr ? addr.port : 0;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves both on one port; a depth diff arrives within 100 ms pacing', async () => {
    const sio = ioV4(`http://127.0.0.1:${port}`, {
      path: '/socket.io/',
      transports: ['websocket'],
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      sio.on('connect', () => resolve());
      sio.on('connect_error', reject);
    });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/stream?streams=ethusdt@depth@100ms`);
    const got: any[] = [];
    ws.on('message', (d) => got.push(JSON.parse(d.toString())));
    await new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    // Past socket.io's one-second end of upgrades it did not take: both are still open.
    await sleep(1_300);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    expect(sio.connected).toBe(true);

    const user = await app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo1@oryx.local')
      .executeTakeFirstOrThrow();
    const token = await app.sessions.create(user.id);
    const res = await fetch(`http://127.0.0.1:${port}/api/coin/trade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ legal_id: 1, currency_id: 3, type: 1, target_price: '3000', amount: '0.1' }),
    });
    expect(((await res.json()) as { type: string }).type).toBe('ok');
    const until = Date.now() + 3_000;
    while (got.length === 0 && Date.now() < until) await sleep(20);
    expect(got[0]).toMatchObject({
      stream: 'ethusdt@depth@100ms',
      data: { e: 'depthUpdate', s: 'ETHUSDT', b: [['3000.00000000', '0.10000000']], a: [] },
    });
    ws.close();
    sio.close();
  });
});
