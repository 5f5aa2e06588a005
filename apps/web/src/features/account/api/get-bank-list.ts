import { useQuery } from '@tanstack/react-query';
import { BankListCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';

/** GET /api/bank/list: the banks a user may bind (the same for everyone, loaded once). */
export const useBankList = () =>
  useQuery({
    queryKey: ['banks'],
    queryFn: ({ signal }) => call(BankListCall, {}, { signal }),
    staleTime: Infinity,
  });
