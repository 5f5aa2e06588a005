import { useQuery } from '@tanstack/react-query';
import { ConsoleDashboardCall, ConsoleLedgerCheckCall } from '@oryx/contracts/console/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** GET /api/admin/console/dashboard, refreshed every 30 s. */
export const useDashboard = () =>
  useQuery({
    queryKey: [...CONSOLE, 'dashboard'],
    queryFn: ({ signal }) => call(ConsoleDashboardCall, {}, { signal }),
    refetchInterval: 30_000,
  });

/** POST /api/admin/console/ledger_check: runs the check now. */
export const useRunLedgerCheck = () => useConsoleMutation(() => call(ConsoleLedgerCheckCall, {}));
