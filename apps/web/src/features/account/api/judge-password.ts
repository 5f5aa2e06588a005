import { useQuery } from '@tanstack/react-query';
import { JudgePasswordCall } from '@oryx/contracts/account/calls';
import { ApiError } from '@/shared/api/errors';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { ACCOUNT } from './keys';

/** POST /api/safe/judge_password: true when a transaction password is set. */
export function useHasTradePassword() {
  return useQuery({
    queryKey: [...ACCOUNT, 'trade-password'],
    enabled: useIsLoggedIn(),
    queryFn: async ({ signal }) => {
      try {
        await call(JudgePasswordCall, {}, { signal, toast: false });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'TRADE_PASSWORD_NOT_SET') return false;
        throw err;
      }
    },
  });
}
