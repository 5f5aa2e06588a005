import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import {
  AdminMicroConfigCall,
  AdminMicroCurrencySaveCall,
  AdminMicroSecondsSaveCall,
} from '@oryx/contracts/micro/calls';
import { AdminLeverConfigCall, AdminLeverMarketSaveCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** Seconds options: durations, paying currencies, markets. */
export const useMicroConfig = () =>
  useQuery({
    queryKey: [...CONSOLE, 'micro'],
    queryFn: ({ signal }) => call(AdminMicroConfigCall, {}, { signal }),
  });
export const useSaveMicroSeconds = () =>
  useConsoleMutation((input: CallInput<typeof AdminMicroSecondsSaveCall>) =>
    call(AdminMicroSecondsSaveCall, input),
  );
export const useSaveMicroCurrency = () =>
  useConsoleMutation((input: CallInput<typeof AdminMicroCurrencySaveCall>) =>
    call(AdminMicroCurrencySaveCall, input),
  );

/** Leverage terms of every market that has them. */
export const useLeverConfig = () =>
  useQuery({
    queryKey: [...CONSOLE, 'lever'],
    queryFn: ({ signal }) => call(AdminLeverConfigCall, {}, { signal }),
  });
export const useSaveLeverMarket = () =>
  useConsoleMutation((input: CallInput<typeof AdminLeverMarketSaveCall>) =>
    call(AdminLeverMarketSaveCall, input),
  );
