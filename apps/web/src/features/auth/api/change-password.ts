import { useMutation } from '@tanstack/react-query';
import { ChangePasswordCall } from '@oryx/contracts/auth/calls';
import type { CallInput } from '@oryx/contracts/call';
import { call } from '@/shared/api/client';

/** POST /api/user/change_password (/resetPwd): the current password and the new one twice. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: CallInput<typeof ChangePasswordCall>) => call(ChangePasswordCall, input),
  });
}
