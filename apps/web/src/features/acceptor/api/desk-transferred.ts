import { AcceptorTransferredCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/acceptor/desk/transferred: the acceptor marks a sell deal paid to the user (auto-confirm in 20 minutes). */
export const useDeskTransferred = () =>
  useAcceptorMutation((id: number) => call(AcceptorTransferredCall, { id }));
