import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserInfoCall, type UserInfo } from '@oryx/contracts/account/calls';
import { call } from '../api/client';
import { STORAGE_KEYS, storage } from '../storage/storage';
import { useIsLoggedIn } from './session';

/**
 * GET /api/user/info. The shell keeps a few fields in storage, as the API family's pages read them
 * from there (user_id, accountNum, is_seller, type, extension_code).
 */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await call(UserInfoCall, {}, { signal });
  storage.set(STORAGE_KEYS.userId, String(info.id));
  storage.set(STORAGE_KEYS.accountNum, info.account_number);
  storage.set(STORAGE_KEYS.isSeller, String(info.is_seller));
  storage.set(STORAGE_KEYS.userType, String(info.type));
  storage.set(STORAGE_KEYS.extensionCode, info.extension_code);
  return info;
}

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'info'],
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: 60_000,
  });

/** The logged-in user; idle when logged out. */
export function useUserInfo() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...userInfoQueryOptions(), enabled: isLoggedIn });
}
