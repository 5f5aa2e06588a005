import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every account query lives under this key: a change refreshes them all (and the user info). */
export const ACCOUNT = ['account'] as const;

/** A mutation whose success refreshes the account queries and the user info. */
export function useAccountMutation<I>(fn: (input: I) => Promise<string>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ACCOUNT }),
        qc.invalidateQueries({ queryKey: ['user'] }),
      ]),
  });
}
