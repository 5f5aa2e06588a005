/**
 * The Merkle-sum tree of one currency (docs/proof-of-liabilities.md is the specification; the verifier in
 * packages/pol-verify checks what this builds). Built for speed: every level is two flat typed arrays
 * (hashes as eight and 128-bit sums as four big-endian 32-bit words), the preimage framed straight into
 * SHA-256 message words (no byte buffers), one sha256 per node, no object per node.
 */
import { sha256Block, sha256Start, sha256Words } from './sha256';

export const HASH_BYTES = 32;
export const NONCE_BYTES = 16;
const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
const LEAF_BYTES = 41;
const NODE_BYTES = 97;
const WORD = 0x1_0000_0000;

export interface Level {
  count: number;
  /** Eight big-endian 32-bit words (32 bytes) per node. */
  hashes: Uint32Array;
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

const LEAF_BITS = LEAF_BYTES * 8;
const NODE_BITS = NODE_BYTES * 8;
/** Message words of one node, two blocks (the preimage is shifted one byte by its tag). */
const m = new Uint32Array(32);
/** The payload of a preimage without its tag, as big-endian words. */
const p = new Uint32Array(24);

/** Words of `0x<tag> || payload || 0x80 || zeros || bit length` from `words` payload words. */
function frame(tag: number, words: number, bits: number, blocks: number): void {
  m[0] = (tag << 24) | (p[0]! >>> 8);
  for (let k = 1; k < words; k++) m[k] = (p[k - 1]! << 24) | (p[k]! >>> 8);
  m[words] = (p[words - 1]! << 24) | (0x80 << 16);
  m.fill(0, words + 1, blocks * 16 - 1);
  m[blocks * 16 - 1] = bits;
}

/** Leaf hashes: sha256(0x00 | user id u64 BE | nonce | balance u128 BE). */
export function hashLeaves(leaves: Leaves): Level {
  const hashes = new Uint32Array(leaves.count * 8);
  const n = leaves.nonces;
  for (let i = 0; i < leaves.count; i++) {
    const id = leaves.userIds[i]!;
    p[0] = Math.floor(id / WORD);
    p[1] = id >>> 0;
    for (let w = 0; w < 4; w++) {
      const j = i * NONCE_BYTES + w * 4;
      p[2 + w] = (n[j]! << 24) | (n[j + 1]! << 16) | (n[j + 2]! << 8) | n[j + 3]!;
      p[6 + w] = leaves.sums[i * 4 + w]!;
    }
    frame(LEAF_TAG, 10, LEAF_BITS, 1);
    sha256Start();
    sha256Block(m, 0);
    sha256Words(hashes, i * 8);
  }
  return { count: leaves.count, hashes, sums: leaves.sums.slice(0, leaves.count * 4) };
}

/** The next level: pairs (2i, 2i+1), the last node of an odd level with the padding node (zero, 0). */
function parentLevel(level: Level): Level {
  const count = Math.ceil(level.count / 2);
  const hashes = new Uint32Array(count * 8);
  const sums = new Uint32Array(count * 4);
  const { hashes: h, sums: s } = level;
  for (let q = 0; q < count; q++) {
    const l = 2 * q;
    const hasRight = l + 1 < level.count;
    for (let w = 0; w < 8; w++) {
      p[w] = h[l * 8 + w]!;
      p[12 + w] = hasRight ? h[(l + 1) * 8 + w]! : 0;
    }
    for (let w = 0; w < 4; w++) {
      p[8 + w] = s[l * 4 + w]!;
      p[20 + w] = hasRight ? s[(l + 1) * 4 + w]! : 0;
    }
    frame(NODE_TAG, 24, NODE_BITS, 2);
    sha256Start();
    sha256Block(m, 0);
    sha256Block(m, 16);
    sha256Words(hashes, q * 8);
    // 128-bit addition, least significant word first.
    let carry = 0;
    for (let w = 3; w >= 0; w--) {
      const v = p[8 + w]! + p[20 + w]! + carry;
      sums[q * 4 + w] = v >>> 0;
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
  return { hash: hashBytes(level, index), sumMinor: bigintOf(level.sums, index * 4) };
}

/** The siblings of leaf `index` from the leaves up, read from built levels (`levels[0]` holds the leaf). */
export function siblingsOf(levels: Level[], index: number): PathNode[] {
  const path: PathNode[] = [];
  for (let l = 0; l < levels.length - 1; l++) path.push(nodeAt(levels[l]!, (index >> l) ^ 1));
  return path;
}

export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Node `index`'s hash as 32 bytes. */
export function hashBytes(level: Level, index: number): Uint8Array {
  const out = new Uint8Array(HASH_BYTES);
  for (let w = 0; w < 8; w++) {
    const v = level.hashes[index * 8 + w]!;
    out[w * 4] = v >>> 24;
    out[w * 4 + 1] = (v >>> 16) & 255;
    out[w * 4 + 2] = (v >>> 8) & 255;
    out[w * 4 + 3] = v & 255;
  }
  return out;
}

/** Node `index`'s hash as 64 hex digits. */
export const hashHex = (level: Level, index: number): string => hex(hashBytes(level, index));
