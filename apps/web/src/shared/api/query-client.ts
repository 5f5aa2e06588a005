import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/**
 * The one cache of server data. Socket events write into it (see shared/socket); nothing copies server
 * data into another store. A reply the server refused (ApiError) is not retried: the answer would be
 * the same, and the global handler has already acted on it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
