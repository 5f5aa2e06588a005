/**
 * Integration-test harness: the real app over a real database, driven through app.inject().
 * SQLite always (a fresh file per app); PostgreSQL as well when TEST_DATABASE_URL is set (a fresh
 * database per app, created from that server and dropped afterwards). An app whose clock starts at
 * TEST_START_MS (the default) gets a copy of a database the global setup migrated and seeded once
 * (db-template.ts) instead of migrating and seeding its own: the same data, seconds sooner.
 * The apps log at warn (TEST_LOG_LEVEL=info|debug|... to see more, silent for nothing).
 *
 *   describeEachDb('wallet transfers', (getApp) => { it('...', async () => { const t = getApp(); ... }) });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/env';
import { ManualClock, type Clock } from '../src/lib/clock';
import { DEMO_PASSWORD } from '@oryx/db/seed/reference';
import { expectLedgerBalanced } from '../src/modules/ledger/check';
import {
  TEST_HASH_LOG2N,
  TEST_START_MS,
  cloneTemplate,
  dropPgDatabase,
  testDbSettings,
  pgAdmin,
  pgUrl,
  randomDbName,
  templateKey,
  type DbKind,
  type DbMode,
  type Templates,
} from './db-template';

export type { DbKind };
export { TEST_HASH_LOG2N, TEST_START_MS };
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Checks run when every test app closes (the ledger adds its invariant check here). */
type CloseCheck = (app: FastifyInstance) => Promise<void>;
const closeChecks: CloseCheck[] = [];
export const addCloseCheck = (c: CloseCheck) => closeChecks.push(c);
// Every test app ends with the ledger invariant (modules/ledger/check.ts): a broken ledger fails the suite.
addCloseCheck(async (app) => {
  await expectLedgerBalanced(app.ctx.db);
});

