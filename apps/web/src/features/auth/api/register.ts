import { useMutation } from '@tanstack/react-query';
import { RegisterCall, type RegisterReply } from '@oryx/contracts/auth/calls';
import type { CallInput } from '@oryx/contracts/call';
import { call } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { getLocale } from '@/shared/i18n/i18n';
import { userInfoQueryOptions } from '@/shared/session/get-user-info';
import { saveLangOnServer } from '@/shared/session/set-lang';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';

export type RegisterInput = CallInput<typeof RegisterCall>;

/**
 * POST /api/user/register. The reply carries a session for the new account: it is stored like a
 * login's (token and user id, the language saved on the server, the user info loaded).
 */
export async function register(input: RegisterInput): Promise<RegisterReply> {
  const reply = await call(RegisterCall, input);
  queryClient.clear();
  storage.set(STORAGE_KEYS.token, reply.token);
  storage.set(STORAGE_KEYS.userId, String(reply.id));
  try {
    await saveLangOnServer(getLocale());
  } catch (err) {
    console.warn('set/lang after sign-up failed', err);
  }
  await queryClient.fetchQuery(userInfoQueryOptions());
  return reply;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
