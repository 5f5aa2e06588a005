import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ConsoleMarketCall, ConsoleMarketsCall } from '@oryx/contracts/console/calls';
import { AdminMicroMarketSaveCall } from '@oryx/contracts/micro/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** GET /api/admin/console/markets: every market's switches and spot fees. */
export const useMarkets = () =>
  useQuery({
    queryKey: [...CONSOLE, 'markets'],
    queryFn: ({ signal }) => call(ConsoleMarketsCall, {}, { signal }),
  });

/** POST /api/admin/console/market: spot switch, display switch, spot fees. */
export const useSetMarket = () =>
  useConsoleMutation((input: CallInput<typeof ConsoleMarketCall>) => call(ConsoleMarketCall, input));

/** POST /api/admin/micro/market: opens or closes a market for new seconds options. */
export const useSetMicroMarket = () =>
  useConsoleMutation((input: CallInput<typeof AdminMicroMarketSaveCall>) =>
    call(AdminMicroMarketSaveCall, input),
  );
