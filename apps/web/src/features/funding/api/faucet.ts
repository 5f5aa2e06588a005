import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { SandboxFaucetCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/sandbox/faucet: simulated coins to the caller's own deposit address (demo mode). */
export function useFaucet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof SandboxFaucetCall>) => call(SandboxFaucetCall, input),
    onSettled: () => client.invalidateQueries({ queryKey: FUNDING }),
  });
}
