import { AcceptorConfirmCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/acceptor/desk/confirm: the acceptor confirms a deal: the escrowed coin moves. */
export const useDeskConfirm = () => useAcceptorMutation((id: number) => call(AcceptorConfirmCall, { id }));
