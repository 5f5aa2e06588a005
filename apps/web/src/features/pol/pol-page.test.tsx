// @vitest-environment happy-dom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToHex, encodeLeaf, encodeNode, hexToBytes } from '@oryx/pol-verify';
import { PolProofCall, PolSnapshotsCall, type PolProofFile } from '@oryx/contracts/pol/calls';
import { contractFetch, handle } from '@/shared/testing/contract-fetch';
import { click, renderPage, type RenderedPage } from '@/shared/testing/render-page';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';
import PolPage from './pol-page';

const sha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

/** A two-leaf tree: the user's leaf (150000000 minor = 1.5 USDT) and one other. */
function twoLeafProof(): PolProofFile {
  const nonce = '0f'.repeat(16);
  const mine = sha(encodeLeaf(7, hexToBytes(nonce, 16), 150_000_000n));
  const other = sha(encodeLeaf(9, hexToBytes('1e'.repeat(16), 16), 50_000_000n));
  const root = sha(encodeNode(mine, 150_000_000n, other, 50_000_000n));
  return {
    format: 'oryx-pol-proof/1',
    snapshot_id: 3,
    taken_at: 1_764_201_600_000,
    currency: { id: 1, name: 'USDT', scale: 8 },
    leaf: { user_id: 7, index: 0, nonce, balance_minor: '150000000' },
    path: [{ hash: bytesToHex(other), sum_minor: '50000000' }],
    root: { hash: bytesToHex(root), sum_minor: '200000000' },
  };
}

const snapshot = (rootHash: string) => ({
  id: 3,
  taken_at: 1_764_201_600_000,
  trigger: 'schedule',
  user_count: 2,
  currencies: [
    {
      currency_id: 1,
      currency: 'USDT',
      scale: 8,
      root_hash: rootHash,
      total_minor: '200000000',
      leaf_count: 2,
      system_accounts: [{ account: 'fees', balance_minor: '1200' }],
    },
  ],
});

let page: RenderedPage | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
  storage.remove(STORAGE_KEYS.token);
  vi.unstubAllGlobals();
});

describe('/pol', () => {
  it('lists snapshots to a visitor and asks them to log in for their proof', async () => {
    const proof = twoLeafProof();
    vi.stubGlobal(
      'fetch',
      contractFetch([handle(PolSnapshotsCall, () => [snapshot(proof.root.hash)])]).fetch,
    );
    page = await renderPage(<PolPage />, '/pol');
    await page.waitFor(() => expect(page!.text()).toContain('Snapshot #3'));
    expect(page.text()).toContain('Users: 2');
    expect(page.text()).toContain(proof.root.hash);
    expect(page.text()).toContain('Log in to download and check your own proof.');
  });

  it("checks the user's proof in the browser against the published root", async () => {
    storage.set(STORAGE_KEYS.token, 'session-token');
    const proof = twoLeafProof();
    vi.stubGlobal(
      'fetch',
      contractFetch([
        handle(PolSnapshotsCall, () => [snapshot(proof.root.hash)]),
        handle(PolProofCall, () => ({ snapshot_id: 3, proofs: [proof] })),
      ]).fetch,
    );
    page = await renderPage(<PolPage />, '/pol');
    await page.waitFor(() =>
      expect(page!.container.querySelector('[data-testid="pol-check"]')).not.toBeNull(),
    );
    await click(page.container.querySelector('[data-testid="pol-check"]')!);
    await page.waitFor(() => expect(page!.text()).toContain('Verified: 1.5 USDT'));
  });

  it('reports a proof that does not end at the published root', async () => {
    storage.set(STORAGE_KEYS.token, 'session-token');
    const proof = twoLeafProof();
    vi.stubGlobal(
      'fetch',
      contractFetch([
        handle(PolSnapshotsCall, () => [snapshot('ab'.repeat(32))]),
        handle(PolProofCall, () => ({ snapshot_id: 3, proofs: [proof] })),
      ]).fetch,
    );
    page = await renderPage(<PolPage />, '/pol');
    await page.waitFor(() =>
      expect(page!.container.querySelector('[data-testid="pol-check"]')).not.toBeNull(),
    );
    await click(page.container.querySelector('[data-testid="pol-check"]')!);
    await page.waitFor(() => expect(page!.text()).toContain('Check failed'));
  });
});
