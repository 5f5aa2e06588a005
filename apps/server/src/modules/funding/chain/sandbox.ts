/**
 * The embedded sandbox chain: a simulated chain inside Oryx, persisted in its own tables
 * (`sandbox_chain_blocks`, `sandbox_chain_txs`), so a demo user sees a deposit arrive, count its
 * confirmations and get credited without any real network. One block every `SANDBOX_CHAIN_BLOCK_MS` on
 * the clock's timer (module.ts `background`); after a block, with chance `SANDBOX_CHAIN_REORG_PER_MILLE`
 * decided by a hash of `SANDBOX_CHAIN_SEED` and the height (so a seed replays the same history), the last
 * `SANDBOX_CHAIN_REORG_DEPTH` blocks are replaced by a longer branch. Transactions of the replaced blocks
 * go back to the mempool and come back in the new tip, so their confirmations start again at 1.
 *
 * Addresses: `sbx` + 36 hex characters + a 4-character checksum (the first 4 hex characters of the
 * sha256 of the rest); a typo fails the checksum.
 */
import type { Db } from '../../../db/connection';
import type { Env } from '../../../env';
import { sha256 } from '../../../lib/random';
import { sandboxChainRepo } from './sandbox-repo';
import {
  confirmationsAt,
  type ChainAdapter,
  type ChainBlockRef,
  type ScanResult,
  type SendRequest,
  type SendState,
} from './adapter';

export const SANDBOX_CHAIN = 'sandbox';
/** The sender of faucet transfers (shown as the deposit's origin). */
export const SANDBOX_FAUCET_ADDRESS = 'sandbox-faucet';
/** The exchange's hot wallet on the sandbox chain (the sender of withdrawals). */
export const SANDBOX_HOT_WALLET = 'sandbox-hot-wallet';

const ADDRESS = /^sbx([0-9a-f]{36})([0-9a-f]{4})$/;
const hex = (s: string) => `0x${sha256(s)}`;

export function sandboxAddress(seed: string, index: number): string {
  const body = sha256(`${seed}:address:${index}`).slice(0, 36);
  return `sbx${body}${sha256(body).slice(0, 4)}`;
}

/**
 * The sandbox's test recipient: a valid address of the simulated chain that belongs to nobody on the
 * exchange (no deposit address derives to it), offered in demo mode as somewhere to withdraw to.
 */
export function sandboxTestAddress(seed: string): string {
  return sandboxAddress(`${seed}:test-recipient`, 0);
}

export function isSandboxAddress(address: string): boolean {
  const m = ADDRESS.exec(address);
  return m !== null && sha256(m[1]!).slice(0, 4) === m[2];
}

/** Seeded randomness: does the block at `height` trigger a reorganisation? */
export function reorgsAt(seed: string, height: number, perMille: number): boolean {
  if (perMille <= 0) return false;
  return parseInt(sha256(`${seed}:reorg:${height}`).slice(0, 8), 16) % 1000 < perMille;
}

export interface SandboxTransfer {
  from: string;
  to: string;
  memo: string;
  asset: string;
  amountMinor: bigint;
}

