/**
 * Proof-of-liabilities snapshots: take one (on the schedule or at an operator's request) from one
 * consistent read of the ledger's accounts, store what proofs need, list the published ones.
 * README.md in this folder and docs/proof-of-liabilities.md describe the rules.
 */
import type { PolSnapshot } from '@oryx/contracts/pol/calls';
import { POL_SNAPSHOTS_LIMIT } from '@oryx/contracts/pol/calls';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { ledgerRepo } from '../ledger/repo';
import { schedule, type JobHandler } from '../scheduler/scheduler';
import { buildSnapshot, type CurrencyTree, type SnapshotBuild } from './build';
import { polRepo } from './repo';
import { bigintOf, hashHex, hex, NONCE_BYTES } from './tree';

export const SNAPSHOT_JOB = 'pol.snapshot';
/** A snapshot a day, at 00:00 UTC. */
export const SNAPSHOT_INTERVAL_MS = 24 * 3_600_000;
/**
 * Nodes from this level up are stored; a proof rebuilds the levels below from the 2^CHUNK_LEVEL leaves
 * of the user's chunk (proof.ts). 10: about one stored node per 1024 leaves, one read of 1024 leaves.
 * Kept per snapshot (`chunk_level`), so a snapshot's proofs never depend on today's value.
 */
export const CHUNK_LEVEL = 10;

export type SnapshotTrigger = 'schedule' | 'operator';

/**
 * One snapshot at a time: building is CPU work, and a second would only repeat it. This flag guards the
 * process; polRepo.withSnapshotLock guards every process on the database (PostgreSQL advisory lock).
 */
let building = false;

/** All accounts in one read: one statement in one read transaction (REPEATABLE READ on PostgreSQL). */
async function readAccounts(ctx: AppContext) {
  const read = (trx: Db) => ledgerRepo.allAccounts(trx);
  if (ctx.dialect === 'postgres') {
    return ctx.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  }
  return ctx.db.transaction().execute(read);
}

function treeRows(snapshotId: number, t: CurrencyTree, chunkLevel: number) {
  const leaves = [];
  for (let i = 0; i < t.leaves.count; i++) {
    leaves.push({
      snapshot_id: snapshotId,
      currency_id: t.currencyId,
      leaf_index: i,
      user_id: t.leaves.userIds[i]!,
      nonce: hex(t.leaves.nonces.subarray(i * NONCE_BYTES, (i + 1) * NONCE_BYTES)),
      balance_minor: bigintOf(t.leaves.sums, i * 4),
    });
  }
  const nodes = [];
  // Levels from the chunk level up to the one below the root: the siblings a path needs above a chunk.
  for (let level = chunkLevel; level < t.levels.length - 1; level++) {
    const lv = t.levels[level]!;
    for (let i = 0; i < lv.count; i++) {
      nodes.push({
        snapshot_id: snapshotId,
        currency_id: t.currencyId,
        level,
        node_index: i,
        hash: hashHex(lv, i),
        sum_dec: bigintOf(lv.sums, i * 4).toString(),
      });
    }
  }
  return { leaves, nodes };
}

interface StoreOptions {
  trigger: SnapshotTrigger;
  actorId: number | null;
  chunkLevel: number;
}

async function store(ctx: AppContext, build: SnapshotBuild, o: StoreOptions) {
  const takenAt = ctx.clock.now();
  const { trigger, actorId, chunkLevel } = o;
  return runInTransaction(ctx.db, async (trx) => {
    const id = await polRepo.insertSnapshot(trx, {
      takenAt,
      trigger,
      actorId,
      userCount: build.userCount,
      chunkLevel,
    });
    for (const t of build.trees) {
      const root = t.levels[t.levels.length - 1]!;
      await polRepo.insertRoots(trx, [
        {
          snapshot_id: id,
          currency_id: t.currencyId,
          root_hash: hashHex(root, 0),
          total_dec: bigintOf(root.sums, 0).toString(),
          leaf_count: t.leaves.count,
        },
      ]);
      const { leaves, nodes } = treeRows(id, t, chunkLevel);
      await polRepo.insertLeaves(trx, leaves);
      await polRepo.insertNodes(trx, nodes);
    }
    const system = [...build.systemTotals.entries()].flatMap(([currencyId, accounts]) =>
      [...accounts.entries()].map(([account, balance]) => ({
        snapshot_id: id,
        currency_id: currencyId,
        account,
        balance_minor: balance,
      })),
    );
    await polRepo.insertSystemTotals(trx, system);
    return id;
  });
}

