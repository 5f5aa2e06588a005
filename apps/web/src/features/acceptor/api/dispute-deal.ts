import type { CallInput } from '@oryx/contracts/call';
import { AcceptorAppealCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/acceptor/appeal: disputes a waiting deal with a note and up to three images. */
export const useDisputeDeal = () =>
  useAcceptorMutation((input: CallInput<typeof AcceptorAppealCall>) => call(AcceptorAppealCall, input));
