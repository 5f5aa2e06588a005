/**
 * Real socket.io clients against a real listening app: a seeded SQLite app on a free port with sockets
 * on (its own directory), and a current client logged in with a session token. The app, its directory
 * and every tracked client are closed after all tests of the file (or of the describe block it is
 * called in).
 *
 *   const srv = listeningSocketApp('oryx-nt-');
 *   const s = await loggedInSocket(srv, await srv.app.sessions.create(userId));
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';

export interface SocketApp {
  /** The app (set before the tests run). */
  readonly app: FastifyInstance;
  /** Its base URL, http://127.0.0.1:<port>. */
  readonly url: string;
  /** Closes the client with the app. */
  track<S extends { close(): unknown }>(socket: S): S;
}

/** A seeded app with sockets on, listening on a free port; `db`: a SQLite file's path, or a database URL. */
export async function startListening(
  db: string,
  extraEnv: Record<string, string> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const env = loadEnv({
    DATABASE_URL: db.includes('://') ? db : `file:${db}`,
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    ...extraEnv,
  });
  const app = await buildApp({ env, sockets: true, seed: true, background: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` };
}

/** Starts the app before all tests and closes it after; `env` adds settings (given the app's directory). */
export function listeningSocketApp(
  dirPrefix: string,
  env: (dir: string) => Record<string, string> = () => ({}),
): SocketApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
  const sockets: { close(): unknown }[] = [];
  let app: FastifyInstance | undefined;
  let url = '';
  beforeAll(async () => {
    ({ app, url } = await startListening(path.join(dir, 'a.db'), env(dir)));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get app() {
      if (!app) throw new Error('the app starts in beforeAll');
      return app;
    },
    get url() {
      return url;
    },
    track(socket) {
      sockets.push(socket);
      return socket;
    },
  };
}

/** A socket.io client on /wss/ (websocket) that has logged in with the session token. */
export async function loggedInSocket(srv: SocketApp, token: string): Promise<Socket> {
  const s = srv.track(io(srv.url, { path: '/wss/', transports: ['websocket'], forceNew: true }));
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  expect(await s.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
  return s;
}
