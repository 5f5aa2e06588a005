import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ExchangeCall } from '@oryx/contracts/exchange/calls';
import { call } from '@/shared/api/client';
import { EXCHANGE } from './keys';

/** POST /api/exchange/exchange: a coin to USDT, refused if the price fell below the one shown. */
export function useExchangeCoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof ExchangeCall>) => call(ExchangeCall, input),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: EXCHANGE }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
