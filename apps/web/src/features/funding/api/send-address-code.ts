import { useMutation } from '@tanstack/react-query';
import { AddressCodeCall } from '@oryx/contracts/funding/coin-calls';
import { call } from '@/shared/api/client';

/** POST /api/wallet/address_code: a code to the caller's own e-mail (else phone). */
export function useSendAddressCode() {
  return useMutation({ mutationFn: () => call(AddressCodeCall, {}) });
}
