/**
 * What one area provides to another without the other importing it: the provider names it in its
 * module descriptor (`provides`), buildApp puts it on `ctx.seams`, the consumer calls it there. Where no
 * module provides a seam, its default below stands.
 */
import type { Db } from '../db/connection';

/** USDT price (scale 8: minor units of USDT per 1 whole unit of the currency) per currency id, where known. */
export type UsdtPriceSource = (db: Db) => Promise<Map<number, bigint>>;
/** Whether `userId` has open lever positions (or pending lever orders) whose margin is in `currencyId`. */
export type LeverPositionsCheck = (db: Db, userId: number, currencyId: number) => Promise<boolean>;

/** One operator action, as the route layer saw it (recorded in the audit log by the console area). */
export interface StaffAction {
  at: number;
  actorId: number;
  actorRole: string;
  ip: string;
  call: string;
  /** The input the call acted on, bounded field by field (lib/audit-bounds.ts); secrets masked. */
  input: Record<string, unknown>;
  /** 'ok' or the refusal's error code. */
  outcome: string;
  /**
   * What the handler said it changed (`CallRequest.audit`): the subject and its values before and after;
   * without a report, the call's name and the id its input names.
   */
  change: StaffChange | null;
  /** The call's reply, bounded; null for a refusal. */
  result?: unknown;
}
export interface StaffChange {
  subject: string;
  subjectId?: string | number;
  before?: unknown;
  after?: unknown;
}
export type StaffAuditSink = (db: Db, action: StaffAction) => Promise<void>;

/** The coin-movement fields of one `wallet/list` row (network type, contract, multi-protocol, memo). */
export interface WalletRowFunding {
  currency_type: string;
  contract_address: string;
  multi_protocol: number;
  is_show_memo: number;
  type: string;
}
/** The fields of a coin that cannot be deposited or withdrawn. */
export const NO_WALLET_ROW_FUNDING: WalletRowFunding = {
  currency_type: '',
  contract_address: '',
  multi_protocol: 0,
  is_show_memo: 0,
  type: '',
};
/** Those fields per currency id, for every coin that can be deposited or withdrawn. */
export type WalletRowFundingSource = (db: Db) => Promise<Map<number, WalletRowFunding>>;

export interface Seams {
  /**
   * Wallet valuations use these prices where known and each currency's `reference_usdt_price_minor`
   * otherwise. Provided by spot (its last trade prices). Default: none known.
   */
  usdtPrices: UsdtPriceSource;
  /**
   * While it says yes, the wallet refuses transfers OUT of the lever wallet in that currency
   * (docs/business-rules.md, "Wallets"). Provided by the lever area. Default: no positions.
   */
  leverPositions: LeverPositionsCheck;
  /**
   * Records every changing operator call (route layer, lib/route.ts). Provided by the console area.
   * Default: nothing recorded.
   */
  staffAudit: StaffAuditSink;
  /** `wallet/list`'s deposit and withdrawal fields per coin. Provided by funding. Default: none. */
  walletRowFunding: WalletRowFundingSource;
}

const defaults: Seams = {
  usdtPrices: async () => new Map(),
  leverPositions: async () => false,
  staffAudit: async () => {},
  walletRowFunding: async () => new Map(),
};

/** The app's seams: the defaults, replaced by what the modules provide (each seam by one module at most). */
export function composeSeams(provided: readonly Partial<Seams>[]): Seams {
  for (const name of Object.keys(defaults) as (keyof Seams)[]) {
    if (provided.filter((p) => p[name]).length > 1) throw new Error(`two modules provide the seam ${name}`);
  }
  return Object.assign({ ...defaults }, ...provided) as Seams;
}
