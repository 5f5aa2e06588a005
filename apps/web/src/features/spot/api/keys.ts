/** The entrust page's three lists. */
export type EntrustTab = 'selling' | 'buying' | 'completed';

/** Query keys of the spot pages; an order placed or cancelled refreshes everything under `all`. */
export const spotKeys = {
  all: ['spot'] as const,
  deal: (legalId: number, currencyId: number) => ['spot', 'deal', legalId, currencyId] as const,
  balance: (currencyId: number) => ['spot', 'balance', currencyId] as const,
  orders: (status: 1 | 2) => ['spot', 'orders', status] as const,
  entrust: (tab: EntrustTab) => ['spot', 'entrust', tab] as const,
};
