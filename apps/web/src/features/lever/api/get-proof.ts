import { useQuery } from '@tanstack/react-query';
import { LeverProofCall } from '@oryx/contracts/lever/proof';
import { call } from '@/shared/api/client';

/** GET /api/lever/proof: the settlement record of a closed position (it never changes). */
export function useLeverProof(id: number | null) {
  return useQuery({
    queryKey: ['lever', 'proof', id ?? 0] as const,
    enabled: id !== null,
    queryFn: ({ signal }) => call(LeverProofCall, { id: id! }, { signal }),
    staleTime: Infinity,
  });
}
