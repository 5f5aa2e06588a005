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
  for (let i = 0; i < 64; i += 8) {
    h = (h + ((((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7)))) + (g ^ (e & (f ^ g))) + K[i + 0]! + W[i + 0]!) | 0;
    d = (d + h) | 0;
    h = (h + ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10)))) + ((a & b) | (c & (a | b)))) | 0;
    g = (g + ((((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7)))) + (f ^ (d & (e ^ f))) + K[i + 1]! + W[i + 1]!) | 0;
    c = (c + g) | 0;
    g = (g + ((((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10)))) + ((h & a) | (b & (h | a)))) | 0;
    f = (f + ((((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7)))) + (e ^ (c & (d ^ e))) + K[i + 2]! + W[i + 2]!) | 0;
    b = (b + f) | 0;
    f = (f + ((((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10)))) + ((g & h) | (a & (g | h)))) | 0;
    e = (e + ((((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7)))) + (d ^ (b & (c ^ d))) + K[i + 3]! + W[i + 3]!) | 0;
    a = (a + e) | 0;
    e = (e + ((((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10)))) + ((f & g) | (h & (f | g)))) | 0;
    d = (d + ((((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7)))) + (c ^ (a & (b ^ c))) + K[i + 4]! + W[i + 4]!) | 0;
    h = (h + d) | 0;
    d = (d + ((((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10)))) + ((e & f) | (g & (e | f)))) | 0;
    c = (c + ((((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7)))) + (b ^ (h & (a ^ b))) + K[i + 5]! + W[i + 5]!) | 0;
    g = (g + c) | 0;
    c = (c + ((((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10)))) + ((d & e) | (f & (d | e)))) | 0;
    b = (b + ((((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7)))) + (a ^ (g & (h ^ a))) + K[i + 6]! + W[i + 6]!) | 0;
    f = (f + b) | 0;
    b = (b + ((((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10)))) + ((c & d) | (e & (c | d)))) | 0;
    a = (a + ((((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7)))) + (h ^ (f & (g ^ h))) + K[i + 7]! + W[i + 7]!) | 0;
    e = (e + a) | 0;
    a = (a + ((((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10)))) + ((b & c) | (d & (b | c)))) | 0;
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
