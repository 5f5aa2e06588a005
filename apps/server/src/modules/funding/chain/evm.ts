/**
 * A real EVM chain (Ethereum and its kin) behind the chain adapter interface, over JSON-RPC with viem.
 *
 * - Deposit addresses: children of the configured xpub (evm-keys.ts); no deposit private key here.
 * - Assets: '' is the chain's native coin (18 decimals), any other asset is an ERC-20 contract address.
 *   Amounts are converted at this edge between the token's decimals and the currency's scale (the
 *   currency's minor units); dust below one minor unit is not counted.
 * - `scan(from, to)`: ERC-20 `Transfer` logs of the assets (eth_getLogs, EVM_LOG_RANGE blocks a request),
 *   keyed by tx hash and log index; native transfers from the blocks' transactions (log index = -1 - the
 *   transaction's position, so a native transfer never shares a key with a log). A native transfer that
 *   calls code (input data) is counted only if its receipt succeeded. Value moved by contracts (internal
 *   transfers) is not seen.
 * - `send` / `follow`: the hot wallet (evm-hot-wallet.ts).
 */
import {
  createPublicClient,
  erc20Abi,
  getAddress,
  toHex,
  type Hex,
  type PublicClient,
  type Transport,
} from 'viem';
import type { Db } from '../../../db/connection';
import type {
  ChainAdapter,
  ChainBlockRef,
  ChainTransfer,
  ScanResult,
  SendRequest,
  SendState,
} from './adapter';
import { isEvmAddress, XprvSigner, XpubDeriver } from './evm-keys';
import { EvmHotWallet } from './evm-hot-wallet';
import { fundingConfigRepo } from '../config-repo';
import { catalogRepo } from '../../catalog/repo';

/** keccak256('Transfer(address,address,uint256)'). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const NATIVE_ASSET = '';
const NATIVE_DECIMALS = 18;
/** Blocks fetched at once when native transfers are scanned. */
const BLOCK_FETCH_PARALLEL = 8;

export interface EvmAdapterOptions {
  chain: string;
  db: Db;
  transport: Transport;
  chainId: number;
  xpub: string;
  /** 0x + 64 hex; without it the adapter reads and derives but cannot send. */
  hotWalletKey?: string;
  logRange?: number;
  /** Where the scanner starts without a saved height (default: the tip at its first run). */
  startBlock?: number;
  /** The xprv whose public half is `xpub`: the deposit addresses' keys, for sweeping (evm-sweeps.ts). */
  sweepXprv?: string;
  now: () => number;
}

export class EvmAdapter implements ChainAdapter {
  readonly chain: string;
  readonly isSandbox = false;
  readonly client: PublicClient;
  private readonly deriver: XpubDeriver;
  private readonly wallet: EvmHotWallet | undefined;
  /** The deposit addresses' keys (sweeps); undefined without EVM_SWEEP_XPRV. */
  readonly sweepKeys: XprvSigner | undefined;
  readonly chainId: number;
  private readonly logRange: number;
  private readonly startBlock: number | undefined;
  private readonly db: Db;
  private readonly decimals = new Map<string, Promise<number>>();

  constructor(o: EvmAdapterOptions) {
    this.chain = o.chain;
    this.db = o.db;
    this.client = createPublicClient({ transport: o.transport, cacheTime: 0 });
    this.deriver = new XpubDeriver(o.xpub);
    this.logRange = o.logRange ?? 100;
    this.startBlock = o.startBlock;
    this.chainId = o.chainId;
    this.sweepKeys = o.sweepXprv ? new XprvSigner(o.sweepXprv, o.xpub) : undefined;
    this.wallet = o.hotWalletKey
      ? new EvmHotWallet({ ...o, hotWalletKey: o.hotWalletKey as Hex, client: this.client, units: this })
      : undefined;
  }

  /** The hot wallet's address ('' when no key is configured). */
  get hotWalletAddress(): string {
    return this.wallet?.address ?? '';
  }

  /** The hot wallet (undefined when no key is configured): sweeps use its nonces and signature. */
  get hotWallet(): EvmHotWallet | undefined {
    return this.wallet;
  }

