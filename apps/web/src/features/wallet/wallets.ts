import type { TransferWallet, WalletBalanceRow, WalletName } from '@oryx/contracts/wallet/calls';

/** The four wallets a transfer moves between, in the order the pages list them. */
export const TRANSFER_WALLET_ORDER: readonly TransferWallet[] = ['change', 'legal', 'lever', 'micro'];

/** Which flag of user_currency_list enables a currency for a wallet. */
export const WALLET_FLAG = {
  change: 'is_match',
  legal: 'is_legal',
  lever: 'is_lever',
  micro: 'is_micro',
} as const satisfies Record<TransferWallet, string>;

/** The wallet's balance-list page. */
export const WALLET_PAGE: Record<WalletName, string> = {
  change: '/dealFinance',
  legal: '/legal',
  lever: '/lever',
  micro: '/micro',
  deposit: '/finance',
};

/** `wallet/legal_log` type of each wallet. */
export const LOG_TYPE: Record<WalletName, string> = {
  legal: '1',
  change: '2',
  lever: '3',
  micro: '4',
  deposit: '5',
};

/** The transfer page a wallet's "transfer" button opens (with `?id=<currency>`). */
export function transferPath(wallet: WalletName, currencyId: number): string | null {
  switch (wallet) {
    case 'change':
      return `/transfer?id=${currencyId}`;
    case 'legal':
      return `/transferLegal?id=${currencyId}`;
    case 'lever':
      return `/transferLever?id=${currencyId}`;
    case 'micro':
      return `/transferMicro?id=${currencyId}`;
    default:
      return null;
  }
}

/** The account page of one coin in one wallet. */
export function accountPath(wallet: WalletName, currencyId: number): string {
  switch (wallet) {
    case 'change':
      return `/dealAccount?currency_id=${currencyId}`;
    case 'micro':
      return `/microAccount?currency_id=${currencyId}`;
    case 'lever':
      return `/legalAccount?currency_id=${currencyId}&type=lever`;
    case 'legal':
      return `/legalAccount?currency_id=${currencyId}`;
    default:
      return `/coinRecord?currency=${currencyId}`;
  }
}

/** Balance fields of a wallet-list row. */
export function balanceOf(
  row: WalletBalanceRow | undefined,
  wallet: WalletName,
): { available: string; frozen: string } {
  if (!row) return { available: '0', frozen: '0' };
  const fields = row as unknown as Record<string, string>;
  return { available: fields[`${wallet}_balance`] ?? '0', frozen: fields[`lock_${wallet}_balance`] ?? '0' };
}
