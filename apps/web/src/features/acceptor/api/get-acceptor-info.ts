import { useQuery } from '@tanstack/react-query';
import { AcceptorInfoCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR } from './keys';

/** GET /api/acceptor/info: one acceptor with payment details, my balance of its coin and its stock. */
export const useAcceptorInfo = (id: number) =>
  useQuery({
    queryKey: [...ACCEPTOR, 'info', id],
    queryFn: ({ signal }) => call(AcceptorInfoCall, { id }, { signal, toast: false }),
    enabled: id > 0,
    retry: false,
  });
