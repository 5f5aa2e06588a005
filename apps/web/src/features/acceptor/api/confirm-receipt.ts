import { AcceptorUserSureCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/acceptor/deal_sure: I received the money of a sell deal; the coin goes to the acceptor. */
export const useConfirmReceipt = () =>
  useAcceptorMutation((id: number) => call(AcceptorUserSureCall, { id }));
