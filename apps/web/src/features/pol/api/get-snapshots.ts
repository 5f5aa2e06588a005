import { useQuery } from '@tanstack/react-query';
import { PolSnapshotsCall } from '@oryx/contracts/pol/calls';
import { call } from '@/shared/api/client';
import { polKeys } from './keys';

/** GET /api/pol/snapshots: the published snapshots, newest first (public). */
export function usePolSnapshots() {
  return useQuery({
    queryKey: polKeys.snapshots(),
    queryFn: ({ signal }) => call(PolSnapshotsCall, {}, { signal }),
    staleTime: 60_000,
  });
}
