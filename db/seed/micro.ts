/**
 * Seconds-options configuration seeded on every start when missing (never overwritten: the operator
 * edits it under /api/admin/micro/*). Figures from docs/business-rules.md "Seconds options".
 */
export interface SeedMicroSeconds {
  seconds: number;
  /** Payout ratio, percent with up to 2 decimals. */
  profit_ratio: string;
  /** Smallest stake, whole units of the paying currency. */
  min_number: number;
}

export const MICRO_SECONDS: SeedMicroSeconds[] = [
  { seconds: 60, profit_ratio: '10', min_number: 10 },
  { seconds: 120, profit_ratio: '12', min_number: 10 },
  { seconds: 180, profit_ratio: '15', min_number: 10 },
  { seconds: 240, profit_ratio: '18', min_number: 10 },
  { seconds: 300, profit_ratio: '21', min_number: 10 },
  { seconds: 600, profit_ratio: '24', min_number: 10 },
];

export interface SeedMicroCurrency {
  /** A currency id of db/seed/reference.ts (must have is_micro = 1). */
  currency_id: number;
  /** `micro_trade_fee`, percent of the stake with up to 2 decimals. */
  fee: string;
  min_number: number;
  /** 0 = no cap. */
  max_number: number;
  max_open_orders: number;
  quick_numbers: number[];
}

export const MICRO_CURRENCIES: SeedMicroCurrency[] = [
  {
    currency_id: 1, // USDT
    fee: '1',
    min_number: 10,
    max_number: 100_000,
    max_open_orders: 10,
    quick_numbers: [100, 200, 500, 1000],
  },
];
