import { useQuery } from '@tanstack/react-query';
import { DepositAddressCall } from '@oryx/contracts/funding/calls';
import { call } from '@/shared/api/client';
import { FUNDING } from './keys';

/** One network's deposit address (and memo on a memo coin). */
export interface DepositAddress {
  type: string;
  address: string;
  memo: string;
}

/**
 * POST /api/wallet/get_in_address, read into one shape: the reply is a string (one network),
 * `{address, memo}` (memo coin) or `{erc20, omni, ...}` (several networks).
 */
export function toAddresses(reply: string | Record<string, string>, firstType: string): DepositAddress[] {
  if (typeof reply === 'string') return [{ type: firstType, address: reply, memo: '' }];
  if ('address' in reply) return [{ type: firstType, address: reply.address ?? '', memo: reply.memo ?? '' }];
  return Object.entries(reply).map(([type, address]) => ({ type, address, memo: '' }));
}

export function useDepositAddress(currency: number | undefined, firstType: string) {
  return useQuery({
    queryKey: [...FUNDING, 'address', currency],
    queryFn: async ({ signal }) =>
      toAddresses(await call(DepositAddressCall, { currency: currency! }, { signal }), firstType),
    enabled: currency !== undefined,
    staleTime: Infinity,
  });
}
