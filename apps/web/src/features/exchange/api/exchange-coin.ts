import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ExchangeCall } from '@oryx/contracts/exchange/calls';
import { call } from '@/shared/api/client';
import { newClientId } from '@/shared/lib/client-id';
import { EXCHANGE } from './keys';

/** POST /api/exchange/exchange: a coin to USDT, refused if the price fell below the one shown. */
export function useExchangeCoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CallInput<typeof ExchangeCall>, 'client_id'>) =>
      call(ExchangeCall, { ...input, client_id: newClientId() }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: EXCHANGE }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
