import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyProof } from '@oryx/pol-verify';
import { sha256Into } from './sha256';
import {
  bigintOf,
  buildLevels,
  hashHex,
  hashLeaves,
  heightOf,
  hex,
  siblingsOf,
  wordsOf,
  type Leaves,
} from './tree';

const nodeSha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

function leavesOf(balances: bigint[]): Leaves {
  const sums = new Uint32Array(balances.length * 4);
  balances.forEach((b, i) => wordsOf(b, sums, i * 4));
  return {
    count: balances.length,
    userIds: balances.map((_, i) => 1000 + i * 7919),
    nonces: randomBytes(16 * balances.length),
    sums,
  };
}

function proofFile(leaves: Leaves, levels: ReturnType<typeof buildLevels>, index: number) {
  const top = levels[levels.length - 1]!;
  return {
    format: 'oryx-pol-proof/1',
    snapshot_id: 1,
    taken_at: 0,
    currency: { id: 1, name: 'USDT', scale: 8 },
    leaf: {
      user_id: leaves.userIds[index]!,
      index,
      nonce: hex(leaves.nonces.subarray(index * 16, index * 16 + 16)),
      balance_minor: String(bigintOf(leaves.sums, index * 4)),
    },
    path: siblingsOf(levels, index).map((n) => ({ hash: hex(n.hash), sum_minor: String(n.sumMinor) })),
    root: { hash: hashHex(top, 0), sum_minor: String(bigintOf(top.sums, 0)) },
  };
}

describe('sha256Into', () => {
  it('equals node:crypto for every length up to 200 bytes', () => {
    const scratch = new Uint8Array(320);
    const out = new Uint8Array(40);
    for (let len = 0; len <= 200; len++) {
      const msg = randomBytes(len);
      scratch.set(msg);
      sha256Into(scratch, len, out, 4);
      expect(hex(out.subarray(4, 36))).toBe(createHash('sha256').update(msg).digest('hex'));
    }
  });
});

describe('Merkle-sum tree', () => {
  it('gives every leaf a proof the independent verifier accepts, for sizes 1 to 33', async () => {
    for (let n = 1; n <= 33; n++) {
      const balances = Array.from(
        { length: n },
        (_, i) => BigInt(i * 1_000_003) + 10n ** 18n * BigInt(i % 3),
      );
      const leaves = leavesOf(balances);
      const levels = buildLevels(hashLeaves(leaves), heightOf(n));
      const top = levels[levels.length - 1]!;
      expect(top.count).toBe(1);
      expect(bigintOf(top.sums, 0)).toBe(balances.reduce((a, b) => a + b, 0n));
      for (let i = 0; i < n; i++) {
        const r = await verifyProof(proofFile(leaves, levels, i), nodeSha);
        expect(r.ok ? r.balanceMinor : r.reason).toBe(balances[i]);
      }
    }
  });

  it('rebuilds a path from one chunk of leaves and the stored upper levels', () => {
    const n = 45;
    const chunkLevel = 3;
    const leaves = leavesOf(Array.from({ length: n }, (_, i) => BigInt(i + 1)));
    const full = buildLevels(hashLeaves(leaves), heightOf(n));
    for (const index of [0, 9, 40, 44]) {
      const start = (index >> chunkLevel) << chunkLevel;
      const end = Math.min(n, start + 2 ** chunkLevel);
      const chunk: Leaves = {
        count: end - start,
        userIds: Array.from(leaves.userIds).slice(start, end),
        nonces: leaves.nonces.subarray(start * 16, end * 16),
        sums: leaves.sums.subarray(start * 4, end * 4),
      };
      const low = buildLevels(hashLeaves(chunk), Math.min(chunkLevel, heightOf(n)));
      const lowPath = siblingsOf(low, index - start);
      const highPath = siblingsOf(full.slice(chunkLevel), index >> chunkLevel);
      const path = [...lowPath, ...highPath].map((p) => hex(p.hash) + p.sumMinor);
      expect(path).toEqual(siblingsOf(full, index).map((p) => hex(p.hash) + p.sumMinor));
    }
  });

  it('refuses a sum at 2^128', () => {
    expect(() => wordsOf(1n << 128n, new Uint32Array(4), 0)).toThrow(RangeError);
    expect(() => wordsOf(-1n, new Uint32Array(4), 0)).toThrow(RangeError);
  });
});
