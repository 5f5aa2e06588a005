import type { CallInput } from '@oryx/contracts/call';
import { SetNicknameCall } from '@oryx/contracts/account/nickname';
import { call } from '@/shared/api/client';
import { useAccountMutation } from './keys';

/** Changes the public nickname (what other users see instead of the e-mail or phone). */
export const useSetNickname = () =>
  useAccountMutation((input: CallInput<typeof SetNicknameCall>) => call(SetNicknameCall, input));
