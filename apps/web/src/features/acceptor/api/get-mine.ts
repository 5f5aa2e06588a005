import { useQuery } from '@tanstack/react-query';
import { AcceptorMineCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR } from './keys';

/** GET /api/acceptor/mine: whether I am an acceptor, with my acceptor row and balance. */
export const useMyAcceptor = () =>
  useQuery({
    queryKey: [...ACCEPTOR, 'me'],
    queryFn: ({ signal }) => call(AcceptorMineCall, {}, { signal, toast: false }),
  });
