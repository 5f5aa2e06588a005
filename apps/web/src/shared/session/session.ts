import { STORAGE_KEYS, useStorageItem } from '../storage/storage';

/** Logged in = a token in local storage. Re-renders on login and logout. */
export function useIsLoggedIn(): boolean {
  return Boolean(useStorageItem(STORAGE_KEYS.token));
}

/** Sellers (stored is_seller == '1') see the shops entry. */
export function useIsSeller(): boolean {
  return useStorageItem(STORAGE_KEYS.isSeller) === '1';
}

/** Users of stored type '0' do not get the points-exchange entry. */
export function useUserType(): string | null {
  return useStorageItem(STORAGE_KEYS.userType);
}
