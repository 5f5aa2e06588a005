/**
 * A user's proof files: for each currency the user holds in a snapshot, the leaf (user id, nonce,
 * balance, index) and the siblings up to the root. The levels below the snapshot's chunk level are rebuilt from the
 * user's chunk of leaves; the siblings above come from the stored nodes (a place past a level's end is
 * the padding node).
 */
import type { PolProofFile } from '@oryx/contracts/pol/calls';
import type { Db } from '../../db/connection';
import { AppError, invariant } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { polRepo } from './repo';
import {
  buildLevels,
  hashLeaves,
  heightOf,
  hex,
  levelCount,
  siblingsOf,
  wordsOf,
  type PathNode,
} from './tree';

const PADDING_HEX = '0'.repeat(64);

async function pathOf(
  db: Db,
  snapshotId: number,
  currencyId: number,
  leafCount: number,
  index: number,
  chunkLevel: number,
): Promise<PathNode[]> {
  const height = heightOf(leafCount);
  const start = Math.floor(index / 2 ** chunkLevel) * 2 ** chunkLevel;
  const rows = await polRepo.leafRange(db, snapshotId, currencyId, start, start + 2 ** chunkLevel);
  const sums = new Uint32Array(rows.length * 4);
  rows.forEach((r, i) => wordsOf(r.balance_minor, sums, i * 4));
  const chunk = hashLeaves({
    count: rows.length,
    userIds: rows.map((r) => r.user_id),
    nonces: Buffer.from(rows.map((r) => r.nonce).join(''), 'hex'),
    sums,
  });
  const low = siblingsOf(buildLevels(chunk, Math.min(chunkLevel, height)), index - start);

  const places = [];
  for (let level = chunkLevel; level < height; level++) {
    const sibling = Math.floor(index / 2 ** level) ^ 1;
    places.push({ level, index: sibling, isPadding: sibling >= levelCount(leafCount, level) });
  }
  const stored = await polRepo.nodesAt(
    db,
    snapshotId,
    currencyId,
    places.filter((p) => !p.isPadding),
  );
  const high = places.map((p): PathNode => {
    if (p.isPadding) return { hash: Buffer.from(PADDING_HEX, 'hex'), sumMinor: 0n };
    const n = stored.find((s) => s.level === p.level && s.node_index === p.index);
    invariant(n, `pol node ${snapshotId}/${currencyId}/${p.level}/${p.index} is missing`);
    return { hash: Buffer.from(n.hash, 'hex'), sumMinor: BigInt(n.sum_dec) };
  });
  return [...low, ...high];
}

/** The caller's proof files of a snapshot (the newest without an id). */
export async function proofsOf(
  ctx: AppContext,
  userId: number,
  snapshotId: number | undefined,
): Promise<{ snapshot_id: number; proofs: PolProofFile[] }> {
  const snap =
    snapshotId === undefined
      ? await polRepo.latestSnapshot(ctx.db)
      : await polRepo.snapshot(ctx.db, snapshotId);
  if (!snap) throw new AppError(snapshotId === undefined ? 'POL_NO_SNAPSHOT' : 'POL_SNAPSHOT_NOT_FOUND');
  const [mine, roots] = await Promise.all([
    polRepo.leavesOfUser(ctx.db, snap.id, userId),
    polRepo.rootsOf(ctx.db, [snap.id]),
  ]);
  const proofs: PolProofFile[] = [];
  for (const leaf of mine) {
    const root = roots.find((r) => r.currency_id === leaf.currency_id);
    invariant(root, `pol root ${snap.id}/${leaf.currency_id} is missing`);
    const path = await pathOf(
      ctx.db,
      snap.id,
      leaf.currency_id,
      root.leaf_count,
      leaf.leaf_index,
      snap.chunk_level,
    );
    const [own] = await polRepo.leafRange(
      ctx.db,
      snap.id,
      leaf.currency_id,
      leaf.leaf_index,
      leaf.leaf_index + 1,
    );
    invariant(own, 'pol leaf is missing');
    proofs.push({
      format: 'oryx-pol-proof/1',
      snapshot_id: snap.id,
      taken_at: snap.taken_at,
      currency: { id: root.currency_id, name: root.currency, scale: root.scale },
      leaf: {
        user_id: userId,
        index: leaf.leaf_index,
        nonce: own.nonce,
        balance_minor: own.balance_minor.toString(),
      },
      path: path.map((p) => ({ hash: hex(p.hash), sum_minor: p.sumMinor.toString() })),
      root: { hash: root.root_hash, sum_minor: root.total_dec },
    });
  }
  return { snapshot_id: snap.id, proofs };
}
