/**
 * Template databases for the integration tests: migrating and seeding a database takes seconds (most of
 * it the demo seed; on PostgreSQL several times what SQLite needs), and every test app used to do it
 * again. The integration project's global setup (global-setup.ts) migrates and seeds one database per
 * kind and mode once, at the harness's start time; a test app whose clock starts there gets a copy (a
 * file copy for SQLite, `CREATE DATABASE … TEMPLATE …` for PostgreSQL) that is exactly what seeding a
 * fresh database would have made, and starts with seeding off. Other apps (another start time, a
 * database of their own) still migrate and seed a fresh database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { prepareDatabase } from '../src/app';
import { openDatabase } from '../src/db/connection';
import { loadEnv } from '../src/env';
import { ManualClock } from '../src/lib/clock';

export type DbKind = 'sqlite' | 'postgres';
export type DbMode = 'demo' | 'production';

/** Where every test app's manual clock starts unless a test gives its own. */
/** scrypt work factor of the passwords demo-mode test apps and the test helpers hash (env.ts). */
export const TEST_HASH_LOG2N = 10;

export const TEST_START_MS = Date.UTC(2026, 0, 5, 8, 0, 0);

/** `${kind}:${mode}:${start ms}` -> the template's SQLite file or PostgreSQL database name. */
export type Templates = Record<string, string>;
export const templateKey = (kind: DbKind, mode: DbMode, startMs: number) => `${kind}:${mode}:${startMs}`;

/** The test server's admin connection (TEST_DATABASE_URL) with another database name. */
export function pgUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Drops a test database. pg's pool.end() resolves before its connections have closed on the server, so a
 * plain DROP is tried a few times first (a forced one right away would cut those connections and the
 * closed app's pool would log them as lost); anything still connected after that is cut.
 */
export async function dropPgDatabase(name: string): Promise<void> {
  await pgAdmin(async (c) => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (err) {
        if (!/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 25 * attempt));
      }
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

export const randomDbName = (prefix: string) => `${prefix}_${crypto.randomBytes(6).toString('hex')}`;

/**
 * Settings every test database gets (each connection made to it afterwards: the test apps' and the
 * server processes' a test starts). Neither changes what a query answers or what a commit makes visible:
 *
 * - commits stop waiting for their write-ahead log to reach the disk: a commit is as visible and as
 *   atomic as before and survives a killed client or server process; only an operating-system crash
 *   could lose the last ones, which no test makes. On a busy machine a flush is milliseconds, and the
 *   PostgreSQL runs commit tens of thousands of times;
 * - no parallel workers: the planner, with no statistics on a fresh database's tables, plans a query over
 *   many of them (the audits' table fingerprints) in parallel, and starting the workers costs several
 *   times the query.
 *
 * The settings stay with the database: a copy made from a template does not inherit them, so every
 * database the harness makes is given them.
 */
export async function testDbSettings(c: pg.Client, name: string): Promise<void> {
  await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await c.query(`ALTER DATABASE ${name} SET max_parallel_workers_per_gather = 0`);
}

/**
 * A new database copied from a template. PostgreSQL refuses a copy while another session is connected to
 * the template; nothing connects to these once made, but a few tries cover a copy started at the same
 * moment by another file on an older server.
 */
export async function cloneTemplate(kind: DbKind, template: string, target: string): Promise<void> {
  if (kind === 'sqlite') {
    fs.copyFileSync(template, target);
    return;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await pgAdmin(async (c) => {
        await c.query(`CREATE DATABASE ${target} TEMPLATE ${template}`);
        await testDbSettings(c, target);
      });
      return;
    } catch (err) {
      if (attempt >= 5 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

/** Migrates and seeds one database per kind and mode; returns them and how to drop them all. */
export async function makeTemplates(
  kinds: DbKind[],
): Promise<{ templates: Templates; drop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-it-template-'));
  const templates: Templates = {};
  const pgNames: string[] = [];
  const drop = async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const name of pgNames) await dropPgDatabase(name);
  };
  try {
    const jobs = kinds.flatMap((kind) =>
      (['demo', 'production'] as const).map(async (mode) => {
        let url: string;
        let ref: string;
        if (kind === 'postgres') {
          ref = randomDbName('oryx_tpl');
          pgNames.push(ref);
          await pgAdmin(async (c) => {
            await c.query(`CREATE DATABASE ${ref}`);
            await testDbSettings(c, ref);
          });
          url = pgUrl(ref);
        } else {
          ref = path.join(dir, `${mode}.db`);
          url = `file:${ref}`;
        }
        const env = loadEnv({
          DATABASE_URL: url,
          ORYX_MODE: mode,
          PAY_SANDBOX_SECRET: 'template-pay-secret-0123456789',
          API_KEY_ENCRYPTION_KEY: 'template-api-key-encryption-key-0123456789',
          // The demo users' passwords, hashed as the demo-mode test apps hash theirs (harness.ts).
          ...(mode === 'demo' ? { PASSWORD_HASH_LOG2N: String(TEST_HASH_LOG2N) } : {}),
        });
        const handle = openDatabase(url);
        try {
          await prepareDatabase(handle, env, new ManualClock(TEST_START_MS), true);
        } finally {
          await handle.close();
        }
        // Closing the last connection folds SQLite's write-ahead log into the file: the file is all.
        if (kind === 'sqlite' && fs.existsSync(`${ref}-wal`) && fs.statSync(`${ref}-wal`).size > 0) {
          throw new Error(`template ${ref} still has a write-ahead log after closing`);
        }
        templates[templateKey(kind, mode, TEST_START_MS)] = ref;
      }),
    );
    await Promise.all(jobs);
  } catch (err) {
    await drop();
    throw err;
  }
  return { templates, drop };
}
