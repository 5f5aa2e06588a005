/** Query keys of the seconds page; an order placed refreshes everything under `all`. */
export const microKeys = {
  all: ['micro'] as const,
  currencies: ['micro', 'currencies'] as const,
  seconds: ['micro', 'seconds'] as const,
  open: (matchId: number) => ['micro', 'orders', 'open', matchId] as const,
  closed: ['micro', 'orders', 'closed'] as const,
  proof: (id: number) => ['micro', 'proof', id] as const,
};
