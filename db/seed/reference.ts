/**
 * Reference data seeded on every start (inserted when missing, never overwritten: operators edit it).
 * Decimal strings here; the seeder converts them to minor units with the money rules.
 */
export interface SeedCurrency {
  id: number;
  name: string;
  full_name: string;
  scale: number;
  is_legal: 0 | 1;
  is_match: 0 | 1;
  is_lever: 0 | 1;
  is_micro: 0 | 1;
  is_quote: 0 | 1;
  cny_rate: string;
  usdt_price: string;
  desc: string;
}

export const CURRENCIES: SeedCurrency[] = [
  {
    id: 1,
    name: 'USDT',
    full_name: 'Tether USD',
    scale: 8,
    is_legal: 1,
    is_match: 1,
    is_lever: 1,
    is_micro: 1,
    is_quote: 1,
    cny_rate: '6.9641',
    usdt_price: '1',
    desc: 'A US-dollar stablecoin; the quote currency of every market on Oryx.',
  },
  {
    id: 2,
    name: 'BTC',
    full_name: 'Bitcoin',
    scale: 8,
    is_legal: 1,
    is_match: 1,
    is_lever: 1,
    is_micro: 1,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '96000',
    desc: 'The first decentralised digital currency, with a fixed supply of 21 million coins.',
  },
  {
    id: 3,
    name: 'ETH',
    full_name: 'Ethereum',
    scale: 8,
    is_legal: 1,
    is_match: 1,
    is_lever: 1,
    is_micro: 1,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '3400',
    desc: 'The native currency of the Ethereum smart-contract platform.',
  },
  {
    id: 4,
    name: 'LTC',
    full_name: 'Litecoin',
    scale: 8,
    is_legal: 0,
    is_match: 1,
    is_lever: 0,
    is_micro: 1,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '95',
    desc: 'A fast, low-fee payment currency derived from Bitcoin.',
  },
  {
    id: 5,
    name: 'XRP',
    full_name: 'XRP',
    scale: 8,
    is_legal: 0,
    is_match: 1,
    is_lever: 0,
    is_micro: 1,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '2.3',
    desc: 'The native asset of the XRP Ledger, built for cross-border payments.',
  },
  {
    id: 6,
    name: 'DOGE',
    full_name: 'Dogecoin',
    scale: 8,
    is_legal: 0,
    is_match: 1,
    is_lever: 0,
    is_micro: 1,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '0.32',
    desc: 'A community-driven payment currency.',
  },
  {
    id: 7,
    name: 'TRX',
    full_name: 'TRON',
    scale: 8,
    is_legal: 0,
    is_match: 1,
    is_lever: 0,
    is_micro: 0,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '0.24',
    desc: 'The native currency of the TRON network.',
  },
  {
    id: 8,
    name: 'BNB',
    full_name: 'BNB',
    scale: 8,
    is_legal: 0,
    is_match: 1,
    is_lever: 0,
    is_micro: 0,
    is_quote: 0,
    cny_rate: '0',
    usdt_price: '650',
    desc: 'The native currency of BNB Chain.',
  },
];

export interface SeedMarket {
  id: number;
  legal_id: number;
  currency_id: number;
  sort: number;
  is_display: 0 | 1;
  open_coin_trade: 0 | 1;
  open_microtrade: 0 | 1;
  open_lever: 0 | 1;
  price_tick: string;
  amount_step: string;
  min_amount: string;
  min_notional: string;
  maker_fee_bps: number;
  taker_fee_bps: number;
  price_decimals: number;
  amount_decimals: number;
  reference_price: string;
}

const market = (
  id: number,
  currencyId: number,
  price: string,
  tick: string,
  step: string,
  flags: { micro: 0 | 1; lever: 0 | 1 },
  priceDecimals: number,
  amountDecimals: number,
): SeedMarket => ({
  id,
  legal_id: 1,
  currency_id: currencyId,
  sort: id,
  is_display: 1,
  open_coin_trade: 1,
  open_microtrade: flags.micro,
  open_lever: flags.lever,
  price_tick: tick,
  amount_step: step,
  min_amount: step,
  min_notional: '1',
  maker_fee_bps: 10,
  taker_fee_bps: 20,
  price_decimals: priceDecimals,
  amount_decimals: amountDecimals,
  reference_price: price,
});

export const MARKETS: SeedMarket[] = [
  market(1, 2, '96000', '0.01', '0.00001', { micro: 1, lever: 1 }, 2, 5),
  market(2, 3, '3400', '0.01', '0.0001', { micro: 1, lever: 1 }, 2, 4),
  market(3, 4, '95', '0.01', '0.001', { micro: 1, lever: 0 }, 2, 3),
  market(4, 5, '2.3', '0.0001', '0.1', { micro: 1, lever: 0 }, 4, 1),
  market(5, 6, '0.32', '0.00001', '1', { micro: 1, lever: 0 }, 5, 0),
  market(6, 7, '0.24', '0.00001', '1', { micro: 0, lever: 0 }, 5, 0),
  market(7, 8, '650', '0.01', '0.001', { micro: 0, lever: 0 }, 2, 3),
];

export const DEMO_PASSWORD = 'oryx-demo-1';

export interface SeedUser {
  email: string;
  role: 'user' | 'admin' | 'operator' | 'auditor';
  is_seller: 0 | 1;
  extension_code: string;
  /** Invited by (extension code). */
  parent?: string;
}

/** Demo accounts: demo mode only. */
export const DEMO_USERS: SeedUser[] = [
  { email: 'admin@oryx.local', role: 'admin', is_seller: 0, extension_code: 'ORYXADM1' },
  // Console staff (modules/console): two operators (four-eyes needs a second one) and an auditor.
  { email: 'operator@oryx.local', role: 'operator', is_seller: 0, extension_code: 'ORYXOPS1' },
  { email: 'operator2@oryx.local', role: 'operator', is_seller: 0, extension_code: 'ORYXOPS2' },
  { email: 'auditor@oryx.local', role: 'auditor', is_seller: 0, extension_code: 'ORYXAUD1' },
  { email: 'demo1@oryx.local', role: 'user', is_seller: 0, extension_code: 'DEMO0001', parent: 'ORYXADM1' },
  { email: 'demo2@oryx.local', role: 'user', is_seller: 0, extension_code: 'DEMO0002', parent: 'DEMO0001' },
  { email: 'seller@oryx.local', role: 'user', is_seller: 1, extension_code: 'SELLER01', parent: 'DEMO0001' },
  // C2C merchants (no inviter): their ads fill the C2C market (modules/p2p/demo-ads.ts).
  { email: 'merchant1@oryx.local', role: 'user', is_seller: 0, extension_code: 'MERCH001' },
  { email: 'merchant2@oryx.local', role: 'user', is_seller: 0, extension_code: 'MERCH002' },
];
