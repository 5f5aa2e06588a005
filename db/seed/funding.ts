/**
 * Deposit and withdrawal terms of the demo coins, seeded on every start when missing (never overwritten:
 * the operator edits them). Decimal strings in whole units; the seeder converts them with the coin's scale.
 * Every demo network runs on the embedded sandbox chain (`chain: 'sandbox'`); its `contract_address` is
 * the sandbox's name for the asset, so two coins on the one sandbox chain never mix.
 */
export interface SeedFundingNetwork {
  /** Stable id (type_data[].id). */
  id: number;
  type: string;
  name: string;
  chain: string;
  contract_address: string;
  confirmations: number;
  /** Network minimum withdrawal (`min_number`). */
  min_withdraw: string;
  /** Fee rate, percent with up to 2 decimals (`rate`). */
  rate: string;
}

export interface SeedFundingCoin {
  /** A currency id of db/seed/reference.ts. */
  currency_id: number;
  /** 1 address only, 2 address plus memo. */
  make_wallet: 1 | 2;
  /** 1 address plus bank, 2 third-party payment only, 3 address only. */
  is_show: 1 | 2 | 3;
  min_deposit: string;
  min_withdraw: string;
  max_withdraw: string;
  withdraw_fee: string;
  /** Withdrawals above this wait for an operator. */
  approval_above: string;
  networks: SeedFundingNetwork[];
}

const sandbox = (
  id: number,
  type: string,
  name: string,
  asset: string,
  confirmations: number,
  min_withdraw: string,
  rate = '0',
): SeedFundingNetwork => ({
  id,
  type,
  name,
  chain: 'sandbox',
  contract_address: `SBX-${asset}`,
  confirmations,
  min_withdraw,
  rate,
});

export const FUNDING_COINS: SeedFundingCoin[] = [
  {
    currency_id: 1, // USDT: two networks, so the client shows its network choice (multi_protocol 1)
    make_wallet: 1,
    is_show: 1, // addresses, and the rupiah channel (modules/funding/pay) for deposits and withdrawals
    min_deposit: '1',
    min_withdraw: '10',
    max_withdraw: '100000',
    withdraw_fee: '1',
    approval_above: '10000',
    networks: [
      sandbox(1, 'erc20', 'ERC20', 'USDT-ERC20', 6, '10', '0.1'),
      sandbox(2, 'omni', 'OMNI', 'USDT-OMNI', 3, '20', '0.2'),
    ],
  },
  coin(2, 'BTC', 3, '0.0001', '0.001', '100', '0.0005', '1'),
  coin(3, 'ETH', 6, '0.001', '0.01', '1000', '0.005', '20'),
  coin(4, 'LTC', 6, '0.01', '0.1', '10000', '0.01', '500'),
  { ...coin(5, 'XRP', 3, '1', '20', '1000000', '0.25', '50000'), make_wallet: 2 },
  coin(6, 'DOGE', 6, '10', '50', '10000000', '5', '1000000'),
  coin(7, 'TRX', 6, '10', '50', '10000000', '1', '1000000'),
  coin(8, 'BNB', 6, '0.01', '0.1', '10000', '0.001', '100'),
];

/** A coin with one native network on the sandbox chain. */
function coin(
  currency_id: number,
  name: string,
  confirmations: number,
  min_deposit: string,
  min_withdraw: string,
  max_withdraw: string,
  withdraw_fee: string,
  approval_above: string,
): SeedFundingCoin {
  return {
    currency_id,
    make_wallet: 1,
    is_show: 3,
    min_deposit,
    min_withdraw,
    max_withdraw,
    withdraw_fee,
    approval_above,
    networks: [sandbox(currency_id + 10, 'native', name, name, confirmations, min_withdraw)],
  };
}
