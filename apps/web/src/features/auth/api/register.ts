import { useMutation } from '@tanstack/react-query';
import { RegisterCall } from '@oryx/contracts/auth/calls';
import type { CallInput } from '@oryx/contracts/call';
import { call } from '@/shared/api/client';

export type RegisterInput = CallInput<typeof RegisterCall>;

/** POST /api/user/register. */
export function useRegister() {
  return useMutation({ mutationFn: (input: RegisterInput) => call(RegisterCall, input) });
}
