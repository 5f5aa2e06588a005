import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AddBankCall,
  AuthorizationCodeCall,
  BankListCall,
  BindEmailCall,
  CashInfoCall,
  CashSaveCall,
  JudgePasswordCall,
  SetAccountCall,
  UpdateTradePasswordCall,
  UserBankCall,
  UserCenterCall,
} from '@oryx/contracts/account/calls';
import { SendMailCall, SendSmsCall } from '@oryx/contracts/auth/calls';
import type { CallInput } from '@oryx/contracts/call';
import { RealNameCall } from '@oryx/contracts/kyc/calls';
import { ApiError } from '@/shared/api/errors';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';

/** Every account query lives under this key: a change refreshes them all (and the user info). */
const ACCOUNT = ['account'] as const;

export const userCenterQuery = () =>
  queryOptions({
    queryKey: [...ACCOUNT, 'center'],
    queryFn: ({ signal }) => call(UserCenterCall, {}, { signal }),
  });

/** GET /api/user/center: review_status and the security facts of the settings page. */
export function useUserCenter() {
  return useQuery({ ...userCenterQuery(), enabled: useIsLoggedIn() });
}

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

export const useBankList = () =>
  useQuery({
    queryKey: ['banks'],
    queryFn: ({ signal }) => call(BankListCall, {}, { signal }),
    staleTime: Infinity,
  });

export const useUserBank = () =>
  useQuery({
    queryKey: [...ACCOUNT, 'bank'],
    queryFn: ({ signal }) => call(UserBankCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });

export const useCashInfo = () =>
  useQuery({
    queryKey: [...ACCOUNT, 'cash'],
    queryFn: ({ signal }) => call(CashInfoCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });

export const useAuthorizationCode = (enabled: boolean) =>
  useQuery({
    queryKey: [...ACCOUNT, 'authorization-code'],
    queryFn: ({ signal }) => call(AuthorizationCodeCall, {}, { signal }),
    enabled: useIsLoggedIn() && enabled,
    staleTime: Infinity,
  });

/** A mutation whose success refreshes the account queries and the user info. */
function useAccountMutation<I>(fn: (input: I) => Promise<string>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ACCOUNT }),
        qc.invalidateQueries({ queryKey: ['user'] }),
      ]),
  });
}

export const useUpdateTradePassword = () =>
  useAccountMutation((input: CallInput<typeof UpdateTradePasswordCall>) =>
    call(UpdateTradePasswordCall, input),
  );
export const useBindEmail = () =>
  useAccountMutation((input: CallInput<typeof BindEmailCall>) => call(BindEmailCall, input));
export const useAddBank = () =>
  useAccountMutation((input: CallInput<typeof AddBankCall>) => call(AddBankCall, input));
export const useCashSave = () =>
  useAccountMutation((input: CallInput<typeof CashSaveCall>) => call(CashSaveCall, input));
export const useSubmitIdentity = () =>
  useAccountMutation((input: CallInput<typeof RealNameCall>) => call(RealNameCall, input));
export const useSetAccount = () =>
  useAccountMutation((input: CallInput<typeof SetAccountCall>) => call(SetAccountCall, input));

/** POST /api/sms_send or /api/sms_mail for the account pages (transaction password, e-mail binding). */
export const sendAccountCode = (
  channel: 'sms' | 'email',
  input: { user_string: string; type?: string; scene?: string; area_code?: string },
) => call(channel === 'sms' ? SendSmsCall : SendMailCall, input);