export interface TestApp {
  app: FastifyInstance;
  kind: DbKind;
  clock: ManualClock;
  /** JSON call; returns the parsed body and status. */
  call(
    method: string,
    url: string,
    body?: Record<string, unknown>,
    opts?: { token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; res: LightMyRequestResponse }>;
  /** Logs in a seeded demo user by e-mail through the session service; returns the token. */
  tokenFor(email: string): Promise<string>;
  userId(email: string): Promise<number>;
  /**
   * Lets `ms` pass on the manual clock, in 10 ms steps: the clock's timers due meanwhile fire (throttled
   * pushes), and the promise chains they start settle before the clock moves on. Nothing waits for real.
   */
  elapse(ms: number): Promise<void>;
  close(): Promise<void>;
}

const ELAPSE_STEP_MS = 10;
/** Lets every promise continuation already queued run (no timer, no real waiting). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The templates the global setup made (none when the harness runs outside vitest's integration project). */
function templates(): Templates {
  try {
    return inject('oryxDbTemplates') ?? {};
  } catch {
    return {};
  }
}

/** A PostgreSQL database of its own on the TEST_DATABASE_URL server, empty or copied from a template. */
async function createPgDatabase(
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = randomDbName(prefix);
  if (template) await cloneTemplate('postgres', template, name);
  else
    await pgAdmin(async (c) => {
      await c.query(`CREATE DATABASE ${name}`);
      await testDbSettings(c, name);
    });
  return {
    url: pgUrl(name),
    drop: () => dropPgDatabase(name),
  };
}

/** A fresh database for one app: a copy of the template for its kind, mode and start time when there is one. */
async function createDatabase(
  kind: DbKind,
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'postgres') return createPgDatabase('oryx_t', template);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-it-'));
  const file = path.join(dir, 'oryx.db');
  if (template) await cloneTemplate('sqlite', template, file);
  return { url: `file:${file}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The rupiah sandbox provider's secret in production-mode tests. */
export const TEST_PAY_SECRET = 'test-pay-secret-0123456789';

export async function startTestApp(
  kind: DbKind = 'sqlite',
  opts: { env?: Partial<Record<keyof Env, string>>; clock?: ManualClock; demo?: boolean } = {},
): Promise<TestApp> {
  const clock = opts.clock ?? new ManualClock(TEST_START_MS);
  // The mode the app runs in (an ORYX_MODE in opts.env wins, as it overrides the env below).
  const mode = opts.env?.ORYX_MODE ?? (opts.demo === false ? 'production' : 'demo');
  let url: string;
  let cleanup: () => Promise<void>;
  let template: string | undefined;
  if (opts.env?.DATABASE_URL) {
    // A database the test made and drops itself (a restart): nothing to create here.
    url = opts.env.DATABASE_URL;
    cleanup = async () => {};
  } else {
    template = templates()[templateKey(kind, mode as DbMode, clock.now())];
    const made = await createDatabase(kind, template);
    url = made.url;
    cleanup = made.drop;
  }
  const env = loadEnv({
    DATABASE_URL: url,
    ORYX_MODE: mode,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    UPLOAD_DIR: path.join(os.tmpdir(), `oryx-up-${crypto.randomBytes(4).toString('hex')}`),
    RATE_LIMIT_PER_MINUTE: '100000',
    // Cheap password hashes where the mode allows them (production refuses less than 2^15).
    ...(mode === 'demo' ? { PASSWORD_HASH_LOG2N: String(TEST_HASH_LOG2N) } : {}),
    // Tests play a proxy and vary client addresses through X-Forwarded-For.
    TRUST_PROXY: '1',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'oryx-no-web'),
    // Production has no default signing secrets; tests give one as an operator would.
    ...(opts.demo === false
      ? {
          PAY_SANDBOX_SECRET: TEST_PAY_SECRET,
          API_KEY_ENCRYPTION_KEY: TEST_PAY_SECRET + '-api-keys-0123456789',
        }
      : {}),
    ...opts.env,
  });
  let app: FastifyInstance;
  try {
    // A copy of a template is already seeded (at this clock time, in this mode): seeding again is skipped.
    app = await buildApp({ env, clock: clock as Clock, sockets: false, seed: !template, background: false });
    await app.ready();
  } catch (err) {
    await cleanup(); // the app did not start: drop what was made for it
    throw err;
  }

  const t: TestApp = {
    app,
    kind,
    clock,
    async call(method, url, body, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token) headers.authorization = o.token;
      const res = await app.inject({
        method: method as 'GET',
        url,
        ...(body !== undefined && method !== 'GET' ? { payload: body } : {}),
        ...(body !== undefined && method === 'GET' ? { query: body as Record<string, string> } : {}),
        headers,
      });
      let parsed: any = undefined;
      try {
        parsed = res.json();
      } catch {
        parsed = res.body;
      }
      return { status: res.statusCode, body: parsed, res };
    },
    async userId(email) {
      const u = await app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return u.id;
    },
    async tokenFor(email) {
      return app.sessions.create(await t.userId(email));
    },
    async elapse(ms) {
      for (let left = ms; left > 0; left -= ELAPSE_STEP_MS) {
        clock.advance(Math.min(ELAPSE_STEP_MS, left));
        await settle();
      }
    },
    async close() {
      try {
        for (const check of closeChecks) await check(app);
      } finally {
        await app.close();
        await cleanup();
      }
    },
  };
  return t;
}

/** Runs a suite once per database kind with one app per kind, closed (and checked) after the suite. */
export function describeEachDb(name: string, body: (getApp: () => TestApp) => void): void {
  for (const kind of DB_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let t: TestApp | undefined;
      beforeAll(async () => {
        t = await startTestApp(kind);
      });
      afterAll(async () => {
        await t?.close();
      });
      body(() => {
        if (!t) throw new Error('test app not started');
        return t;
      });
    });
  }
}

export { DEMO_PASSWORD };

/** A database that outlives one app, so a second app can start on it (a restart). */
export async function persistentDb(kind: DbKind): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-restart-'));
    return {
      url: `file:${path.join(dir, 'oryx.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  return createPgDatabase('oryx_r');
}
