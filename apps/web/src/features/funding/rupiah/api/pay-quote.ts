import { useQuery } from '@tanstack/react-query';
import { PayQuoteCall } from '@oryx/contracts/funding/pay-calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { RUPIAH } from './keys';

/** The rupiah channel's terms for a coin (rate, bounds, fee, channels) and the bound bank card. */
export const usePayQuote = (currency: number) =>
  useQuery({
    queryKey: [...RUPIAH, 'quote', currency],
    queryFn: ({ signal }) => call(PayQuoteCall, { currency }, { signal }),
    enabled: useIsLoggedIn(),
    retry: false,
  });
