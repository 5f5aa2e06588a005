/** Query keys of the lever pages; an order placed, closed or revoked refreshes everything under `all`. */
export const leverKeys = {
  all: ['lever'] as const,
  deal: (legalId: number, currencyId: number) => ['lever', 'deal', legalId, currencyId] as const,
  /** The open positions with the risk rate (currencyId 0: every market of the quote currency). */
  positions: (legalId: number, currencyId: number) => ['lever', 'positions', legalId, currencyId] as const,
  trades: (status: number) => ['lever', 'trades', status] as const,
  record: (currencyId: number) => ['lever', 'record', currencyId] as const,
};

/** The lever position list refreshes every 3 s (besides the pushes). */
export const LEVER_POLL_MS = 3_000;
