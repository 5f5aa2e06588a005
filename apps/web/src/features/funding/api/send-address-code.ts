import { useMutation } from '@tanstack/react-query';
import { AddressCodeCall } from '@oryx/contracts/funding/coin-calls';
import { call } from '@/shared/api/client';

/**
 * POST /api/wallet/address_code: a code to the caller's own e-mail (else phone). In demo mode the page's
 * sandbox ticket goes with it, so the sandbox notice can show the code.
 */
export function useSendAddressCode() {
  return useMutation({
    mutationFn: (ticket?: string) => call(AddressCodeCall, ticket ? { sandbox_ticket: ticket } : {}),
  });
}
