import { useQuery } from '@tanstack/react-query';
import { MyRegionCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { ACCEPTOR } from './keys';

/** GET /api/user/region: my city and district, and whether I am a region agent. */
export const useMyRegion = () =>
  useQuery({
    queryKey: [...ACCEPTOR, 'region'],
    queryFn: ({ signal }) => call(MyRegionCall, {}, { signal, toast: false }),
  });
