import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every console query lives under this key: an operator action refreshes them all. */
export const CONSOLE = ['console'] as const;

/** A console action: on success every console query is read again (queues, balances, the audit log). */
export function useConsoleMutation<I, R>(fn: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: CONSOLE }),
  });
}
