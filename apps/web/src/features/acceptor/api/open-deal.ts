import type { CallInput } from '@oryx/contracts/call';
import { AcceptorDealCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/acceptor/deal: opens a deposit (buy) or withdrawal (sell) deal with an acceptor. */
export const useOpenDeal = () =>
  useAcceptorMutation((input: CallInput<typeof AcceptorDealCall>) => call(AcceptorDealCall, input));
