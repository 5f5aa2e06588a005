import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WithdrawAddressDeleteCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/wallet/deladdress. */
export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => call(WithdrawAddressDeleteCall, { address_id: addressId }),
    onSuccess: () => client.invalidateQueries({ queryKey: FUNDING }),
  });
}
