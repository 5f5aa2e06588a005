/**
 * A worker of the tree pool (tree-pool.ts): receives one currency's leaves as transferred buffers,
 * builds every level and sends the levels back with the leaves' buffers (transferred, not copied).
 */
import { parentPort } from 'node:worker_threads';
import { buildTree } from './tree';
import type { TreeReply, TreeRequest } from './tree-pool';

const port = parentPort!;
port.on('message', (req: TreeRequest) => {
  const levels = buildTree({ count: req.count, userIds: req.userIds, nonces: req.nonces, sums: req.sums });
  const reply: TreeReply = { ...req, levels };
  const arrays = [req.userIds, req.nonces, req.sums, ...levels.flatMap((l) => [l.hashes, l.sums])];
  // Every array owns its whole (non-shared) buffer: the pool sends them so, and levels are made here.
  port.postMessage(
    reply,
    arrays.map((a) => a.buffer as ArrayBuffer),
  );
});
