import { useQuery } from '@tanstack/react-query';
import { SandboxCodeCall } from '@oryx/contracts/auth/calls';
import { call } from './client';

/** A random ticket for one code request (48 hex digits), which alone reads its sandbox code back. */
export function newSandboxTicket(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * POST /api/sandbox_code (demo mode only): the code the sandbox delivered for the request that sent
 * `ticket`, or null. Read once per ticket; nothing is asked without one.
 */
export function useSandboxCode(ticket: string | null) {
  return useQuery({
    queryKey: ['sandbox-code', ticket],
    queryFn: ({ signal }) => call(SandboxCodeCall, { ticket: ticket ?? '' }, { signal, toast: false }),
    enabled: !!ticket,
    staleTime: Infinity,
    retry: false,
  });
}
