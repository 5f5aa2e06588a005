import { queryOptions, useQuery } from '@tanstack/react-query';
import { EnvJsonCall } from '@oryx/contracts/system/calls';
import { call } from '../api/client';

/**
 * GET /api/env.json (bare JSON): whether login needs an SMS code, and the socket port of old clients
 * (ours uses the page's own origin). Fetched once per page load.
 */
export const envQueryOptions = () =>
  queryOptions({
    queryKey: ['env'],
    queryFn: ({ signal }) => call(EnvJsonCall, {}, { signal, toast: false }),
    staleTime: Infinity,
  });

export function useEnv() {
  return useQuery(envQueryOptions());
}
