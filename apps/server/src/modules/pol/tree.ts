/**
 * The Merkle-sum tree of one currency (docs/proof-of-liabilities.md is the specification; the verifier in
 * packages/pol-verify checks what this builds). Built for speed: every level is two flat typed arrays
 * (hashes as eight and 128-bit sums as four big-endian 32-bit words), the preimage framed straight into
 * SHA-256 message words (no byte buffers), one sha256 per node, no object per node.
 */
import { sha256Compress, sha256Start, sha256Words, W } from './sha256';

// Module-local names for the hot loops: where this file runs through a CommonJS transform (tsx's
// require hook, as in a worker started from the sources) every use of an imported name is a property
// read on the other module's exports, a quarter of the build's time; a local binding is read directly.
const block = W;
const start = sha256Start;
const compress = sha256Compress;
const digestInto = sha256Words;

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
/** The padding's first byte (0x80) where a preimage's last byte is the high byte of a word. */
const PAD_AFTER_BYTE = 0x80 << 16;

/**
 * Leaf hashes: sha256(0x00 | user id u64 BE | nonce | balance u128 BE), framed straight into the block
 * words (the tag shifts the payload one byte: word k is bytes 4k..4k+3 of the preimage).
 */
export function hashLeaves(leaves: Leaves): Level {
  const count = leaves.count;
  const hashes = new Uint32Array(count * 8);
  const n = leaves.nonces;
  const s = leaves.sums;
  for (let i = 0; i < count; i++) {
    const id = leaves.userIds[i]!;
    const hi = Math.floor(id / WORD);
    const lo = id >>> 0;
    const j = i * NONCE_BYTES;
    const q = i * 4;
    const s0 = s[q]!, s1 = s[q + 1]!, s2 = s[q + 2]!, s3 = s[q + 3]!; // prettier-ignore
    // Preimage bytes: tag 0, id 1..8, nonce 9..24, balance 25..40, then 0x80 and the bit length.
    block[0] = (LEAF_TAG << 24) | (hi >>> 8);
    block[1] = (hi << 24) | (lo >>> 8);
    block[2] = (lo << 24) | (n[j]! << 16) | (n[j + 1]! << 8) | n[j + 2]!;
    block[3] = (n[j + 3]! << 24) | (n[j + 4]! << 16) | (n[j + 5]! << 8) | n[j + 6]!;
    block[4] = (n[j + 7]! << 24) | (n[j + 8]! << 16) | (n[j + 9]! << 8) | n[j + 10]!;
    block[5] = (n[j + 11]! << 24) | (n[j + 12]! << 16) | (n[j + 13]! << 8) | n[j + 14]!;
    block[6] = (n[j + 15]! << 24) | (s0 >>> 8);
    block[7] = (s0 << 24) | (s1 >>> 8);
    block[8] = (s1 << 24) | (s2 >>> 8);
    block[9] = (s2 << 24) | (s3 >>> 8);
    block[10] = (s3 << 24) | PAD_AFTER_BYTE;
    block[11] = 0;
    block[12] = 0;
    block[13] = 0;
    block[14] = 0;
    block[15] = LEAF_BITS;
    start();
    compress();
    digestInto(hashes, i * 8);
  }
  return { count, hashes, sums: s.slice(0, count * 4) };
}

/** `out[o, o + 4)` = l + r, 128-bit, least significant word first. */
function addSums(
  out: Uint32Array,
  o: number,
  l0: number,
  l1: number,
  l2: number,
  l3: number,
  r0: number,
  r1: number,
  r2: number,
  r3: number,
): void {
  // prettier-ignore
  let v = l3 + r3;
  out[o + 3] = v >>> 0;
  v = l2 + r2 + (v >= WORD ? 1 : 0);
  out[o + 2] = v >>> 0;
  v = l1 + r1 + (v >= WORD ? 1 : 0);
  out[o + 1] = v >>> 0;
  v = l0 + r0 + (v >= WORD ? 1 : 0);
  out[o] = v >>> 0;
  if (v >= WORD) throw new RangeError('a node sum passed 2^128');
}

