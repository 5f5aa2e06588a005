import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CallInput } from '@oryx/contracts/call';
import {
  AccountCentreCall,
  AccountLogCall,
  TransferHistoryCall,
  UserCurrencyListCall,
  WalletChangeCall,
  WalletDetailCall,
  WalletLegalLogCall,
  WalletListCall,
} from '@oryx/contracts/wallet/calls';
import { call } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session';

/** Every wallet query lives under this key: a transfer refreshes them all. */
const WALLET = ['wallet'] as const;
/** Log pages: 20 rows (specification part 2 §9), at most 50 pages loaded (1,000 rows). */
export const LOG_PAGE_SIZE = 20;
const PAGES_MAX = 50;

const nextPage = (last: { current_page: number; last_page: number }) =>
  last.current_page < last.last_page && last.current_page < PAGES_MAX ? last.current_page + 1 : undefined;

/** POST /api/wallet/list: the four trading wallets and the deposit wallet with totals. */
export function useWalletList() {
  return useQuery({
    queryKey: [...WALLET, 'list'],
    queryFn: ({ signal }) => call(WalletListCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}

/** GET /api/wallet/list: the account centre (per coin, all wallets together). */
export function useAccountCentre() {
  return useQuery({
    queryKey: [...WALLET, 'centre'],
    queryFn: ({ signal }) => call(AccountCentreCall, {}, { signal }),
    enabled: useIsLoggedIn(),
  });
}

/** POST /api/wallet/detail: one coin's balances in every wallet. */
export function useWalletDetail(currencyId: number | undefined, type: string) {
  return useQuery({
    queryKey: [...WALLET, 'detail', currencyId, type],
    queryFn: ({ signal }) => call(WalletDetailCall, { currency: currencyId!, type }, { signal }),
    enabled: useIsLoggedIn() && currencyId !== undefined,
  });
}

/** GET /api/currency/user_currency_list: currencies with the wallets each is enabled for. */
export function useUserCurrencies() {
  return useQuery({
    queryKey: ['currencies', 'user'],
    queryFn: ({ signal }) => call(UserCurrencyListCall, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export type TransferInput = CallInput<typeof WalletChangeCall>;

/** POST /api/wallet/change. Each submission carries its own client id, so a retried request moves once. */
export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<TransferInput, 'client_id'>) =>
      call(WalletChangeCall, { ...input, client_id: newClientId() }),
    onSettled: () => client.invalidateQueries({ queryKey: WALLET }),
  });
}

function newClientId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/** POST /api/wallet/legal_log: one wallet's (or every wallet's) log, optionally one coin, 20 per page. */
export function useWalletLog(filter: { type?: string; currency?: number }, enabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET, 'log', filter.type ?? 'all', filter.currency ?? 0],
      queryFn: ({ pageParam, signal }) =>
        call(
          WalletLegalLogCall,
          { ...filter, page: pageParam, limit: LOG_PAGE_SIZE },
          { signal, toast: false },
        ),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn() && enabled,
    }),
  );
}

/** POST /api/account/list: every balance movement, 20 per page. */
export function useAccountLog() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET, 'account-log'],
      queryFn: ({ pageParam, signal }) =>
        call(AccountLogCall, { page: pageParam, limit: LOG_PAGE_SIZE }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn(),
    }),
  );
}

/** GET /api/wallet/hzhistory: transfers between wallets, 20 per page. */
export function useTransferHistory() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...WALLET, 'transfers'],
      queryFn: ({ pageParam, signal }) =>
        call(TransferHistoryCall, { page: pageParam, limit: LOG_PAGE_SIZE }, { signal, toast: false }),
      initialPageParam: 1,
      getNextPageParam: nextPage,
      enabled: useIsLoggedIn(),
    }),
  );
}
