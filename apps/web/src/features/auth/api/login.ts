import { useMutation } from '@tanstack/react-query';
import { LoginCall, PointsLoginCall, type LoginReply } from '@oryx/contracts/auth/calls';
import { call } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { getLocale } from '@/shared/i18n/i18n';
import { userInfoQueryOptions } from '@/shared/session/get-user-info';
import { saveLangOnServer } from '@/shared/session/set-lang';
import { STORAGE_KEYS, storage } from '@/shared/storage/storage';

export interface LoginInput {
  user_string: string;
  password: string;
  sms_code?: string;
  area_code: string;
  area_code_id: number;
  /** With two-factor on: the authenticator's code or a recovery code. */
  totp_code?: string;
}

/**
 * POST /api/user/login (or the points variant), then what the client does after a success: store
 * the token and user id, save the language on the server, load the user info. The page then goes on.
 */
export async function login(input: LoginInput, variant: 'normal' | 'points' = 'normal'): Promise<LoginReply> {
  const reply = await call(variant === 'points' ? PointsLoginCall : LoginCall, input);
  // A previous user's cached answers must not show for this one.
  queryClient.clear();
  storage.set(STORAGE_KEYS.token, reply.message);
  storage.set(STORAGE_KEYS.userId, String(reply.id));
  try {
    await saveLangOnServer(getLocale());
  } catch (err) {
    console.warn('set/lang after login failed', err);
  }
  await queryClient.fetchQuery(userInfoQueryOptions());
  return reply;
}

export function useLogin(variant: 'normal' | 'points' = 'normal') {
  return useMutation({ mutationFn: (input: LoginInput) => login(input, variant) });
}
