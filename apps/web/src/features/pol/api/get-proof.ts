import { useQuery } from '@tanstack/react-query';
import { PolProofCall } from '@oryx/contracts/pol/calls';
import { call } from '@/shared/api/client';
import { polKeys } from './keys';

/** GET /api/pol/proof: the logged-in user's own proof files of one snapshot (they never change). */
export function usePolProofs(snapshotId: number | null) {
  return useQuery({
    queryKey: polKeys.proofs(snapshotId ?? 0),
    enabled: snapshotId !== null,
    queryFn: ({ signal }) => call(PolProofCall, { id: snapshotId! }, { signal }),
    staleTime: Infinity,
  });
}
