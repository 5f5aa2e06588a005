import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every acceptor query lives under this key: a deal or a move refreshes them all (and the wallets). */
export const ACCEPTOR = ['acceptor'] as const;
/** Pages of 10 rows, at most 50 pages loaded. */
const PAGES_MAX = 50;

export const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;

/** A change whose success refreshes the acceptor queries and the wallet balances. */
export function useAcceptorMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ACCEPTOR }),
        qc.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
