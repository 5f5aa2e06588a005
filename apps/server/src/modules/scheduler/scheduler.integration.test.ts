/**
 * The persisted scheduler over a real database with the manual clock: due times, exactly-once claims
 * with concurrent runners, unique keys, after-commit hooks, retries with backoff and a final failure.
 */
import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import {
  cancelJob,
  MAX_ATTEMPTS,
  nextDueAt,
  mergeJobHandlers,
  retryDelayMs,
  runDueJobs,
  schedule,
  type JobHandler,
} from './scheduler';
import { runInTransaction } from '../../db/transaction';

const ran: { kind: string; id: number; dueAtMs: number; n: number; attempt: number }[] = [];
const committed: number[] = [];
let failuresLeft = 0;

const echo: JobHandler<{ n: number }> = {
  async run(tx, job) {
    // A write in the claim's transaction: it must commit together with the claim.
    await tx.trx
      .insertInto('outbox_messages')
      .values({
        channel: 'email',
        destination: `job-${job.id}`,
        scene: 'test',
        subject: '',
        body: '',
        code: '',
        created_at: tx.nowMs,
      })
      .execute();
    ran.push({ kind: job.kind, id: job.id, dueAtMs: job.dueAtMs, n: job.payload.n, attempt: job.attempt });
    tx.afterCommit(() => void committed.push(job.id));
  },
};
const flaky: JobHandler<{ n: number }> = {
  async run(_tx, job) {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error(`flaky ${job.payload.n}`);
    }
    ran.push({ kind: job.kind, id: job.id, dueAtMs: job.dueAtMs, n: job.payload.n, attempt: job.attempt });
  },
};
const picky: JobHandler<{ n: number }> = {
  async run(_tx, job) {
    if (job.payload.n === 2) throw new Error('two is bad');
    ran.push({ kind: job.kind, id: job.id, dueAtMs: job.dueAtMs, n: job.payload.n, attempt: job.attempt });
  },
  async runMany(tx, jobs) {
    for (const j of jobs) await this.run(tx, j);
  },
};
// This suite's own handler table (an app's is its modules' `jobs`, `app.jobs`).
const handlers = mergeJobHandlers([{ 'test.echo': echo, 'test.flaky': flaky }, { 'test.picky': picky }]);

