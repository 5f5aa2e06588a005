import { useQuery } from '@tanstack/react-query';
import { PayQuoteCall } from '@oryx/contracts/funding/pay-calls';
import { call } from '@/shared/api/client';
import { RUPIAH } from '../rupiah/api/keys';

/**
 * Whether the rupiah channel takes the coin: its `wallet/pay_quote` answers (the rupiah form's own query,
 * so opening the form finds it loaded). Asked only when the coin's `is_show` offers the channel; a
 * refusal (no rate for the coin, the channel closed) is not shown as a toast: the links just stay away.
 */
export function useRupiahOpen(currency: number | undefined, offered: boolean) {
  const quote = useQuery({
    queryKey: [...RUPIAH, 'quote', currency ?? 0],
    queryFn: ({ signal }) => call(PayQuoteCall, { currency: currency ?? 0 }, { signal, toast: false }),
    enabled: offered && currency !== undefined,
    retry: false,
  });
  return { open: offered && quote.isSuccess, error: offered && quote.error ? quote.error.message : '' };
}
