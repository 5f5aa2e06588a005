import { useQuery } from '@tanstack/react-query';
import { AcceptorListCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR } from './keys';

/** GET /api/acceptor/list: the active acceptors of one tab (cny | coin). */
export const useAcceptorList = (kind: 'cny' | 'coin') =>
  useQuery({
    queryKey: [...ACCEPTOR, 'list', kind],
    queryFn: ({ signal }) => call(AcceptorListCall, { address: kind }, { signal, toast: false }),
  });