describeEachDb('scheduler', (getApp) => {
  it('runs jobs when due, oldest first, each once, with after-commit hooks', async () => {
    const t = getApp();
    const ctx = t.app.ctx;
    const t0 = t.clock.now();
    ran.length = 0;
    committed.length = 0;
    const ids = await runInTransaction(ctx.db, async (trx) => [
      await schedule(trx, 'test.echo', t0 + 2000, { n: 2 }),
      await schedule(trx, 'test.echo', t0 + 1000, { n: 1 }),
      await schedule(trx, 'test.echo', t0 + 3000, { n: 3 }, { uniqueKey: 'three' }),
      await schedule(trx, 'test.echo', t0 + 9000, { n: 33 }, { uniqueKey: 'three' }),
    ]);
    expect(ids[3]).toBeNull(); // same unique key: ignored
    expect(await nextDueAt(ctx.db)).toBe(t0 + 1000);
    expect(await runDueJobs(ctx, handlers, t0 + 999)).toEqual({ done: 0, failed: 0, skipped: 0 });
    expect(await runDueJobs(ctx, handlers, t0 + 2000)).toEqual({ done: 2, failed: 0, skipped: 0 });
    expect(ran.map((r) => r.n)).toEqual([1, 2]);
    expect(ran[0]).toMatchObject({ dueAtMs: t0 + 1000, attempt: 1 });
    expect(committed).toEqual([ids[1], ids[0]]);
    // Much later (a restart): the overdue job runs at once and still sees its own due time.
    expect(await runDueJobs(ctx, handlers, t0 + 3_600_000)).toMatchObject({ done: 1 });
    expect(ran[2]).toMatchObject({ n: 3, dueAtMs: t0 + 3000 });
    expect(await runDueJobs(ctx, handlers, t0 + 3_600_000)).toMatchObject({ done: 0 });
    const outbox = await ctx.db
      .selectFrom('outbox_messages')
      .select('destination')
      .where('scene', '=', 'test')
      .execute();
    expect(outbox).toHaveLength(3);
  });

  it('gives each job to one runner when several run at once', async () => {
    const t = getApp();
    const ctx = t.app.ctx;
    const t0 = t.clock.now();
    ran.length = 0;
    await runInTransaction(ctx.db, async (trx) => {
      for (let n = 0; n < 60; n++) await schedule(trx, 'test.echo', t0 + (n % 5), { n });
    });
    const reports = await Promise.all(
      [1, 2, 3].map(() => runDueJobs(ctx, handlers, t0 + 10, { batchMax: 8 })),
    );
    expect(reports.reduce((s, r) => s + r.done, 0)).toBe(60);
    expect(new Set(ran.map((r) => r.n)).size).toBe(60);
    expect(ran).toHaveLength(60);
  });

  it('retries a failing job with backoff, keeps its due time, and gives up after MAX_ATTEMPTS', async () => {
    const t = getApp();
    const ctx = t.app.ctx;
    const t0 = t.clock.now() + 1_000_000;
    ran.length = 0;
    failuresLeft = 2;
    const [id] = await runInTransaction(ctx.db, async (trx) => [
      await schedule(trx, 'test.flaky', t0, { n: 7 }),
    ]);
    expect(await runDueJobs(ctx, handlers, t0)).toMatchObject({ done: 0, failed: 1 });
    expect(await runDueJobs(ctx, handlers, t0 + retryDelayMs(1) - 1)).toMatchObject({ done: 0, failed: 0 });
    expect(await runDueJobs(ctx, handlers, t0 + retryDelayMs(1))).toMatchObject({ failed: 1 });
    const now = t0 + retryDelayMs(1) + retryDelayMs(2);
    expect(await runDueJobs(ctx, handlers, now)).toMatchObject({ done: 1 });
    expect(ran).toEqual([{ kind: 'test.flaky', id, dueAtMs: t0, n: 7, attempt: 3 }]);

    failuresLeft = 1000;
    const [bad] = await runInTransaction(ctx.db, async (trx) => [
      await schedule(trx, 'test.flaky', now, { n: 8 }),
    ]);
    let clock = now;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await runDueJobs(ctx, handlers, clock);
      clock += 600_000;
    }
    const row = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', bad!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, due_at: now });
    expect(row.last_error).toContain('flaky 8');
    failuresLeft = 0;
  });

  it('a batch with one bad job still runs the others', async () => {
    const t = getApp();
    const ctx = t.app.ctx;
    const t0 = t.clock.now() + 50_000_000;
    ran.length = 0;
    await runInTransaction(ctx.db, async (trx) => {
      for (const n of [1, 2, 3]) await schedule(trx, 'test.picky', t0, { n });
    });
    expect(await runDueJobs(ctx, handlers, t0)).toMatchObject({ done: 2, failed: 1 });
    // The first try of the batch rolled back (its in-memory side effect is why afterCommit exists).
    expect(ran.map((r) => r.n)).toEqual([1, 1, 3]);
    const rows = await ctx.db
      .selectFrom('jobs')
      .select(['payload', 'status', 'attempts'])
      .where('kind', '=', 'test.picky')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['done', 1],
      ['pending', 1],
      ['done', 1],
    ]);
  });

  it('cancels a pending job by its unique key', async () => {
    const t = getApp();
    const ctx = t.app.ctx;
    const t0 = t.clock.now() + 90_000_000;
    ran.length = 0;
    await runInTransaction(ctx.db, (trx) =>
      schedule(trx, 'test.echo', t0, { n: 1 }, { uniqueKey: 'deal:1' }),
    );
    expect(await runInTransaction(ctx.db, (trx) => cancelJob(trx, 'test.echo', 'deal:1', t0))).toBe(true);
    expect(await runDueJobs(ctx, handlers, t0)).toMatchObject({ done: 0 });
    expect(ran).toEqual([]);
  });
});

describe('scheduler kinds', () => {
  it('refuses a kind that is not <area>.<name>', () => {
    expect(() => mergeJobHandlers([{ 'Bad Kind': { run: async () => {} } }])).toThrow(/area/);
  });

  it('refuses a kind that two tables handle', () => {
    const run = async () => {};
    expect(() => mergeJobHandlers([{ 'test.twice': { run } }, { 'test.twice': { run } }])).toThrow(/two/);
  });
});
