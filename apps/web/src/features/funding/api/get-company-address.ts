import { useQuery } from '@tanstack/react-query';
import { CompanyAddressCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** GET /api/money/rechange: the exchange's collection address (where manual deposits are sent). */
export function useCompanyAddress() {
  return useQuery({
    queryKey: [...FUNDING, 'company'],
    queryFn: ({ signal }) => call(CompanyAddressCall, {}, { signal }),
    staleTime: Infinity,
  });
}
