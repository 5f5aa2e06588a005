import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WithdrawFeeCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** POST /api/wallet/calculat_fee: the fee and what arrives, for a valid amount only. */
export function useWithdrawFee(currency: number | undefined, type: string, number: string | null) {
  return useQuery({
    queryKey: [...FUNDING, 'fee', currency, type, number],
    queryFn: ({ signal }) =>
      call(WithdrawFeeCall, { currency: currency!, type, number: number! }, { signal, toast: false }),
    enabled: currency !== undefined && number !== null && type !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
}
