import type { CallInput } from '@oryx/contracts/call';
import { SetRegionCall } from '@oryx/contracts/acceptor/calls';
import { call } from '@/shared/api/client';
import { useAcceptorMutation } from './keys';

/** POST /api/user/region: sets my city and district. */
export const useSetRegion = () =>
  useAcceptorMutation((input: CallInput<typeof SetRegionCall>) => call(SetRegionCall, input));
