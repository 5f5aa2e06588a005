/**
 * The persisted scheduler: time-driven work stored in the `jobs` table and run when it falls due.
 * Read README.md beside this file first.
 *
 *   // in the area's module descriptor (module.ts): what a kind of job does
 *   jobs: { 'micro.settle': { run: async (tx, job) => settle(tx.trx, job.payload.orderId, job.dueAtMs) } },
 *   // in the caller's transaction, together with the business change that needs it
 *   await schedule(trx, 'micro.settle', expiresAtMs, { orderId });
 *   // the runner over the app's handlers (the starter in production, tests with their manual clock)
 *   await runDueJobs(ctx, app.jobs, ctx.clock.now());
 *
 * Exactly-once effects: a job is claimed (pending -> done) in the SAME transaction its handler runs in,
 * so either the handler's writes and the completion commit together or neither does. A handler that
 * throws rolls back and the job is retried later with backoff; after MAX_ATTEMPTS it is marked failed
 * and logged. Work that must happen outside the database (socket pushes) is registered with
 * `tx.afterCommit(fn)` and runs only once the transaction has committed.
 */
import type { Transaction } from 'kysely';
import type { Database } from '@oryx/db/schema';
import { invariant } from '../../lib/app-error';
import type { Timer } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { jobsRepo } from './repo';

/** A job as handlers see it. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  /** When it was due (ms). Handlers that depend on time use this, never "now": overdue work after a
   *  restart must act as it would have at its due time. */
  dueAtMs: number;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
}

/** What a handler gets besides the job: the transaction the claim runs in, the context, and hooks. */
export interface JobTx {
  trx: Transaction<Database>;
  ctx: AppContext;
  /** The runner's time (ms) for this batch. */
  nowMs: number;
  /** Runs after the transaction commits (never if it rolls back). Errors there are logged, not retried. */
  afterCommit(fn: () => void | Promise<void>): void;
}

export interface JobHandler<P = unknown> {
  /** One job. Must be idempotent in what it checks (e.g. "only if the order is still open"). */
  run(tx: JobTx, job: Job<P>): Promise<void>;
  /**
   * Optional: many due jobs of this kind in one transaction (a batch of expiries in the same second).
   * Same contract as `run`, jobs in due order. When a batch fails, the runner retries each job alone
   * with `run`, so one bad job never holds up the others.
   */
  runMany?(tx: JobTx, jobs: Job<P>[]): Promise<void>;
}

/** A kind is `<area>.<name>`, like ledger reasons. */
const KIND_RE = /^[a-z][a-z0-9_]{0,30}\.[a-z][a-z0-9_]{0,60}$/;
/** Jobs claimed per transaction. Bounded so a flood of due work never builds one huge transaction. */
export const BATCH_MAX = 500;
/** A failing job is retried at most this many times, then marked failed (and logged as an error). */
export const MAX_ATTEMPTS = 8;
/** Retry delay after the n-th failure: 1 s, 2 s, 4 s ... capped at 5 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 300_000);
const PAYLOAD_MAX_CHARS = 4096;

/** What each kind of job does, by kind: a module's `jobs`, and the app's table of them all. */
export type JobHandlers = Readonly<Record<string, JobHandler<never>>>;

/**
 * The app's handler table: the modules' `jobs` in one. Each kind must be `<area>.<name>` and belong to
 * one module. buildApp makes it once (as `app.jobs`); the runner looks kinds up in it.
 */
export function mergeJobHandlers(tables: readonly JobHandlers[]): JobHandlers {
  const all: Record<string, JobHandler<never>> = Object.create(null) as Record<string, JobHandler<never>>;
  for (const table of tables) {
    for (const [kind, handler] of Object.entries(table)) {
      invariant(KIND_RE.test(kind), `job kind must be <area>.<name>, got ${JSON.stringify(kind)}`);
      invariant(!(kind in all), `two handlers for job kind ${kind}`);
      all[kind] = handler;
    }
  }
  return Object.freeze(all);
}

export interface ScheduleOptions {
  /** A second schedule() with the same kind and key is ignored (returns null). */
  uniqueKey?: string;
  /** Pass ctx.clock.now(): when the job was scheduled (kept for operators). Defaults to the due time. */
  nowMs?: number;
}

