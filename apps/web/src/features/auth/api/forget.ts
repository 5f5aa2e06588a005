import { useMutation } from '@tanstack/react-query';
import { ForgetCall } from '@oryx/contracts/auth/calls';
import type { CallInput } from '@oryx/contracts/call';
import { call } from '@/shared/api/client';

/** POST /api/user/forget: a new login password with a code; the server ends every session. */
export function useForget() {
  return useMutation({ mutationFn: (input: CallInput<typeof ForgetCall>) => call(ForgetCall, input) });
}
