/**
 * How the rest of the server names a ledger account. An account is (owner, wallet, currency); the
 * currency travels with each movement, so a reference names only the owner and the wallet:
 *
 *   userAccount(userId, 'change')   the user's spot wallet
 *   systemAccount('fees')           the exchange's fee income
 */
import { invariant } from '../../lib/app-error';

/** The five wallets every user has per currency. */
export const USER_WALLETS = ['change', 'legal', 'lever', 'micro', 'deposit'] as const;
export type UserWallet = (typeof USER_WALLETS)[number];
export const isUserWallet = (v: unknown): v is UserWallet =>
  typeof v === 'string' && (USER_WALLETS as readonly string[]).includes(v);

/**
 * The exchange's own accounts. `mayGoNegative` marks the ones that stand for the outside world or the
 * exchange's own equity (the genesis of demo credits, the chain, the house side of options and lever
 * positions, the pools that pay rewards): their balance is the exchange's position, so it may be below
 * zero. Fee income and C2C escrow hold funds that exist, so they never go below zero.
 */
export const SYSTEM_ACCOUNTS = {
  genesis: { mayGoNegative: true },
  fees: { mayGoNegative: false },
  options_house: { mayGoNegative: true },
  lever_pool: { mayGoNegative: true },
  c2c_escrow: { mayGoNegative: false },
  chain_hot_wallet: { mayGoNegative: true },
  earning_pool: { mayGoNegative: true },
  referral_pool: { mayGoNegative: true },
  /** The other side of operators' corrections (modules/console): each one a visible movement with a reason. */
  adjustments: { mayGoNegative: true },
  // Issues JC points and pays the BEAU they are exchanged for (modules/points).
  points_pool: { mayGoNegative: true },
  // The counterparty of coin exchanges at the spot-derived price (modules/exchange).
  coin_exchange: { mayGoNegative: true },
  pay_channel: { mayGoNegative: true },
  // The EVM hot wallet's own holdings, read like chain_hot_wallet (what it holds is the negative): sweeps
  // move custody from chain_hot_wallet to it, the gas it pays leaves it (modules/funding/evm-sweeps.ts).
  evm_hot_wallet: { mayGoNegative: true },
  // Network fees (gas) the exchange paid to move coins on a chain: its cost, so below zero.
  chain_gas: { mayGoNegative: true },
} as const satisfies Record<string, { mayGoNegative: boolean }>;
export type SystemAccountName = keyof typeof SYSTEM_ACCOUNTS;
export const SYSTEM_ACCOUNT_NAMES = Object.keys(SYSTEM_ACCOUNTS) as SystemAccountName[];

/** user_id of system accounts (real user ids start at 1). */
export const SYSTEM_USER_ID = 0;

/**
 * Accounts a user may have beside the five wallets: `shop`, a merchant's shop balance per currency
 * (modules/p2p/shop). Not a trading wallet: wallet lists and transfers do not offer it.
 */
export const EXTRA_USER_WALLETS = ['shop'] as const;
export type AccountWallet = UserWallet | (typeof EXTRA_USER_WALLETS)[number];
const isAccountWallet = (v: unknown): v is AccountWallet =>
  isUserWallet(v) || (EXTRA_USER_WALLETS as readonly unknown[]).includes(v);

export type AccountRef =
  | { readonly kind: 'user'; readonly userId: number; readonly wallet: AccountWallet }
  | { readonly kind: 'system'; readonly name: SystemAccountName };

/** Each account has two buckets: `available` (spendable) and `frozen` (held for an order, a deal...). */
export type Bucket = 'available' | 'frozen';

export function userAccount(userId: number, wallet: AccountWallet): AccountRef {
  invariant(Number.isSafeInteger(userId) && userId > 0, `user id must be a positive integer, got ${userId}`);
  invariant(isAccountWallet(wallet), `unknown wallet ${String(wallet)}`);
  return { kind: 'user', userId, wallet };
}

export function systemAccount(name: SystemAccountName): AccountRef {
  invariant(Object.hasOwn(SYSTEM_ACCOUNTS, name), `unknown system account ${String(name)}`);
  return { kind: 'system', name };
}

/** The stored key of an account reference. */
export function accountKey(ref: AccountRef): { userId: number; wallet: string } {
  return ref.kind === 'user'
    ? { userId: ref.userId, wallet: ref.wallet }
    : { userId: SYSTEM_USER_ID, wallet: ref.name };
}

export const mayGoNegative = (ref: AccountRef): boolean =>
  ref.kind === 'system' && SYSTEM_ACCOUNTS[ref.name].mayGoNegative;

export const sameAccount = (a: AccountRef, b: AccountRef): boolean => {
  const ka = accountKey(a);
  const kb = accountKey(b);
  return ka.userId === kb.userId && ka.wallet === kb.wallet;
};

export const describeAccount = (ref: AccountRef): string =>
  ref.kind === 'user' ? `user ${ref.userId}/${ref.wallet}` : `system/${ref.name}`;
