/**
 * Builds the trees of several currencies at once in worker threads (pol-tree.worker.ts): a pool of at
 * most `os.availableParallelism()` workers, one currency per message, the largest first, each worker
 * taking the next currency when it is done. The leaves go to a worker as transferred ArrayBuffers and
 * come back the same way with the levels, so nothing is copied or turned into objects per leaf. The
 * result is exactly what buildTree gives in this thread (tree-pool.test.ts). The workers live for one
 * call: snapshots are daily, and a pool kept between them would only hold threads.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../lib/worker-entry';
import { buildTree, type Leaves, type Level } from './tree';

/** Below this many leaves in all, starting workers costs more than it saves: built in this thread. */
export const POOL_MIN_LEAVES = 100_000;

export interface TreeRequest {
  job: number;
  count: number;
  userIds: Float64Array;
  nonces: Uint8Array;
  sums: Uint32Array;
}

export interface TreeReply extends TreeRequest {
  levels: Level[];
}

export interface BuiltTree {
  /** The leaves as given (in new arrays: the given ones were transferred to a worker). */
  leaves: Leaves;
  levels: Level[];
}

/** A typed array that owns its whole buffer, so transferring the buffer moves nothing else. */
function owned<T extends Float64Array | Uint8Array | Uint32Array>(a: T, make: (a: T) => T): T {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer
    ? a
    : make(a);
}

function copyIds(l: Leaves): Float64Array {
  const ids = new Float64Array(l.count);
  for (let i = 0; i < l.count; i++) ids[i] = l.userIds[i]!;
  return ids;
}

function requestOf(job: number, l: Leaves): TreeRequest {
  const ids =
    l.userIds instanceof Float64Array && l.userIds.length === l.count
      ? owned(l.userIds, (a) => new Float64Array(a))
      : copyIds(l);
  return {
    job,
    count: l.count,
    userIds: ids,
    nonces: owned(l.nonces.subarray(0, l.count * 16), (a) => new Uint8Array(a)),
    sums: owned(l.sums.subarray(0, l.count * 4), (a) => new Uint32Array(a)),
  };
}

export interface PoolOptions {
  /** Workers to start (default: the available cores, at most one per tree). */
  workers?: number;
  /** Use workers even for few leaves (tests). */
  force?: boolean;
}

/** The trees of `all`, in the same order; `all`'s arrays may be transferred (use the returned leaves). */
export async function buildTrees(all: Leaves[], o: PoolOptions = {}): Promise<BuiltTree[]> {
  const total = all.reduce((n, l) => n + l.count, 0);
  const size = Math.min(o.workers ?? availableParallelism(), all.length);
  if (size <= 0 || (!o.force && total < POOL_MIN_LEAVES)) {
    return all.map((leaves) => ({ leaves, levels: buildTree(leaves) }));
  }
  const queue = all.map((l, job) => ({ job, count: l.count })).sort((a, b) => b.count - a.count);
  const results: BuiltTree[] = new Array(all.length);
  const workers: Worker[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      let pending = all.length;
      const next = (w: Worker) => {
        const item = queue.shift();
        if (!item) return;
        const req = requestOf(item.job, all[item.job]!);
        w.postMessage(
          req,
          [req.userIds, req.nonces, req.sums].map((a) => a.buffer as ArrayBuffer),
        );
      };
      for (let i = 0; i < size; i++) {
        const w = startWorker(import.meta.url, 'pol-tree');
        workers.push(w);
        w.on('error', reject);
        w.on('exit', (code) => reject(new Error(`a tree worker stopped (exit code ${code})`)));
        w.on('message', (r: TreeReply) => {
          results[r.job] = {
            leaves: { count: r.count, userIds: r.userIds, nonces: r.nonces, sums: r.sums },
            levels: r.levels,
          };
          if (--pending === 0) resolve();
          else next(w);
        });
        next(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
