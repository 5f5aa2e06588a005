import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import { AdminKycApproveCall, AdminKycListCall, AdminKycRejectCall } from '@oryx/contracts/kyc/calls';
import {
  AdminClaimDecideCall,
  AdminClaimsCall,
  AdminEvmReconciliationCall,
  AdminWithdrawalDecideCall,
} from '@oryx/contracts/funding/calls';
import { AdminWithdrawalsCall } from '@oryx/contracts/funding/coin-calls';
import { AdminPayoutDecideCall, AdminPayoutsCall } from '@oryx/contracts/funding/pay-calls';
import { AdminNewsDeletePostCall, AdminNewsListCall } from '@oryx/contracts/news/calls';
import { OutboxCall } from '@oryx/contracts/auth/calls';
import { call } from '@/shared/api/client';
import { CONSOLE, useConsoleMutation } from './keys';

/** Identity submissions by status (1 waiting, 2 approved, 3 rejected). */
export const useKycList = (status: number, page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'kyc', status, page],
    queryFn: ({ signal }) => call(AdminKycListCall, { status, page, limit: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useKycApprove = () =>
  useConsoleMutation((input: CallInput<typeof AdminKycApproveCall>) => call(AdminKycApproveCall, input));
export const useKycReject = () =>
  useConsoleMutation((input: CallInput<typeof AdminKycRejectCall>) => call(AdminKycRejectCall, input));

/** Manual deposit claims, pending first. */
/** The EVM hot wallet's latest reconciliation per currency and the latest sweeps. */
export const useEvmReconciliation = () =>
  useQuery({
    queryKey: [...CONSOLE, 'evm-reconciliation'],
    queryFn: ({ signal }) => call(AdminEvmReconciliationCall, {}, { signal }),
  });

export const useClaims = () =>
  useQuery({
    queryKey: [...CONSOLE, 'claims'],
    queryFn: ({ signal }) => call(AdminClaimsCall, {}, { signal }),
  });
export const useDecideClaim = () =>
  useConsoleMutation((input: CallInput<typeof AdminClaimDecideCall>) => call(AdminClaimDecideCall, input));

/** Every language version of every article, newest first. */
export const useNewsAdmin = (page: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'news', page],
    queryFn: ({ signal }) => call(AdminNewsListCall, { page, limit: 20 }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useDeleteNews = () =>
  useConsoleMutation((input: CallInput<typeof AdminNewsDeletePostCall>) =>
    call(AdminNewsDeletePostCall, input),
  );

/** The sandbox outbox (SMS and e-mail the sandbox adapters delivered). */
export const useOutbox = (destination: string) =>
  useQuery({
    queryKey: [...CONSOLE, 'outbox', destination],
    queryFn: ({ signal }) => call(OutboxCall, { destination, limit: 100 }, { signal }),
  });

/** Coin withdrawals by status (0 waiting for an operator). */
export const useWithdrawals = (status: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'withdrawals', status],
    queryFn: ({ signal }) => call(AdminWithdrawalsCall, { status }, { signal }),
  });
/** Rupiah payouts by status (0 waiting for review). */
export const usePayouts = (status: number) =>
  useQuery({
    queryKey: [...CONSOLE, 'payouts', status],
    queryFn: ({ signal }) => call(AdminPayoutsCall, { status }, { signal }),
  });
export const useDecidePayout = () =>
  useConsoleMutation((input: CallInput<typeof AdminPayoutDecideCall>) => call(AdminPayoutDecideCall, input));
export const useDecideWithdrawal = () =>
  useConsoleMutation((input: CallInput<typeof AdminWithdrawalDecideCall>) =>
    call(AdminWithdrawalDecideCall, input),
  );
