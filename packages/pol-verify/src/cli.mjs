#!/usr/bin/env node
/**
 * oryx-pol-verify <proof.json> [--root <hex>]
 * Checks one proof-of-liabilities proof file (docs/proof-of-liabilities.md) with node:crypto's sha256:
 * the leaf, every node's hash and sum up to the root, no negative sum, and (with --root) that the root is
 * the one the exchange published. Prints the balance it proves; exits 1 on a failed check, 2 on bad usage.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatMinor, verifyProof } from './core.mjs';

const nodeSha256 = (bytes) => new Uint8Array(createHash('sha256').update(bytes).digest());

export async function main(argv, out = console.log, err = console.error) {
  const args = [...argv];
  let expectedRoot;
  const at = args.indexOf('--root');
  if (at >= 0) {
    expectedRoot = args[at + 1];
    args.splice(at, 2);
    if (!expectedRoot || !/^[0-9a-fA-F]{64}$/.test(expectedRoot)) {
      err('--root needs a 64-digit hex root hash');
      return 2;
    }
  }
  if (args.length !== 1) {
    err('usage: oryx-pol-verify <proof.json> [--root <hex>]');
    return 2;
  }
  let json;
  try {
    json = JSON.parse(readFileSync(args[0], 'utf8'));
  } catch (e) {
    err(`cannot read ${args[0]}: ${e?.message ?? e}`);
    return 2;
  }
  const result = await verifyProof(json, nodeSha256, expectedRoot);
  if (!result.ok) {
    err(`FAILED: ${result.reason}`);
    return 1;
  }
  const { currency, snapshotId, takenAt } = result.proof;
  const when = Number.isFinite(takenAt) ? new Date(takenAt).toISOString() : 'unknown time';
  out(`OK: snapshot ${snapshotId} at ${when}, ${currency.name || `currency ${currency.id}`}`);
  out(`balance: ${formatMinor(result.balanceMinor, currency.scale)} (${result.balanceMinor} minor units)`);
  out(`root: ${result.rootHash} total ${formatMinor(result.rootSumMinor, currency.scale)}`);
  return 0;
}

const isMain = () => {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
};
if (isMain()) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
