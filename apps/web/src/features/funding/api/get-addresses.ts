import { useQuery } from '@tanstack/react-query';
import { WithdrawAddressesCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/wallet/get_address: the caller's bound withdrawal addresses of a coin. */
export function useAddresses(currency: number | undefined) {
  return useQuery({
    queryKey: [...FUNDING, 'addresses', currency],
    queryFn: ({ signal }) => call(WithdrawAddressesCall, { currency: currency! }, { signal }),
    enabled: currency !== undefined,
  });
}
