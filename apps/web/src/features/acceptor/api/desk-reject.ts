import { AcceptorRejectCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/acceptor/desk/reject: the acceptor rejects a waiting deal: the escrowed coin goes back. */
export const useDeskReject = () => useAcceptorMutation((id: number) => call(AcceptorRejectCall, { id }));
