/**
 * Leveraged-contract terms seeded on every start for lever-enabled markets that have none (never
 * overwritten: the operator edits them under /api/admin/lever/*). Figures from docs/business-rules.md
 * "Leveraged contracts"; percents have up to 2 decimals.
 */
export interface SeedLeverMarket {
  /** A market id of db/seed/reference.ts with open_lever = 1. */
  market_id: number;
  /** Contract size of one lot in base-currency units. */
  lever_share_num: string;
  /** Percent of the price added (long) or taken off (short) at opening. */
  spread: string;
  /** Percent of the contract value charged at opening. */
  lever_trade_fee: string;
  /** Percent of the contract value charged per night held. */
  overnight: string;
  min_share: number;
  /** 0 = no cap. */
  max_share: number;
  multiples: number[];
  share_presets: number[];
  /** Risk rate, percent, at or below which positions are liquidated. */
  liquidation_rate: string;
  max_open: number;
}

export const LEVER_MULTIPLES = [5, 10, 20, 50, 100, 150];

export const LEVER_MARKETS: SeedLeverMarket[] = [
  {
    market_id: 1,
    lever_share_num: '0.01',
    spread: '0.05',
    lever_trade_fee: '0.1',
    overnight: '0.05',
    min_share: 1,
    max_share: 100,
    multiples: LEVER_MULTIPLES,
    share_presets: [1, 5, 10, 20],
    liquidation_rate: '50',
    max_open: 20,
  },
  {
    market_id: 2,
    lever_share_num: '0.1',
    spread: '0.05',
    lever_trade_fee: '0.1',
    overnight: '0.05',
    min_share: 1,
    max_share: 100,
    multiples: LEVER_MULTIPLES,
    share_presets: [1, 5, 10, 20],
    liquidation_rate: '50',
    max_open: 20,
  },
];
