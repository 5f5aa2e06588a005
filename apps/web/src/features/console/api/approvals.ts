import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { ConsoleApprovalsCall, ConsoleDecideApprovalCall } from '@oryx/contracts/console/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

type Status = NonNullable<CallInput<typeof ConsoleApprovalsCall>['status']>;

/** GET /api/admin/console/approvals: four-eyes requests. */
export const useApprovals = (status: Status, page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'approvals', status, page],
    queryFn: ({ signal }) => call(ConsoleApprovalsCall, { status, page }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useDecideApproval = () =>
  useConsoleMutation((input: CallInput<typeof ConsoleDecideApprovalCall>) =>
    call(ConsoleDecideApprovalCall, input),
  );
