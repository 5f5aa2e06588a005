import { useQuery } from '@tanstack/react-query';
import { BankListCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { STORAGE_KEYS, useStorageItem } from '@/shared/storage/storage';

/** /api/user/get_bank_list: the banks of the user's country (loaded once per user). */
export function useBankList() {
  const userId = useStorageItem(STORAGE_KEYS.userId);
  return useQuery({
    queryKey: ['banks', userId ?? ''],
    queryFn: ({ signal }) => call(BankListCall, {}, { signal }),
    staleTime: Infinity,
  });
}
