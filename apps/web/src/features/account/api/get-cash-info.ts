import { useQuery } from '@tanstack/react-query';
import { CashInfoCall } from '@oryx/contracts/account/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';
import { ACCOUNT } from './keys';

/** The user's payment methods (bank card, Alipay, WeChat). */
export const useCashInfo = () =>
  useQuery({
    queryKey: [...ACCOUNT, 'cash'],
    queryFn: ({ signal }) => call(CashInfoCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
