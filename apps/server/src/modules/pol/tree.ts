/**
 * The Merkle-sum tree of one currency (docs/proof-of-liabilities.md is the specification; the verifier in
 * packages/pol-verify checks what this builds). Built for speed: every level is two flat typed arrays
 * (32-byte hashes, 128-bit sums as four big-endian 32-bit words), one scratch buffer per node kind, one
 * sha256 per node, no object per node.
 */
import { sha256Into } from './sha256';

export const HASH_BYTES = 32;
export const NONCE_BYTES = 16;
const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
const LEAF_BYTES = 41;
const NODE_BYTES = 97;
const WORD = 0x1_0000_0000;

export interface Level {
  count: number;
  /** 32 bytes per node. */
  hashes: Uint8Array;
  /** Four 32-bit words per node, most significant first. */
  sums: Uint32Array;
}

export interface Leaves {
  count: number;
  /** Safe integers. */
  userIds: ArrayLike<number>;
  /** 16 random bytes per leaf. */
  nonces: Uint8Array;
  /** Four 32-bit words per leaf, most significant first. */
  sums: Uint32Array;
}

/** Levels above the leaves: 0 for one leaf, otherwise ceil(log2(count)). */
export const heightOf = (count: number): number => (count <= 1 ? 0 : Math.ceil(Math.log2(count)));

/** How many nodes a level has (padding nodes not counted). */
export const levelCount = (leafCount: number, level: number): number => Math.ceil(leafCount / 2 ** level);

export function wordsOf(value: bigint, out: Uint32Array, at: number): void {
  if (value < 0n || value >= 1n << 128n) throw new RangeError('a sum must be in [0, 2^128)');
  out[at] = Number((value >> 96n) & 0xffffffffn);
  out[at + 1] = Number((value >> 64n) & 0xffffffffn);
  out[at + 2] = Number((value >> 32n) & 0xffffffffn);
  out[at + 3] = Number(value & 0xffffffffn);
}

export function bigintOf(words: Uint32Array, at: number): bigint {
  return (
    (BigInt(words[at]!) << 96n) |
    (BigInt(words[at + 1]!) << 64n) |
    (BigInt(words[at + 2]!) << 32n) |
    BigInt(words[at + 3]!)
  );
}

function writeWords(out: Uint8Array, offset: number, words: Uint32Array, at: number): void {
  for (let w = 0; w < 4; w++) {
    const v = words[at + w]!;
    const p = offset + w * 4;
    out[p] = v >>> 24;
    out[p + 1] = (v >>> 16) & 255;
    out[p + 2] = (v >>> 8) & 255;
    out[p + 3] = v & 255;
  }
}

/** Leaf hashes: sha256(0x00 | user id u64 BE | nonce | balance u128 BE). */
export function hashLeaves(leaves: Leaves): Level {
  const hashes = new Uint8Array(leaves.count * HASH_BYTES);
  const scratch = new Uint8Array(64);
  for (let i = 0; i < leaves.count; i++) {
    const id = leaves.userIds[i]!;
    scratch[0] = LEAF_TAG;
    const hi = Math.floor(id / WORD);
    const lo = id >>> 0;
    scratch[1] = hi >>> 24;
    scratch[2] = (hi >>> 16) & 255;
    scratch[3] = (hi >>> 8) & 255;
    scratch[4] = hi & 255;
    scratch[5] = lo >>> 24;
    scratch[6] = (lo >>> 16) & 255;
    scratch[7] = (lo >>> 8) & 255;
    scratch[8] = lo & 255;
    for (let b = 0; b < NONCE_BYTES; b++) scratch[9 + b] = leaves.nonces[i * NONCE_BYTES + b]!;
    writeWords(scratch, 25, leaves.sums, i * 4);
    sha256Into(scratch, LEAF_BYTES, hashes, i * HASH_BYTES);
  }
  return { count: leaves.count, hashes, sums: leaves.sums.slice(0, leaves.count * 4) };
}

/** The next level: pairs (2i, 2i+1), the last node of an odd level with the padding node (zero, 0). */
function parentLevel(level: Level): Level {
  const count = Math.ceil(level.count / 2);
  const hashes = new Uint8Array(count * HASH_BYTES);
  const sums = new Uint32Array(count * 4);
  const scratch = new Uint8Array(128);
  const { hashes: h, sums: s } = level;
  for (let p = 0; p < count; p++) {
    const l = 2 * p;
    const hasRight = l + 1 < level.count;
    scratch[0] = NODE_TAG;
    scratch.set(h.subarray(l * HASH_BYTES, l * HASH_BYTES + HASH_BYTES), 1);
    writeWords(scratch, 33, s, l * 4);
    if (hasRight) {
      scratch.set(h.subarray((l + 1) * HASH_BYTES, (l + 2) * HASH_BYTES), 49);
      writeWords(scratch, 81, s, (l + 1) * 4);
    } else {
      scratch.fill(0, 49, NODE_BYTES);
    }
    sha256Into(scratch, NODE_BYTES, hashes, p * HASH_BYTES);
    // 128-bit addition, least significant word first.
    let carry = 0;
    for (let w = 3; w >= 0; w--) {
      const v = s[l * 4 + w]! + (hasRight ? s[(l + 1) * 4 + w]! : 0) + carry;
      sums[p * 4 + w] = v >>> 0;
      carry = v >= WORD ? 1 : 0;
    }
    if (carry) throw new RangeError('a node sum passed 2^128');
  }
  return { count, hashes, sums };
}

/**
 * Every level from `leaves` (level 0) up to `height` levels above them: the root when `height` is the
 * tree's height (heightOf), or a chunk's top node when the leaves are one chunk of a larger tree.
 */
export function buildLevels(leaves: Level, height: number): Level[] {
  const levels = [leaves];
  let level = leaves;
  for (let i = 0; i < height; i++) {
    level = parentLevel(level);
    levels.push(level);
  }
  return levels;
}

export interface PathNode {
  hash: Uint8Array;
  sumMinor: bigint;
}

const PADDING: PathNode = { hash: new Uint8Array(HASH_BYTES), sumMinor: 0n };

/** The node `index` of a level, or the padding node past its end. */
export function nodeAt(level: Level, index: number): PathNode {
  if (index >= level.count) return PADDING;
  return {
    hash: level.hashes.slice(index * HASH_BYTES, (index + 1) * HASH_BYTES),
    sumMinor: bigintOf(level.sums, index * 4),
  };
}

/** The siblings of leaf `index` from the leaves up, read from built levels (`levels[0]` holds the leaf). */
export function siblingsOf(levels: Level[], index: number): PathNode[] {
  const path: PathNode[] = [];
  for (let l = 0; l < levels.length - 1; l++) path.push(nodeAt(levels[l]!, (index >> l) ^ 1));
  return path;
}

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
