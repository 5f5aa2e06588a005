/**
 * A UTXO chain (Bitcoin, Litecoin: Bitcoin Core JSON-RPC) behind the chain adapter interface.
 *
 * - Deposit addresses: BIP84 P2WPKH children of the configured account xpub (utxo-keys.ts); no deposit
 *   private key here.
 * - Assets: '' (the chain's coin). Amounts are converted at this edge between base units (8 decimals) and
 *   the currency's scale; an output below the chain's dust minimum (UTXO_<COIN>_DUST_MINOR) is not a
 *   deposit, and below one minor unit is not counted.
 * - `scan(from, to)`: every block of the range (getblockhash + getblock, verbosity 2), each output paying
 *   an address, keyed by txid and output index (the scanner keeps those to its users' addresses).
 * - `send` / `follow` / `prepareSends`: the hot wallet (utxo-wallet.ts): batched, RBF, followed to final.
 */
import type { Db } from '../../../db/connection';
import type {
  ChainAdapter,
  ChainBlockRef,
  ChainTransfer,
  ScanResult,
  SendRequest,
  SendState,
} from './adapter';
import type { UtxoRpc } from './utxo-rpc';
import { isOtherUtxoNetworkAddress, isUtxoAddress, UtxoXpubDeriver, type UtxoNetwork } from './utxo-keys';
import { UtxoHotWallet, type UtxoWalletSettings } from './utxo-wallet';
import { utxoRepo } from './utxo-repo';

export const UTXO_ASSET = '';
/** Base units per coin (every chain of the family has 8 decimals). */
const BASE_DECIMALS = 8;
/** Blocks fetched at once. */
const BLOCK_FETCH_PARALLEL = 4;

export interface UtxoAdapterOptions extends UtxoWalletSettings {
  chain: string;
  db: Db;
  rpc: UtxoRpc;
  network: UtxoNetwork;
  xpub: string;
  /** WIF; without it the adapter reads and derives but cannot send. */
  hotWalletKey?: string;
  startBlock?: number;
  /** Outputs below this many base units are not deposits. */
  dustMinor: bigint;
  now: () => number;
}

interface RpcBlock {
  hash: string;
  height: number;
  tx: {
    txid: string;
    vout: {
      value: number;
      n: number;
      ismweb?: boolean;
      scriptPubKey: { address?: string; addresses?: string[] };
    }[];
  }[];
}

export class UtxoAdapter implements ChainAdapter {
  readonly chain: string;
  readonly isSandbox = false;
  readonly wallet: UtxoHotWallet | undefined;
  private readonly deriver: UtxoXpubDeriver;
  private shift: Promise<bigint> | undefined;

  constructor(private readonly o: UtxoAdapterOptions) {
    this.chain = o.chain;
    this.deriver = new UtxoXpubDeriver(o.xpub, o.network);
    this.wallet = o.hotWalletKey
      ? new UtxoHotWallet({ ...o, hotWalletKey: o.hotWalletKey, units: () => this.unitShift() })
      : undefined;
  }

  deriveAddress(index: number): string {
    return this.deriver.address(index);
  }

  isValidAddress(address: string): boolean {
    return isUtxoAddress(address, this.o.network);
  }

  isOtherNetworkAddress(address: string): boolean {
    return isOtherUtxoNetworkAddress(address, this.o.network);
  }

  async head(): Promise<number> {
    return this.o.rpc.call<number>('getblockcount');
  }

  async startHeight(): Promise<number> {
    return this.o.startBlock ?? (await this.head());
  }

  async scan(from: number, to: number, assets: readonly string[]): Promise<ScanResult> {
    if (to < from || !assets.includes(UTXO_ASSET)) return { blocks: [], transfers: [] };
    const shift = await this.unitShift();
    const blocks: ChainBlockRef[] = [];
    const transfers: ChainTransfer[] = [];
    for (let start = from; start <= to; start += BLOCK_FETCH_PARALLEL) {
      const heights: number[] = [];
      for (let h = start; h <= Math.min(to, start + BLOCK_FETCH_PARALLEL - 1); h++) heights.push(h);
      const got = await Promise.all(heights.map((h) => this.block(h)));
      for (const b of got) {
        blocks.push({ height: b.height, hash: b.hash });
        this.transfersOf(b, shift, transfers);
      }
    }
    return { blocks, transfers };
  }

  private async block(height: number): Promise<RpcBlock> {
    const hash = await this.o.rpc.call<string>('getblockhash', [height]);
    const b = await this.o.rpc.call<RpcBlock>('getblock', [hash, 2]);
    if (!b || b.hash !== hash || b.height !== height || !Array.isArray(b.tx))
      throw new Error(`chain ${this.chain}: block ${height} answered malformed`);
    return b;
  }

  private transfersOf(b: RpcBlock, shift: bigint, out: ChainTransfer[]): void {
    for (const tx of b.tx) {
      for (const v of tx.vout) {
        if (v.ismweb) continue; // Litecoin's MWEB outputs are confidential: no address, no amount
        const spk = v.scriptPubKey;
        const to = spk.address ?? (spk.addresses?.length === 1 ? spk.addresses[0] : undefined);
        if (!to) continue;
        const base = coinsToBase(v.value);
        if (base < this.o.dustMinor) continue;
        const amountMinor = base / shift;
        if (amountMinor === 0n) continue;
        out.push({
          txHash: tx.txid,
          logIndex: v.n,
          blockHeight: b.height,
          blockHash: b.hash,
          asset: UTXO_ASSET,
          to,
          memo: '',
          amountMinor,
        });
      }
    }
  }

  /** Base units per minor unit of the currency configured on this chain (scale ≤ 8). */
  unitShift(): Promise<bigint> {
    this.shift ??= utxoRepo.scaleOf(this.o.db, this.chain, UTXO_ASSET).then((scale) => {
      if (scale === null || scale > BASE_DECIMALS)
        throw new Error(`chain ${this.chain}: no currency (scale ≤ 8) configured for its coin`);
      return 10n ** BigInt(BASE_DECIMALS - scale);
    });
    this.shift.catch(() => (this.shift = undefined));
    return this.shift;
  }

  async prepareSends(reqs: readonly SendRequest[]): Promise<void> {
    await this.hot().prepareSends(reqs);
  }

  async send(req: SendRequest): Promise<{ txHash: string }> {
    return this.hot().send(req);
  }

  async follow(txHash: string, finalAfter: number): Promise<SendState> {
    return this.hot().follow(txHash, finalAfter);
  }

  private hot(): UtxoHotWallet {
    if (!this.wallet) throw new Error(`chain ${this.chain}: no hot wallet key (UTXO_<COIN>_HOT_WALLET_KEY)`);
    return this.wallet;
  }
}

/** A JSON amount in coins (8 decimals at most) → base units, exactly. */
export function coinsToBase(value: number): bigint {
  const [whole, frac = ''] = value.toFixed(BASE_DECIMALS).split('.');
  return BigInt(whole!) * 10n ** BigInt(BASE_DECIMALS) + BigInt(frac.padEnd(BASE_DECIMALS, '0'));
}
