/**
 * The in-browser check: the verifier's own core (packages/pol-verify, no server code) with WebCrypto's
 * sha256, against the root the snapshot list published, not the one inside the file.
 */
import { formatMinor, verifyProof, webSha256 } from '@oryx/pol-verify';
import type { PolProofFile } from '@oryx/contracts/pol/calls';

export type ProofCheck = { ok: true; amount: string } | { ok: false; reason: string };

export async function checkProof(
  proof: PolProofFile,
  publishedRoot: string | undefined,
): Promise<ProofCheck> {
  if (!publishedRoot) return { ok: false, reason: 'no published root for this currency' };
  const r = await verifyProof(proof, webSha256, publishedRoot);
  return r.ok ? { ok: true, amount: formatMinor(r.balanceMinor, proof.currency.scale) } : r;
}

/** The proof as a file the user keeps (and gives to oryx-pol-verify). */
export function proofFileName(proof: PolProofFile): string {
  return `oryx-pol-${proof.snapshot_id}-${proof.currency.name || proof.currency.id}.json`;
}

export function downloadProof(proof: PolProofFile): void {
  const blob = new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = proofFileName(proof);
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