/**
 * Stores a job due at `dueAtMs`, in the caller's transaction (so the job exists if and only if the
 * business change that needs it commits). Returns the job id, or null when `uniqueKey` already exists.
 */
export async function schedule(
  trx: Db,
  kind: string,
  dueAtMs: number,
  payload: unknown,
  opts: ScheduleOptions = {},
): Promise<number | null> {
  invariant(trx.isTransaction, 'schedule() runs in the caller’s transaction');
  invariant(KIND_RE.test(kind), `job kind must be <area>.<name>, got ${JSON.stringify(kind)}`);
  invariant(Number.isSafeInteger(dueAtMs) && dueAtMs >= 0, `bad due time ${dueAtMs}`);
  const json = JSON.stringify(payload ?? null);
  invariant(json.length <= PAYLOAD_MAX_CHARS, `job payload over ${PAYLOAD_MAX_CHARS} characters`);
  return jobsRepo.insert(trx, {
    kind,
    dueAtMs,
    payload: json,
    uniqueKey: opts.uniqueKey ?? null,
    createdAt: opts.nowMs ?? dueAtMs,
  });
}

/** Cancels a pending job (e.g. the deal it would auto-cancel was finished). True if it was pending. */
export async function cancelJob(trx: Db, kind: string, uniqueKey: string, nowMs: number) {
  return jobsRepo.cancel(trx, kind, uniqueKey, nowMs);
}

/** The earliest due time of pending work, or null: the starter sleeps until then. */
export async function nextDueAt(db: Db): Promise<number | null> {
  return jobsRepo.nextRunAt(db);
}

interface JobRow {
  id: number;
  kind: string;
  due_at: number;
  /** When it may run (its due time, or a retry's). */
  run_at: number;
  payload: string;
  attempts: number;
}

const toJob = (r: JobRow): Job => ({
  id: r.id,
  kind: r.kind,
  dueAtMs: r.due_at,
  payload: JSON.parse(r.payload) as unknown,
  attempt: r.attempts + 1,
});

export interface RunReport {
  /** Jobs whose handler committed. */
  done: number;
  /** Jobs that threw (retried later, or marked failed after MAX_ATTEMPTS). */
  failed: number;
  /** Jobs skipped because another runner had claimed them first. */
  skipped: number;
}

/**
 * Claims `rows` (pending -> done) and runs their handler in one transaction. Returns the ids actually
 * claimed (another runner may have taken some). Throws when the handler does: nothing is then claimed.
 */
async function runClaimed(
  ctx: AppContext,
  nowMs: number,
  handler: JobHandler<unknown>,
  kind: string,
  rows: JobRow[],
  useBatch: boolean,
): Promise<number> {
  const after: (() => void | Promise<void>)[] = [];
  const claimedCount = await runInTransaction(ctx.db, async (trx) => {
    after.length = 0;
    // The claim: a conditional update, so with several runners (processes) each job is taken once. On
    // PostgreSQL the row locks are held until commit; a competing runner waits, then sees 'done'.
    const ids = await jobsRepo.claim(
      trx,
      rows.map((r) => r.id),
      nowMs,
    );
    const jobs = rows.filter((r) => ids.has(r.id)).map(toJob);
    if (jobs.length === 0) return 0;
    const tx: JobTx = { trx, ctx, nowMs, afterCommit: (fn) => void after.push(fn) };
    if (useBatch && handler.runMany) await handler.runMany(tx, jobs);
    else for (const job of jobs) await handler.run(tx, job);
    return jobs.length;
  });
  for (const fn of after) {
    try {
      await fn();
    } catch (err) {
      ctx.log.error({ err, kind }, 'scheduler: after-commit hook failed');
    }
  }
  return claimedCount;
}

async function recordFailure(ctx: AppContext, nowMs: number, row: JobRow, err: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const isFinal = attempts >= MAX_ATTEMPTS;
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  await jobsRepo.recordFailure(ctx.db, row.id, {
    attempts,
    last_error: message.slice(0, 1000),
    status: isFinal ? 'failed' : 'pending',
    run_at: isFinal ? nowMs : nowMs + retryDelayMs(attempts),
    finished_at: isFinal ? nowMs : null,
  });
  // due_at is kept: a retried job still acts as of its original due time. A final failure needs an operator.
  ctx.log[isFinal ? 'error' : 'warn'](
    { err, jobId: row.id, kind: row.kind, attempts },
    isFinal ? 'scheduler: job failed for good' : 'scheduler: job failed, will retry',
  );
}

