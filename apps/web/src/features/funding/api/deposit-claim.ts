import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { DepositClaimCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/wallet/charge_req: a manual deposit request, credited when an operator confirms it. */
export function useDepositClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof DepositClaimCall>) => call(DepositClaimCall, input),
    onSuccess: () => client.invalidateQueries({ queryKey: FUNDING }),
  });
}
