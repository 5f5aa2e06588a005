import { useQuery } from '@tanstack/react-query';
import { MicroProofCall } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';
import { microKeys } from './keys';

/** GET /api/microtrade/proof: the settlement proof of a closed order (it never changes). */
export function useMicroProof(id: number | null) {
  return useQuery({
    queryKey: microKeys.proof(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => call(MicroProofCall, { id: id! }, { signal }),
    staleTime: Infinity,
  });
}
