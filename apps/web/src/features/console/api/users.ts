import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import {
  ConsoleAdjustCall,
  ConsoleRestrictCall,
  ConsoleRevokeSessionsCall,
  ConsoleSetRoleCall,
  ConsoleUserCall,
  ConsoleUserLedgerCall,
  ConsoleUserPaymentsCall,
  ConsoleUsersCall,
} from '@oryx/contracts/console/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** GET /api/admin/console/users: search by id, e-mail, phone or account number. */
export const useUsers = (q: string, page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'users', q, page],
    queryFn: ({ signal }) => call(ConsoleUsersCall, { q, page }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/console/user: profile, restrictions, balances and sessions. */
export const useUser = (id: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'user', id],
    queryFn: ({ signal }) => call(ConsoleUserCall, { id }, { signal }),
    enabled: id > 0,
  });

/**
 * GET /api/admin/console/user_payments: the user's payment details. Each read is audited, so it is
 * fetched only once the operator asks to see them (`isShown`).
 */
export const useUserPayments = (id: number, isShown: boolean) =>
  useQuery({
    queryKey: [...CONSOLE, 'user-payments', id],
    queryFn: ({ signal }) => call(ConsoleUserPaymentsCall, { id }, { signal }),
    enabled: id > 0 && isShown,
    staleTime: Infinity,
  });

/** GET /api/admin/console/user_ledger: the user's ledger history. */
export const useUserLedger = (id: number, page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'user-ledger', id, page],
    queryFn: ({ signal }) => call(ConsoleUserLedgerCall, { id, page }, { signal }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });

export const useRestrict = () =>
  useConsoleMutation((input: CallInput<typeof ConsoleRestrictCall>) => call(ConsoleRestrictCall, input));
export const useRevokeSessions = () =>
  useConsoleMutation((input: CallInput<typeof ConsoleRevokeSessionsCall>) =>
    call(ConsoleRevokeSessionsCall, input),
  );
export const useSetRole = () =>
  useConsoleMutation((input: CallInput<typeof ConsoleSetRoleCall>) => call(ConsoleSetRoleCall, input));
export const useAdjust = () =>
  useConsoleMutation((input: CallInput<typeof ConsoleAdjustCall>) => call(ConsoleAdjustCall, input));
