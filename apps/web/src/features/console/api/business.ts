import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { AdminP2pAppealCall, AdminP2pAppealsCall, AdminP2pDecideCall } from '@oryx/contracts/p2p/calls';
import { AdminOpenShopCall } from '@oryx/contracts/p2p/shop-calls';
import {
  AcceptorInfoCall,
  AcceptorListCall,
  AdminAcceptorDealsCall,
  AdminAcceptorDecideCall,
  AdminAcceptorDisputeCall,
  AdminAcceptorDisputesCall,
  AdminAcceptorSaveCall,
  AdminRegionAgentCall,
} from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** Appealed P2P deals (C2C and shops) with notes, images and vouchers. */
export const useAppeals = (status: 'pending' | 'all', page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'appeals', status, page],
    queryFn: ({ signal }) => call(AdminP2pAppealsCall, { status, page }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useDecideAppeal = () =>
  useConsoleMutation((input: CallInput<typeof AdminP2pDecideCall>) => call(AdminP2pDecideCall, input));
/** One appealed deal: what the second operator reviews on the approvals page. */
export const useAppeal = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...CONSOLE, 'appeal', id],
    queryFn: ({ signal }) => call(AdminP2pAppealCall, { id }, { signal }),
    enabled,
  });

/** Active acceptors of both kinds, and one acceptor's payment details (to edit them). */
export const useAcceptors = () =>
  useQuery({
    queryKey: [...CONSOLE, 'acceptors'],
    queryFn: async ({ signal }) => [
      ...(await call(AcceptorListCall, { kind: 'cny' }, { signal })),
      ...(await call(AcceptorListCall, { kind: 'coin' }, { signal })),
    ],
  });
export const fetchAcceptor = (id: number) => call(AcceptorInfoCall, { id });
export const useSaveAcceptor = () =>
  useConsoleMutation((input: CallInput<typeof AdminAcceptorSaveCall>) => call(AdminAcceptorSaveCall, input));

/** Business roles an operator assigns: a seller's shop, a region agent. */
export const useOpenShop = () =>
  useConsoleMutation((input: CallInput<typeof AdminOpenShopCall>) => call(AdminOpenShopCall, input));
export const useRegionAgent = () =>
  useConsoleMutation((input: CallInput<typeof AdminRegionAgentCall>) => call(AdminRegionAgentCall, input));

/** Every acceptor's deals: open ones (waiting for the acceptor) or all. */
export const useAcceptorDeals = (status: 'open' | 'all', page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'acceptor-deals', status, page],
    queryFn: ({ signal }) => call(AdminAcceptorDealsCall, { status, page }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Disputed acceptor deals with the user's evidence; one of them; the operator's decision. */
export const useAcceptorDisputes = (status: 'pending' | 'all', page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'acceptor-disputes', status, page],
    queryFn: ({ signal }) => call(AdminAcceptorDisputesCall, { status, page }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useAcceptorDispute = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...CONSOLE, 'acceptor-dispute', id],
    queryFn: ({ signal }) => call(AdminAcceptorDisputeCall, { id }, { signal }),
    enabled,
  });
export const useDecideDispute = () =>
  useConsoleMutation((input: CallInput<typeof AdminAcceptorDecideCall>) =>
    call(AdminAcceptorDecideCall, input),
  );
