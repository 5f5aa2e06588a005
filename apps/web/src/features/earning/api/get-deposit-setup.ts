import { useQuery } from '@tanstack/react-query';
import { DepositSetupCall } from '@oryx/contracts/earning/calls';
import { call } from '@/shared/api/client';
import { EARNING } from './keys';

/** GET /api/wallet/deposit_setup: the products (term in days, interest over the term). */
export function useDepositSetup() {
  return useQuery({
    queryKey: [...EARNING, 'setup'],
    queryFn: ({ signal }) => call(DepositSetupCall, {}, { signal }),
    staleTime: 60_000,
  });
}
