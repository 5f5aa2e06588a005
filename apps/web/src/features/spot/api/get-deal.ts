import { queryOptions, useQuery } from '@tanstack/react-query';
import { DealCall } from '@oryx/contracts/spot/calls';
import { call } from '@/shared/api/client';
import { useDealPushes, type Deal } from './deal-pushes';
import { spotKeys } from './keys';

export type { Deal };

export const dealOptions = (legalId: number, currencyId: number) =>
  queryOptions({
    queryKey: spotKeys.deal(legalId, currencyId),
    enabled: legalId > 0 && currencyId > 0,
    queryFn: ({ signal }) =>
      call(DealCall, { legal_id: legalId, currency_id: currencyId }, { signal, toast: false }),
  });

/**
 * The deal centre's market data: last price, book and recent trades from POST /api/transaction/deal,
 * kept live by `market_depth` and `match_trade` pushes. Refetched on reconnect (the book re-snapshots).
 */
export function useDeal(legalId: number, currencyId: number) {
  useDealPushes(legalId, currencyId);
  return useQuery(dealOptions(legalId, currencyId));
}
