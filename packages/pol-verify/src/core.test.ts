import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PADDING_HASH_HEX,
  bytesToHex,
  encodeLeaf,
  encodeNode,
  formatMinor,
  hexToBytes,
  verifyProof,
  webSha256,
  type ProofFile,
} from './core.mjs';
// @ts-expect-error -- plain .mjs command line without types
import { main } from './cli.mjs';

const sha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

/** A reference tree straight from the specification (slow and simple). */
function buildProofs(balances: bigint[]): ProofFile[] {
  const nonces = balances.map((_, i) => bytesToHex(sha(new Uint8Array([i])).slice(0, 16)));
  let level = balances.map((b, i) => ({
    hash: sha(encodeLeaf(i + 1, hexToBytes(nonces[i]!, 16), b)),
    sum: b,
  }));
  const levels = [level];
  while (level.length > 1) {
    if (level.length % 2 === 1) level = [...level, { hash: new Uint8Array(32), sum: 0n }];
    levels[levels.length - 1] = level;
    const next = [];
    for (let i = 0; i < level.length; i += 2) {
      const l = level[i]!;
      const r = level[i + 1]!;
      next.push({ hash: sha(encodeNode(l.hash, l.sum, r.hash, r.sum)), sum: l.sum + r.sum });
    }
    level = next;
    levels.push(level);
  }
  const root = level[0]!;
  return balances.map((b, i) => ({
    format: 'oryx-pol-proof/1',
    snapshot_id: 1,
    taken_at: 0,
    currency: { id: 1, name: 'USDT', scale: 8 },
    leaf: { user_id: i + 1, index: i, nonce: nonces[i]!, balance_minor: String(b) },
    path: levels.slice(0, -1).map((lv, depth) => {
      const s = lv[(i >> depth) ^ 1]!;
      return { hash: bytesToHex(s.hash), sum_minor: String(s.sum) };
    }),
    root: { hash: bytesToHex(root.hash), sum_minor: String(root.sum) },
  }));
}

const balances = [5n, 0n, 123_456_789n, 10n ** 18n, 7n];
const proofs = buildProofs(balances);

describe('proof verification', () => {
  it('accepts every proof of a tree with an odd level, and reports the balance', async () => {
    for (const [i, p] of proofs.entries()) {
      const r = await verifyProof(p, sha, p.root.hash);
      expect(r.ok ? 'ok' : r.reason).toBe('ok');
      if (r.ok) expect(r.balanceMinor).toBe(balances[i]);
    }
    expect(proofs[4]!.path[0]!.hash).toBe(PADDING_HASH_HEX);
  });

  it('gives the same answer with WebCrypto', async () => {
    expect((await verifyProof(proofs[2], webSha256)).ok).toBe(true);
  });

  it('accepts a one-leaf tree (the leaf is the root)', async () => {
    const [p] = buildProofs([42n]);
    expect(p!.path).toEqual([]);
    expect(await verifyProof(p, sha)).toMatchObject({ ok: true, balanceMinor: 42n });
  });

  const tampered = (f: (p: ProofFile) => void) => {
    const p = structuredClone(proofs[2]!);
    f(p);
    return verifyProof(p, sha);
  };

  it('refuses a changed balance, sibling sum, sibling hash, nonce, index or root total', async () => {
    expect((await tampered((p) => (p.leaf.balance_minor = '123456790'))).ok).toBe(false);
    expect((await tampered((p) => (p.path[0]!.sum_minor = '4'))).ok).toBe(false);
    expect((await tampered((p) => (p.path[1]!.hash = '1'.repeat(64)))).ok).toBe(false);
    expect((await tampered((p) => (p.leaf.nonce = '0'.repeat(32)))).ok).toBe(false);
    expect((await tampered((p) => (p.leaf.index = 3))).ok).toBe(false);
    expect((await tampered((p) => (p.root.sum_minor = '1'))).ok).toBe(false);
  });

  it('refuses a negative node even when the sums would balance', async () => {
    const r = await tampered((p) => (p.path[0]!.sum_minor = '-1'));
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('negative') });
    expect((await tampered((p) => (p.leaf.balance_minor = '-5'))).ok).toBe(false);
  });

  it('refuses a proof against another root', async () => {
    const other = buildProofs([1n, 2n, 3n])[0]!;
    expect(await verifyProof(proofs[0], sha, other.root.hash)).toMatchObject({ ok: false });
  });

  it('refuses malformed files', async () => {
    expect((await verifyProof(null, sha)).ok).toBe(false);
    expect((await verifyProof({ ...proofs[0], format: 'x' }, sha)).ok).toBe(false);
    expect((await tampered((p) => (p.path[0]!.sum_minor = '1e3'))).ok).toBe(false);
  });

  it('formats minor units', () => {
    expect(formatMinor(123_456_789n, 8)).toBe('1.23456789');
    expect(formatMinor(100_000_000n, 8)).toBe('1');
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(7n, 0)).toBe('7');
  });
});

describe('oryx-pol-verify', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pol-verify-'));
  const file = (name: string, p: unknown) => {
    const f = path.join(dir, name);
    writeFileSync(f, JSON.stringify(p));
    return f;
  };
  const run = async (args: string[]) => {
    const out: string[] = [];
    const code = await main(
      args,
      (s: string) => out.push(s),
      (s: string) => out.push(s),
    );
    return { code, text: out.join('\n') };
  };

  it('prints the balance and exits 0 for a good proof', async () => {
    const r = await run([file('good.json', proofs[2]), '--root', proofs[2]!.root.hash]);
    expect(r).toMatchObject({ code: 0, text: expect.stringContaining('balance: 1.23456789') });
  });

  it('exits 1 on a failed check and 2 on bad usage', async () => {
    const bad = { ...proofs[2]!, leaf: { ...proofs[2]!.leaf, balance_minor: '1' } };
    expect((await run([file('bad.json', bad)])).code).toBe(1);
    expect((await run([file('good2.json', proofs[2]), '--root', 'ab'.repeat(32)])).code).toBe(1);
    expect((await run([])).code).toBe(2);
  });
});