export const sandboxChain = {
  async tip(db: Db): Promise<ChainBlockRef | undefined> {
    return sandboxChainRepo.tip(db);
  },

  /** The genesis block (height 0), once. */
  async ensureGenesis(db: Db, at: number): Promise<void> {
    await sandboxChainRepo.insertBlock(
      db,
      { height: 0, hash: hex('genesis'), parent_hash: '', mined_at: at },
      true,
    );
  },

  /** Mines one block on the tip; with `includePending` it takes the whole mempool. Returns its height. */
  async mine(db: Db, at: number, opts: { includePending?: boolean; salt?: string } = {}): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const parent = await sandboxChain.tip(trx);
      const height = parent ? parent.height + 1 : 0;
      const parentHash = parent?.hash ?? '';
      const hash = hex(`${parentHash}:${height}:${at}:${opts.salt ?? ''}`);
      await sandboxChainRepo.insertBlock(trx, { height, hash, parent_hash: parentHash, mined_at: at });
      if (opts.includePending === false) return height;
      await sandboxChainRepo.mineMempool(trx, height);
      return height;
    });
  },

  /**
   * Replaces the last `depth` blocks with a branch one block longer. Their transactions return to the
   * mempool and are mined in the new tip, or, with `drop`, vanish (a double spend: they never happened).
   */
  async reorg(db: Db, at: number, opts: { depth: number; drop?: boolean }): Promise<void> {
    const tip = await sandboxChain.tip(db);
    if (!tip || tip.height < opts.depth) return;
    const from = tip.height - opts.depth + 1;
    await db.transaction().execute((trx) => sandboxChainRepo.cutFrom(trx, from, opts.drop === true));
    for (let i = 0; i < opts.depth; i++)
      await sandboxChain.mine(db, at, { includePending: false, salt: 'reorg' });
    await sandboxChain.mine(db, at, { salt: 'reorg' });
  },

  /** Puts a transfer in the mempool; the same `txHash` twice is one transfer. */
  async submit(db: Db, at: number, txHash: string, t: SandboxTransfer): Promise<void> {
    await sandboxChainRepo.insertTx(db, at, txHash, t);
  },

  /** The faucet: coins from nowhere to `to` (the demo's way to make a deposit). Returns the tx hash. */
  async faucet(db: Db, at: number, t: Omit<SandboxTransfer, 'from'>): Promise<string> {
    const count = await sandboxChainRepo.txCount(db);
    const txHash = hex(`faucet:${t.to}:${t.memo}:${t.asset}:${t.amountMinor}:${at}:${count}`);
    await sandboxChain.submit(db, at, txHash, { ...t, from: SANDBOX_FAUCET_ADDRESS });
    return txHash;
  },

  /** Marks a transaction as reverted (tests and the demo's "failed withdrawal"). */
  async failTx(db: Db, txHash: string): Promise<void> {
    await sandboxChainRepo.failTx(db, txHash);
  },
};

/** One step of the sandbox's life: a block, then perhaps a reorganisation (seeded). */
export async function sandboxTick(db: Db, env: Env, at: number): Promise<void> {
  await sandboxChain.ensureGenesis(db, at);
  const height = await sandboxChain.mine(db, at);
  if (reorgsAt(env.SANDBOX_CHAIN_SEED, height, env.SANDBOX_CHAIN_REORG_PER_MILLE)) {
    await sandboxChain.reorg(db, at, { depth: env.SANDBOX_CHAIN_REORG_DEPTH });
  }
}

/** The sandbox chain behind the adapter interface. */
export class SandboxAdapter implements ChainAdapter {
  readonly chain = SANDBOX_CHAIN;
  readonly isSandbox = true;

  constructor(
    private readonly db: Db,
    private readonly seed: string,
    private readonly now: () => number,
  ) {}

  deriveAddress(index: number): string {
    return sandboxAddress(this.seed, index);
  }

  isValidAddress(address: string): boolean {
    return isSandboxAddress(address);
  }

  async head(): Promise<number> {
    return (await sandboxChain.tip(this.db))?.height ?? -1;
  }

  async scan(from: number, to: number, assets: readonly string[]): Promise<ScanResult> {
    if (to < from || assets.length === 0) return { blocks: [], transfers: [] };
    const [blocks, txs] = await Promise.all([
      sandboxChainRepo.blocksBetween(this.db, from, to),
      sandboxChainRepo.transfersBetween(this.db, from, to, assets),
    ]);
    const transfers = txs.map((t) => ({
      txHash: t.tx_hash,
      logIndex: t.log_index,
      blockHeight: t.block_height!,
      blockHash: t.hash,
      asset: t.asset,
      to: t.to_address,
      memo: t.memo,
      amountMinor: t.amount_minor,
    }));
    return { blocks, transfers };
  }

  async send(req: SendRequest): Promise<{ txHash: string }> {
    const txHash = hex(`withdrawal:${req.reference}`);
    await sandboxChain.submit(this.db, this.now(), txHash, { ...req, from: SANDBOX_HOT_WALLET });
    return { txHash };
  }

  async follow(txHash: string, finalAfter: number): Promise<SendState> {
    const tx = await sandboxChainRepo.txState(this.db, txHash);
    if (!tx) return { state: 'failed', reason: 'unknown transaction' };
    if (tx.block_height === null) return { state: 'pending' };
    if (tx.failed === 1) return { state: 'failed', reason: 'reverted' };
    const confirmations = confirmationsAt(tx.block_height, await this.head());
    return confirmations >= finalAfter
      ? { state: 'final', confirmations }
      : { state: 'confirming', confirmations };
  }
}