/** Takes a snapshot now; refused with POL_BUSY while this or another process on the database takes one. */
export async function takeSnapshot(
  ctx: AppContext,
  trigger: SnapshotTrigger,
  actorId: number | null,
  chunkLevel = CHUNK_LEVEL,
): Promise<PolSnapshot> {
  if (building) throw new AppError('POL_BUSY');
  building = true;
  try {
    const locked = await polRepo.withSnapshotLock(ctx.db, ctx.dialect, async () => {
      const started = Date.now();
      const build = await buildSnapshot(await readAccounts(ctx));
      const id = await store(ctx, build, { trigger, actorId, chunkLevel });
      ctx.log.info(
        { snapshotId: id, users: build.userCount, currencies: build.trees.length, ms: Date.now() - started },
        'proof-of-liabilities snapshot taken',
      );
      return id;
    });
    if (!locked.isHeld) throw new AppError('POL_BUSY');
    const [snapshot] = await describeSnapshots(ctx.db, [locked.value]);
    return snapshot!;
  } finally {
    building = false;
  }
}

async function describeSnapshots(db: Db, ids: number[]): Promise<PolSnapshot[]> {
  const snapshots = (await polRepo.listSnapshots(db, POL_SNAPSHOTS_LIMIT)).filter(
    (s) => ids.length === 0 || ids.includes(s.id),
  );
  const chosen = snapshots.map((s) => s.id);
  const [roots, system] = await Promise.all([
    polRepo.rootsOf(db, chosen),
    polRepo.systemTotalsOf(db, chosen),
  ]);
  return snapshots.map((s) => ({
    id: s.id,
    taken_at: s.taken_at,
    trigger: s.trigger,
    user_count: s.user_count,
    currencies: roots
      .filter((r) => r.snapshot_id === s.id)
      .map((r) => ({
        currency_id: r.currency_id,
        currency: r.currency,
        scale: r.scale,
        root_hash: r.root_hash,
        total_minor: r.total_dec,
        leaf_count: r.leaf_count,
        system_accounts: system
          .filter((a) => a.snapshot_id === s.id && a.currency_id === r.currency_id)
          .map((a) => ({ account: a.account, balance_minor: a.balance_minor.toString() })),
      })),
  }));
}

/** The published snapshots, newest first (at most POL_SNAPSHOTS_LIMIT). */
export const listSnapshots = (ctx: AppContext): Promise<PolSnapshot[]> => describeSnapshots(ctx.db, []);

const nextSlot = (ms: number) => (Math.floor(ms / SNAPSHOT_INTERVAL_MS) + 1) * SNAPSHOT_INTERVAL_MS;

async function scheduleNext(trx: Db, afterMs: number, nowMs: number): Promise<void> {
  const due = nextSlot(afterMs);
  await schedule(trx, SNAPSHOT_JOB, due, {}, { uniqueKey: `day:${due}`, nowMs });
}

/**
 * The daily snapshot: the claim schedules the next one; the snapshot itself is taken after the claim
 * commits, in its own read and write transactions (never inside the claim's write transaction).
 */
export const snapshotJob: JobHandler<Record<string, never>> = {
  async run(tx, job) {
    await scheduleNext(tx.trx, Math.max(job.dueAtMs, tx.nowMs), tx.nowMs);
    tx.afterCommit(async () => {
      await takeSnapshot(tx.ctx, 'schedule', null).catch((err: unknown) => {
        tx.ctx.log.error({ err }, 'the scheduled proof-of-liabilities snapshot failed');
      });
    });
  },
};

/** At every start (with the background work): the next daily snapshot exists (a no-op when it does). */
export async function ensureSnapshotJob(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await runInTransaction(ctx.db, (trx) => scheduleNext(trx, now, now));
}
