/**
 * What the funding rules need from a chain, and nothing more. One adapter per chain (`funding_networks.chain`):
 * the embedded sandbox chain (sandbox.ts) is the default; a real chain (an EVM node over JSON-RPC, say) plugs
 * in behind the same interface:
 *
 * - deposit addresses are derived, never stored keys: the EVM adapter derives child `index` of an
 *   extended public key, so the server holds no deposit private key;
 * - a deposit is identified by (chain, tx hash, log index), the same across scans, restarts and
 *   reorganisations, which is what makes crediting exactly-once;
 * - `scan` reads a range of the canonical chain and reports each block's hash, so the scanner notices
 *   when a block it read before was replaced, and resumes from its own saved height after a restart;
 * - `send` is idempotent per withdrawal reference (a retry after a crash never sends twice), and
 *   `follow` reports a sent withdrawal as pending, confirming, final or failed.
 *
 * Amounts cross this interface in the currency's minor units (`currencies.scale`); an adapter whose
 * assets use other decimals (ERC-20 tokens) converts at its edge.
 */

export interface ChainBlockRef {
  height: number;
  hash: string;
}

export interface ChainTransfer {
  txHash: string;
  /** Position of the transfer in its transaction (the ERC-20 log index; 0 for a native transfer). */
  logIndex: number;
  blockHeight: number;
  blockHash: string;
  /** The token contract ('' or the sandbox's asset name for the native coin). */
  asset: string;
  to: string;
  /** '' when the chain has no memo. */
  memo: string;
  amountMinor: bigint;
}

export interface ScanResult {
  blocks: ChainBlockRef[];
  transfers: ChainTransfer[];
}

export interface SendRequest {
  /** Unique per withdrawal: sending the same reference again returns the first transaction. */
  reference: string;
  asset: string;
  to: string;
  memo: string;
  amountMinor: bigint;
}

/** The network fee a mined send paid, in the minor units of the chain's asset `asset` ('' native). */
export interface NetworkFee {
  asset: string;
  amountMinor: bigint;
}

export type SendState =
  | { state: 'pending' }
  | { state: 'confirming'; confirmations: number }
  | { state: 'final'; confirmations: number; networkFee?: NetworkFee }
  | { state: 'failed'; reason: string; networkFee?: NetworkFee };

export interface ChainAdapter {
  /** The chain's key in `funding_networks.chain`. */
  readonly chain: string;
  /** Labelled as a simulation in the user interface. */
  readonly isSandbox: boolean;
  /** The deposit address at derivation index `index` (deterministic). */
  deriveAddress(index: number): string;
  /** Well formed for this chain, checksum included. */
  isValidAddress(address: string): boolean;
  /** A well-formed address of another network of this chain family (mainnet vs test, Bitcoin vs Litecoin). */
  isOtherNetworkAddress?(address: string): boolean;
  /**
   * The withdrawals due on this chain now, before they are sent one by one: a chain that batches (UTXO)
   * builds one transaction for them here, and `send` then answers each reference from it.
   */
  prepareSends?(reqs: readonly SendRequest[]): Promise<void>;
  /** Height of the canonical tip; -1 before the first block. */
  head(): Promise<number>;
  /**
   * Where a scanner with no saved height starts (a real chain is not read from its genesis); 0 when
   * absent.
   */
  startHeight?(): Promise<number>;
  /** Blocks `from..to` of the canonical chain (inclusive) with the transfers of `assets` in them. */
  scan(from: number, to: number, assets: readonly string[]): Promise<ScanResult>;
  send(req: SendRequest): Promise<{ txHash: string }>;
  /** Where a sent transaction stands; final after `finalAfter` confirmations. */
  follow(txHash: string, finalAfter: number): Promise<SendState>;
}

/** Confirmations of a transfer in block `height` when the tip is `head` (its own block counts). */
export const confirmationsAt = (height: number, head: number): number =>
  head >= height ? head - height + 1 : 0;