/**
 * The next level: pairs (2i, 2i+1), the last node of an odd level with the padding node (zero, 0).
 * The preimage (97 bytes: tag, left hash and sum, right hash and sum) is two blocks; payload word k
 * (left hash 0..7, left sum 8..11, right hash 12..19, right sum 20..23) lands shifted one byte.
 */
function parentLevel(level: Level): Level {
  const count = Math.ceil(level.count / 2);
  const hashes = new Uint32Array(count * 8);
  const sums = new Uint32Array(count * 4);
  const { hashes: h, sums: s } = level;
  const pairs = level.count >> 1;
  for (let q = 0; q < count; q++) {
    const lh = q * 16;
    const ls = q * 8;
    const hasRight = q < pairs;
    // Block 1: bytes 0..63 = tag, left hash (32), left sum (16), right hash's first 15 bytes.
    block[0] = (NODE_TAG << 24) | (h[lh]! >>> 8);
    for (let k = 1; k < 8; k++) block[k] = (h[lh + k - 1]! << 24) | (h[lh + k]! >>> 8);
    const l0 = s[ls]!, l1 = s[ls + 1]!, l2 = s[ls + 2]!, l3 = s[ls + 3]!; // prettier-ignore
    let r0 = 0, r1 = 0, r2 = 0, r3 = 0; // prettier-ignore
    block[8] = (h[lh + 7]! << 24) | (l0 >>> 8);
    block[9] = (l0 << 24) | (l1 >>> 8);
    block[10] = (l1 << 24) | (l2 >>> 8);
    block[11] = (l2 << 24) | (l3 >>> 8);
    if (hasRight) {
      const rh = lh + 8;
      r0 = s[ls + 4]!;
      r1 = s[ls + 5]!;
      r2 = s[ls + 6]!;
      r3 = s[ls + 7]!;
      block[12] = (l3 << 24) | (h[rh]! >>> 8);
      for (let k = 13; k < 16; k++) block[k] = (h[rh + k - 13]! << 24) | (h[rh + k - 12]! >>> 8);
      const t0 = (h[rh + 3]! << 24) | (h[rh + 4]! >>> 8);
      const t1 = (h[rh + 4]! << 24) | (h[rh + 5]! >>> 8);
      const t2 = (h[rh + 5]! << 24) | (h[rh + 6]! >>> 8);
      const t3 = (h[rh + 6]! << 24) | (h[rh + 7]! >>> 8);
      const t4 = (h[rh + 7]! << 24) | (r0 >>> 8);
      start();
      compress();
      // Block 2: bytes 64..96 = the rest of the right hash, the right sum, then the padding.
      block[0] = t0;
      block[1] = t1;
      block[2] = t2;
      block[3] = t3;
      block[4] = t4;
    } else {
      block[12] = l3 << 24;
      block[13] = 0;
      block[14] = 0;
      block[15] = 0;
      start();
      compress();
      block[0] = 0;
      block[1] = 0;
      block[2] = 0;
      block[3] = 0;
      block[4] = 0;
    }
    block[5] = (r0 << 24) | (r1 >>> 8);
    block[6] = (r1 << 24) | (r2 >>> 8);
    block[7] = (r2 << 24) | (r3 >>> 8);
    block[8] = (r3 << 24) | PAD_AFTER_BYTE;
    block[9] = 0;
    block[10] = 0;
    block[11] = 0;
    block[12] = 0;
    block[13] = 0;
    block[14] = 0;
    block[15] = NODE_BITS;
    compress();
    digestInto(hashes, q * 8);
    addSums(sums, q * 4, l0, l1, l2, l3, r0, r1, r2, r3);
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

/** Every level of the tree of `leaves`, the leaves' hashes first and the root last. */
export const buildTree = (leaves: Leaves): Level[] => buildLevels(hashLeaves(leaves), heightOf(leaves.count));

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
