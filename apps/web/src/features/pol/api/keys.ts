export const polKeys = {
  snapshots: () => ['pol', 'snapshots'] as const,
  proofs: (snapshotId: number) => ['pol', 'proofs', snapshotId] as const,
};
