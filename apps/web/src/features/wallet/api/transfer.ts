import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { WalletChangeCall } from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { WALLET } from './keys';

export type TransferInput = CallInput<typeof WalletChangeCall>;

/** POST /api/wallet/change. Each submission carries its own client id, so a retried request moves once. */
export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TransferInput, 'client_id'>) =>
      call(WalletChangeCall, { ...input, client_id: newClientId() }),
    onSettled: () => client.invalidateQueries({ queryKey: WALLET }),
  });
}

function newClientId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
