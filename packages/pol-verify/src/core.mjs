/**
 * The proof-of-liabilities verification core: plain JavaScript with no imports, so node (the command
 * line), the browser (WebCrypto) and the server's tests run the same code. The hash function is passed
 * in: `(bytes: Uint8Array) => Promise<Uint8Array>` (sha256). docs/proof-of-liabilities.md is the
 * specification; this file implements it.
 */

export const PROOF_FORMAT = 'oryx-pol-proof/1';
export const LEAF_TAG = 0x00;
export const NODE_TAG = 0x01;
export const HASH_BYTES = 32;
export const NONCE_BYTES = 16;
export const SUM_BYTES = 16;
/** 1 + 8 + 16 + 16: one sha256 block. */
export const LEAF_BYTES = 1 + 8 + NONCE_BYTES + SUM_BYTES;
/** 1 + (32 + 16) * 2. */
export const NODE_BYTES = 1 + (HASH_BYTES + SUM_BYTES) * 2;
/** A tree of 2^64 leaves is more than any exchange has: a longer path is refused. */
export const PATH_MAX = 64;
export const SUM_LIMIT = 1n << 128n;
export const USER_ID_LIMIT = 1n << 64n;
/** The padding node that pairs the last node of an odd level: 32 zero bytes, sum 0. */
export const PADDING_HASH_HEX = '0'.repeat(64);

const HEX = /^[0-9a-f]*$/;

export function hexToBytes(hex, bytes) {
  if (typeof hex !== 'string' || hex.length !== bytes * 2 || !HEX.test(hex)) {
    throw new Error(`expected ${bytes} bytes as ${bytes * 2} lower-case hex digits`);
  }
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes) {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Writes `value` (0 <= value < 2^(8*width)) big-endian into `out` at `offset`. */
export function writeUint(out, offset, value, width) {
  let v = value;
  for (let i = width - 1; i >= 0; i--) {
    out[offset + i] = Number(v & 0xffn);
    v >>= 8n;
  }
  if (v !== 0n) throw new Error('value does not fit');
}

/** The leaf's preimage: 0x00 | user id (u64 BE) | nonce (16 bytes) | balance (u128 BE). */
export function encodeLeaf(userId, nonce, balanceMinor) {
  const out = new Uint8Array(LEAF_BYTES);
  out[0] = LEAF_TAG;
  writeUint(out, 1, BigInt(userId), 8);
  out.set(nonce, 9);
  writeUint(out, 9 + NONCE_BYTES, balanceMinor, SUM_BYTES);
  return out;
}

/** An inner node's preimage: 0x01 | left hash | left sum (u128 BE) | right hash | right sum (u128 BE). */
export function encodeNode(leftHash, leftSum, rightHash, rightSum) {
  const out = new Uint8Array(NODE_BYTES);
  out[0] = NODE_TAG;
  out.set(leftHash, 1);
  writeUint(out, 1 + HASH_BYTES, leftSum, SUM_BYTES);
  out.set(rightHash, 1 + HASH_BYTES + SUM_BYTES);
  writeUint(out, 1 + HASH_BYTES * 2 + SUM_BYTES, rightSum, SUM_BYTES);
  return out;
}

/** A decimal string of minor units: digits only, an optional leading minus (refused later as negative). */
function parseMinor(value, what) {
  if (typeof value !== 'string' || !/^-?\d{1,40}$/.test(value))
    throw new Error(`${what}: not a decimal string`);
  const n = BigInt(value);
  if (n < 0n) throw new Error(`${what} is negative`);
  if (n >= SUM_LIMIT) throw new Error(`${what} does not fit 128 bits`);
  return n;
}

function wholeNumber(value, what) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what}: not a whole number`);
  return value;
}

/** Checks the shape of a parsed proof file and returns its typed content (throws with the reason). */
export function readProof(json) {
  if (!json || typeof json !== 'object') throw new Error('not a proof object');
  if (json.format !== PROOF_FORMAT) throw new Error(`format is not ${PROOF_FORMAT}`);
  const leaf = json.leaf ?? {};
  const root = json.root ?? {};
  if (!Array.isArray(json.path) || json.path.length > PATH_MAX) throw new Error('path: not a list');
  const userId = wholeNumber(leaf.user_id, 'leaf.user_id');
  if (BigInt(userId) >= USER_ID_LIMIT) throw new Error('leaf.user_id is too large');
  const index = wholeNumber(leaf.index, 'leaf.index');
  if (json.path.length < 53 && index >= 2 ** json.path.length) throw new Error('leaf.index is past the tree');
  const currency = json.currency ?? {};
  return {
    snapshotId: json.snapshot_id,
    takenAt: json.taken_at,
    currency: {
      id: currency.id,
      name: String(currency.name ?? ''),
      scale: wholeNumber(currency.scale ?? 0, 'currency.scale'),
    },
    userId,
    index,
    nonce: hexToBytes(leaf.nonce, NONCE_BYTES),
    balanceMinor: parseMinor(leaf.balance_minor, 'leaf.balance_minor'),
    path: json.path.map((p, i) => ({
      hash: hexToBytes(p?.hash, HASH_BYTES),
      sumMinor: parseMinor(p?.sum_minor, `path[${i}].sum_minor`),
    })),
    rootHash: hexToBytes(root.hash, HASH_BYTES),
    rootSumMinor: parseMinor(root.sum_minor, 'root.sum_minor'),
  };
}

const equalBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Verifies a proof (the parsed JSON of a proof file). `sha256(bytes)` returns the digest (sync or
 * async). `expectedRoot`: a root hash published elsewhere (hex) the proof must end at.
 * Returns `{ ok: true, balanceMinor, rootHash, rootSumMinor, proof }` or `{ ok: false, reason }`.
 */
export async function verifyProof(json, sha256, expectedRoot) {
  let proof;
  try {
    proof = readProof(json);
  } catch (err) {
    return { ok: false, reason: String(err?.message ?? err) };
  }
  let hash = await sha256(encodeLeaf(proof.userId, proof.nonce, proof.balanceMinor));
  let sum = proof.balanceMinor;
  let index = proof.index;
  for (const sibling of proof.path) {
    const isLeft = index % 2 === 0;
    const preimage = isLeft
      ? encodeNode(hash, sum, sibling.hash, sibling.sumMinor)
      : encodeNode(sibling.hash, sibling.sumMinor, hash, sum);
    sum += sibling.sumMinor;
    if (sum >= SUM_LIMIT) return { ok: false, reason: 'a node sum does not fit 128 bits' };
    hash = await sha256(preimage);
    index = Math.floor(index / 2);
  }
  const rootHash = bytesToHex(proof.rootHash);
  if (!equalBytes(hash, proof.rootHash)) return { ok: false, reason: 'the path does not hash to the root' };
  if (sum !== proof.rootSumMinor) return { ok: false, reason: 'the path does not sum to the root total' };
  if (expectedRoot !== undefined && expectedRoot.toLowerCase() !== rootHash) {
    return { ok: false, reason: 'the root is not the published root' };
  }
  return { ok: true, balanceMinor: proof.balanceMinor, rootHash, rootSumMinor: sum, proof };
}

/** Minor units as a decimal with `scale` digits after the point (no rounding). */
export function formatMinor(minor, scale) {
  const digits = minor.toString().padStart(scale + 1, '0');
  if (scale === 0) return digits;
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** WebCrypto's sha256 (browsers, and node's globalThis.crypto). */
export const webSha256 = async (bytes) =>
  new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