  /** The asset's balance of `address` in on-chain units ('' = the native coin). */
  async balanceRaw(asset: string, address: string): Promise<bigint> {
    if (asset === NATIVE_ASSET) return this.client.getBalance({ address: address as Hex });
    return this.client.readContract({
      address: asset as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Hex],
    });
  }

  deriveAddress(index: number): string {
    return this.deriver.address(index);
  }

  isValidAddress(address: string): boolean {
    return isEvmAddress(address);
  }

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  /** EVM_START_BLOCK, else the tip when the scanner first runs (deposits before it are not looked for). */
  async startHeight(): Promise<number> {
    return this.startBlock ?? (await this.head());
  }

  async scan(from: number, to: number, assets: readonly string[]): Promise<ScanResult> {
    if (to < from || assets.length === 0) return { blocks: [], transfers: [] };
    const tokens = assets.filter((a) => a !== NATIVE_ASSET);
    const blocks = new Map<number, string>();
    const transfers: ChainTransfer[] = [];
    if (tokens.length > 0) transfers.push(...(await this.tokenTransfers(from, to, tokens, blocks)));
    if (assets.includes(NATIVE_ASSET)) transfers.push(...(await this.nativeTransfers(from, to, blocks)));
    transfers.sort((a, b) => a.blockHeight - b.blockHeight || a.logIndex - b.logIndex);
    const refs: ChainBlockRef[] = [...blocks].map(([height, hash]) => ({ height, hash }));
    return { blocks: refs.sort((a, b) => a.height - b.height), transfers };
  }

  private async tokenTransfers(
    from: number,
    to: number,
    tokens: readonly string[],
    blocks: Map<number, string>,
  ): Promise<ChainTransfer[]> {
    const byToken = new Map<string, { asset: string; shift: bigint; up: boolean }>();
    for (const t of tokens) byToken.set(t.toLowerCase(), { asset: t, ...(await this.unitsOf(t)) });
    const out: ChainTransfer[] = [];
    for (let start = from; start <= to; start += this.logRange) {
      const end = Math.min(to, start + this.logRange - 1);
      const logs = await this.client.request({
        method: 'eth_getLogs',
        params: [
          {
            address: tokens.map((t) => t as Hex),
            topics: [TRANSFER_TOPIC],
            fromBlock: toHex(start),
            toBlock: toHex(end),
          },
        ],
      });
      for (const l of logs) {
        const token = byToken.get(l.address.toLowerCase());
        if (!token || l.topics.length !== 3 || l.removed || l.blockNumber === null) continue;
        const height = Number(l.blockNumber);
        blocks.set(height, l.blockHash!);
        out.push({
          txHash: l.transactionHash!,
          logIndex: Number(l.logIndex),
          blockHeight: height,
          blockHash: l.blockHash!,
          asset: token.asset,
          to: getAddress(`0x${l.topics[2]!.slice(26)}`),
          memo: '',
          amountMinor: toMinor(BigInt(l.data), token),
        });
      }
    }
    return out;
  }

  private async nativeTransfers(from: number, to: number, blocks: Map<number, string>) {
    const units = await this.unitsOf(NATIVE_ASSET);
    const out: ChainTransfer[] = [];
    for (let start = from; start <= to; start += BLOCK_FETCH_PARALLEL) {
      const heights = [];
      for (let h = start; h <= Math.min(to, start + BLOCK_FETCH_PARALLEL - 1); h++) heights.push(h);
      const got = await Promise.all(
        heights.map((h) => this.client.getBlock({ blockNumber: BigInt(h), includeTransactions: true })),
      );
      for (const b of got) {
        const height = Number(b.number);
        blocks.set(height, b.hash);
        for (const tx of b.transactions) {
          if (tx.value === 0n || !tx.to) continue;
          if (tx.input !== '0x') {
            const r = await this.client.getTransactionReceipt({ hash: tx.hash });
            if (r.status !== 'success') continue;
          }
          out.push({
            txHash: tx.hash,
            logIndex: -1 - (tx.transactionIndex ?? 0),
            blockHeight: height,
            blockHash: b.hash,
            asset: NATIVE_ASSET,
            to: getAddress(tx.to),
            memo: '',
            amountMinor: toMinor(tx.value, units),
          });
        }
      }
    }
    return out;
  }

  /**
   * How the asset's on-chain units relate to its currency's minor units: `shift` powers of ten, `up` when
   * the token has fewer decimals than the currency's scale.
   */
  async unitsOf(asset: string): Promise<{ shift: bigint; up: boolean }> {
    const [decimals, scale] = await Promise.all([this.decimalsOf(asset), this.scaleOf(asset)]);
    return decimals >= scale
      ? { shift: 10n ** BigInt(decimals - scale), up: false }
      : { shift: 10n ** BigInt(scale - decimals), up: true };
  }

  private decimalsOf(asset: string): Promise<number> {
    if (asset === NATIVE_ASSET) return Promise.resolve(NATIVE_DECIMALS);
    let d = this.decimals.get(asset);
    if (!d) {
      d = this.client.readContract({ address: asset as Hex, abi: erc20Abi, functionName: 'decimals' });
      d.catch(() => this.decimals.delete(asset));
      this.decimals.set(asset, d);
    }
    return d;
  }

  /** The scale of the currency the asset is configured for on this chain (`funding_networks`). */
  private async scaleOf(asset: string): Promise<number> {
    const network = await fundingConfigRepo.networkOfAsset(this.db, this.chain, asset);
    const row = network && (await catalogRepo.currency(this.db, network.currency_id));
    if (!row) throw new Error(`asset ${asset || 'native'} is not configured on chain ${this.chain}`);
    return row.scale;
  }

  async send(req: SendRequest): Promise<{ txHash: string }> {
    if (!this.wallet) throw new Error(`chain ${this.chain}: no hot wallet key (EVM_HOT_WALLET_KEY)`);
    return this.wallet.send(req);
  }

  async follow(txHash: string, finalAfter: number): Promise<SendState> {
    if (!this.wallet) throw new Error(`chain ${this.chain}: no hot wallet key (EVM_HOT_WALLET_KEY)`);
    return this.wallet.follow(txHash, finalAfter);
  }
}

/** On-chain units → the currency's minor units (dust below one minor unit dropped). */
export function toMinor(raw: bigint, u: { shift: bigint; up: boolean }): bigint {
  return u.up ? raw * u.shift : raw / u.shift;
}

/** The currency's minor units → on-chain units. */
export function fromMinor(minor: bigint, u: { shift: bigint; up: boolean }): bigint {
  return u.up ? minor / u.shift : minor * u.shift;
}