/**
 * Runs every job due at `nowMs` (due_at <= nowMs), oldest first, in batches of at most BATCH_MAX per
 * transaction, until none is left or `maxJobs` have been looked at. Tests call this with their manual
 * clock; the starter calls it in a loop. Safe to call concurrently (from several processes too).
 */
export async function runDueJobs(
  ctx: AppContext,
  handlers: JobHandlers,
  nowMs: number,
  opts: { maxJobs?: number; batchMax?: number } = {},
): Promise<RunReport> {
  const report: RunReport = { done: 0, failed: 0, skipped: 0 };
  const maxJobs = opts.maxJobs ?? 100_000;
  const batchMax = Math.min(opts.batchMax ?? BATCH_MAX, BATCH_MAX);
  let seen = 0;
  // Jobs that failed in this call are not picked up again by it (their new due time is in the future
  // unless the clock is far ahead; the set makes sure a call always ends).
  const failedIds = new Set<number>();
  while (seen < maxJobs) {
    const rows = (
      await jobsRepo.due(ctx.db, nowMs, Math.min(batchMax, maxJobs - seen) + failedIds.size)
    ).filter((r) => !failedIds.has(r.id));
    if (rows.length === 0) break;
    seen += rows.length;
    // One transaction per kind within the batch (handlers of different areas never share one).
    const byKind = new Map<string, JobRow[]>();
    for (const r of rows) {
      if (!Object.hasOwn(handlers, r.kind)) {
        failedIds.add(r.id);
        report.failed++;
        await recordFailure(ctx, nowMs, r, new Error(`no handler registered for job kind ${r.kind}`));
        continue;
      }
      const list = byKind.get(r.kind) ?? [];
      list.push(r);
      byKind.set(r.kind, list);
    }
    for (const [kind, list] of byKind) {
      const handler = handlers[kind] as JobHandler<unknown>;
      // How late this kind runs: the batch's oldest time to run, against now (modules/metrics).
      const dueAt = Math.min(...list.map((r) => r.run_at));
      ctx.services.metrics.schedulerLag.set({ kind }, Math.max(0, nowMs - dueAt) / 1000);
      try {
        if (list.length === 1) throw new Error('a single job runs alone');
        const n = await runClaimed(ctx, nowMs, handler, kind, list, true);
        report.done += n;
        report.skipped += list.length - n;
      } catch {
        // The batch rolled back: run each job alone so only the bad one is retried.
        for (const row of list) {
          try {
            const n = await runClaimed(ctx, nowMs, handler, kind, [row], false);
            report.done += n;
            report.skipped += 1 - n;
          } catch (err) {
            failedIds.add(row.id);
            report.failed++;
            await recordFailure(ctx, nowMs, row, err);
          }
        }
      }
    }
  }
  return report;
}

/** How often the starter looks for due work at most (ms); it wakes earlier for a sooner due time. */
export const SCHEDULER_IDLE_MS = 250;

/**
 * The background runner (started only with buildApp({ background: true })): runs overdue work at once,
 * then sleeps on a ctx.clock timer until the next due time (at most SCHEDULER_IDLE_MS, so jobs scheduled
 * meanwhile by this or another process are seen quickly). Returns the stop function, which waits for the
 * current pass.
 */
export async function startScheduler(ctx: AppContext, handlers: JobHandlers): Promise<() => Promise<void>> {
  let stopped = false;
  let timer: Timer | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const pass = async () => {
    if (stopped) return;
    try {
      await runDueJobs(ctx, handlers, ctx.clock.now());
    } catch (err) {
      ctx.log.error({ err }, 'scheduler: pass failed');
    }
    if (stopped) return;
    let sleepMs = SCHEDULER_IDLE_MS;
    try {
      const next = await nextDueAt(ctx.db);
      if (next !== null) sleepMs = Math.max(1, Math.min(SCHEDULER_IDLE_MS, next - ctx.clock.now()));
    } catch (err) {
      ctx.log.error({ err }, 'scheduler: next due time unavailable');
    }
    if (!stopped) timer = ctx.clock.setTimeout(() => void (current = pass()), sleepMs);
  };
  current = pass();
  return async () => {
    stopped = true;
    timer?.clear();
    await current;
  };
}
