import { queryOptions, useQuery } from '@tanstack/react-query';
import { CurrencyListCall } from '@oryx/contracts/market/calls';
import { call } from '@/shared/api/client';
import { SHOP } from './keys';

/** GET /api/currency/list: the legal-wallet currencies shops trade (the currency tabs). */
export function useLegalCurrencies() {
  return useQuery(
    queryOptions({
      queryKey: [...SHOP, 'currencies'],
      queryFn: ({ signal }) => call(CurrencyListCall, {}, { signal }),
      select: (r) => r.legal,
      staleTime: 300_000,
    }),
  );
}
