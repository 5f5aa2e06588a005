/**
 * SHA-256 of short messages into preallocated buffers, in plain JavaScript. The tree builder hashes tens
 * of millions of 41- and 97-byte messages; node:crypto's createHash costs an object and a native call per
 * message, several times the compression itself, while this reuses one state and one schedule array.
 * Checked against node:crypto in tree.test.ts. Not for secrets (no constant-time claim is needed here:
 * every input is hashed the same way, and the hashes are public).
 */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
/**
 * The message block being compressed: a caller writes its 16 big-endian words to W[0, 16) and calls
 * sha256Compress (the tree builder frames its preimages straight into it, no copy).
 */
export const W = new Int32Array(64);
const H = new Int32Array(8);

/** Starts a message: the state is the initial hash value. */
export function sha256Start(): void {
  H.set(IV);
}

/** Compresses the block in W[0, 16) into the state (W[16, 64) is the schedule, overwritten). */
export function sha256Compress(): void {
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!, b = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!; // prettier-ignore
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    // Ch and Maj in their forms with one operation fewer.
    const t1 = (h + s1 + (g ^ (e & (f ^ g))) + K[i]! + W[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) | (c & (a | b)))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

/** One block of a message, as 16 big-endian 32-bit words at `words[off, off + 16)`. */
export function sha256Block(words: ArrayLike<number>, off: number): void {
  for (let i = 0; i < 16; i++) W[i] = words[off + i]! | 0;
  sha256Compress();
}

/** The digest as 8 words into `out[at, at + 8)`. */
export function sha256Words(out: Uint32Array, at: number): void {
  for (let i = 0; i < 8; i++) out[at + i] = H[i]! >>> 0;
}

const blockWords = new Int32Array(16);

/**
 * sha256 of `message[0, length)` written to `out[outOffset, outOffset + 32)`. `message` is a scratch
 * buffer with room for the padding (length rounded up past length + 9 to a multiple of 64): the bytes
 * after `length` are overwritten.
 */
export function sha256Into(message: Uint8Array, length: number, out: Uint8Array, outOffset: number): void {
  const total = ((length + 9 + 63) >> 6) << 6;
  message.fill(0, length, total);
  message[length] = 0x80;
  const bits = length * 8;
  message[total - 4] = bits >>> 24;
  message[total - 3] = (bits >>> 16) & 255;
  message[total - 2] = (bits >>> 8) & 255;
  message[total - 1] = bits & 255;
  sha256Start();
  for (let o = 0; o < total; o += 64) {
    for (let i = 0; i < 16; i++) {
      const j = o + i * 4;
      blockWords[i] =
        (message[j]! << 24) | (message[j + 1]! << 16) | (message[j + 2]! << 8) | message[j + 3]!;
    }
    sha256Block(blockWords, 0);
  }
  for (let i = 0; i < 8; i++) {
    const v = H[i]!;
    const p = outOffset + i * 4;
    out[p] = v >>> 24;
    out[p + 1] = (v >>> 16) & 255;
    out[p + 2] = (v >>> 8) & 255;
    out[p + 3] = v & 255;
  }
}
