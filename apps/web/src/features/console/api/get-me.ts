import { useQuery } from '@tanstack/react-query';
import { ConsoleMeCall } from '@oryx/contracts/console/calls';
import { call } from '@/shared/api/client';
import { CONSOLE } from './keys';

/** GET /api/admin/console/me: the operator and what the role may do (FORBIDDEN for a user). */
export const useConsoleMe = (enabled: boolean) =>
  useQuery({
    queryKey: [...CONSOLE, 'me'],
    queryFn: ({ signal }) => call(ConsoleMeCall, {}, { signal, toast: false }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
