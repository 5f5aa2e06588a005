import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { AdminCoinSaveCall, AdminCoinsCall, AdminNetworkSaveCall } from '@oryx/contracts/funding/coin-calls';
import { AdminEarningConfigCall, AdminEarningProductCall } from '@oryx/contracts/earning/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** Coins with their terms and networks. */
export const useCoins = () =>
  useQuery({
    queryKey: [...CONSOLE, 'coins'],
    queryFn: ({ signal }) => call(AdminCoinsCall, {}, { signal }),
  });
export const useSaveCoin = () =>
  useConsoleMutation((input: CallInput<typeof AdminCoinSaveCall>) => call(AdminCoinSaveCall, input));
export const useSaveNetwork = () =>
  useConsoleMutation((input: CallInput<typeof AdminNetworkSaveCall>) => call(AdminNetworkSaveCall, input));

/** Deposit-earning products and currencies. */
export const useEarningConfig = () =>
  useQuery({
    queryKey: [...CONSOLE, 'earning'],
    queryFn: ({ signal }) => call(AdminEarningConfigCall, {}, { signal }),
  });
export const useSaveProduct = () =>
  useConsoleMutation((input: CallInput<typeof AdminEarningProductCall>) =>
    call(AdminEarningProductCall, input),
  );
