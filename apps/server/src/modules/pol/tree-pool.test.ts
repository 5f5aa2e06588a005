import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTrees } from './tree-pool';
import { buildTree, hashHex, siblingsOf, wordsOf, type Leaves, type Level } from './tree';

/** Fixed leaves: nonces and balances derived from a seed, so both builds see the same bytes. */
function seeded(seed: number, count: number): Leaves {
  const nonces = new Uint8Array(count * 16);
  const sums = new Uint32Array(count * 4);
  const userIds = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const d = createHash('sha256').update(`${seed}:${i}`).digest();
    nonces.set(d.subarray(0, 16), i * 16);
    wordsOf(d.readBigUInt64BE(16) >> BigInt(i % 70), sums, i * 4);
    userIds[i] = 1 + ((i * 7919 + seed) % 2 ** 40);
  }
  return { count, userIds, nonces, sums };
}

const copyOf = (l: Leaves): Leaves => ({
  count: l.count,
  userIds: Float64Array.from(l.userIds),
  nonces: l.nonces.slice(),
  sums: l.sums.slice(),
});

const fingerprint = (levels: Level[]) =>
  levels.map((l) => [l.count, Buffer.from(l.hashes.buffer).toString('hex'), [...l.sums].join()]);

describe('tree pool', () => {
  it('builds in workers exactly what one thread builds: every level, root and path', async () => {
    const sizes = [1, 2, 3, 1000, 1025, 4097, 20_000];
    const inputs = sizes.map((n, i) => seeded(i + 1, n));
    const expected = inputs.map((l) => buildTree(l));
    const built = await buildTrees(inputs.map(copyOf), { workers: 2, force: true });
    expect(built).toHaveLength(sizes.length);
    built.forEach((b, i) => {
      const want = expected[i]!;
      expect(b.leaves.count).toBe(sizes[i]);
      expect(Buffer.from(b.leaves.nonces).equals(Buffer.from(inputs[i]!.nonces))).toBe(true);
      expect([...b.leaves.sums]).toEqual([...inputs[i]!.sums]);
      expect(Array.from(b.leaves.userIds)).toEqual(Array.from(inputs[i]!.userIds));
      expect(hashHex(b.levels[b.levels.length - 1]!, 0)).toBe(hashHex(want[want.length - 1]!, 0));
      expect(fingerprint(b.levels)).toEqual(fingerprint(want));
      for (const index of [0, Math.floor(sizes[i]! / 2), sizes[i]! - 1]) {
        const got = siblingsOf(b.levels, index).map((p) => Buffer.from(p.hash).toString('hex') + p.sumMinor);
        const exp = siblingsOf(want, index).map((p) => Buffer.from(p.hash).toString('hex') + p.sumMinor);
        expect(got).toEqual(exp);
      }
    });
  });

  it('takes leaves in arrays that share a buffer or a plain list of ids', async () => {
    const big = seeded(9, 300);
    const want = buildTree(copyOf(big));
    const shared = new Uint8Array(big.nonces.length + 64);
    shared.set(big.nonces, 32);
    const input: Leaves = {
      count: 300,
      userIds: Array.from(big.userIds),
      nonces: shared.subarray(32, 32 + big.nonces.length),
      sums: big.sums,
    };
    const [tree] = await buildTrees([input], { workers: 1, force: true });
    expect(hashHex(tree!.levels[tree!.levels.length - 1]!, 0)).toBe(hashHex(want[want.length - 1]!, 0));
  });

  it("passes a worker's refusal on (a sum past 2^128) and stops the pool", async () => {
    const input = seeded(4, 2);
    wordsOf((1n << 128n) - 1n, input.sums, 0);
    wordsOf(1n, input.sums, 4);
    await expect(buildTrees([input, seeded(5, 10)], { workers: 2, force: true })).rejects.toThrow(
      'a node sum passed 2^128',
    );
  });

  it('builds small inputs in this thread without workers', async () => {
    const input = seeded(3, 50);
    const [tree] = await buildTrees([input]);
    expect(tree!.leaves).toBe(input);
  });
});
