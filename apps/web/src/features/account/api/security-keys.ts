import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT } from './keys';

/** The security page's queries (overview, sessions, login history) live under this key. */
export const SECURITY = [...ACCOUNT, 'security'] as const;

/** A mutation whose success refreshes the security page's queries. */
export function useSecurityMutation<I, R>(fn: (input: I) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: SECURITY }) });
}
