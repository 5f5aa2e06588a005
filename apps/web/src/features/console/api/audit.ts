import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ConsoleAuditCall } from '@oryx/contracts/console/calls';
import { call } from '@/shared/api/client';
import { CONSOLE } from './keys';

/** GET /api/admin/console/audit: operator actions, newest first. */
export const useAudit = (callFilter: string, page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'audit', callFilter, page],
    queryFn: ({ signal }) => call(ConsoleAuditCall, { call: callFilter, page }, { signal }),
    placeholderData: keepPreviousData,
  });
