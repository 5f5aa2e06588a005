import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { AdminLeverTermsDecideCall, AdminLeverTermsRequestsCall } from '@oryx/contracts/lever/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** Changes of leverage terms: pending first (each waits for a second operator), then the latest decided. */
export const useLeverTermsRequests = () =>
  useQuery({
    queryKey: [...CONSOLE, 'lever', 'requests'],
    queryFn: ({ signal }) => call(AdminLeverTermsRequestsCall, {}, { signal }),
  });

/** Approve (another operator than the proposer) or reject a pending change. */
export const useDecideLeverTerms = () =>
  useConsoleMutation((input: CallInput<typeof AdminLeverTermsDecideCall>) =>
    call(AdminLeverTermsDecideCall, input),
  );
