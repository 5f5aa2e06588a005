import { useQuery } from '@tanstack/react-query';
import { SpotTradeProofCall } from '@oryx/contracts/spot/proof';
import { call } from '@/shared/api/client';

/** GET /api/transaction/trade_proof: the record of one spot trade (it never changes). */
export function useSpotTradeProof(id: number | null) {
  return useQuery({
    queryKey: ['spot', 'trade-proof', id ?? 0] as const,
    enabled: id !== null,
    queryFn: ({ signal }) => call(SpotTradeProofCall, { id: id! }, { signal }),
    staleTime: Infinity,
  });
}
