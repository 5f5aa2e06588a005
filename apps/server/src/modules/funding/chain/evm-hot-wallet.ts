/**
 * The EVM hot wallet: sends withdrawals and follows them. Each send takes the next nonce of the hot
 * wallet's address from `funding_evm_nonces` (atomically, so withdrawals sent at once get consecutive
 * nonces), signs the transaction and keeps it in `funding_evm_sends` under the withdrawal's reference in
 * the same database transaction, then broadcasts it. Sending the same reference again, or following a
 * transaction the node has lost (a restart, a reorganisation, a dropped broadcast), broadcasts the kept
 * transaction again: one nonce per withdrawal, never two transactions.
 */
import { encodeFunctionData, erc20Abi, getAddress, keccak256, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Db } from '../../../db/connection';
import { runInTransaction } from '../../../db/transaction';
import { evmRepo } from './evm-repo';
import { confirmationsAt, type SendRequest, type SendState } from './adapter';

const NATIVE_GAS = 21_000n;
const TOKEN_GAS_FALLBACK = 100_000n;
/** Gas estimates of token transfers get this margin (percent). */
const GAS_MARGIN = 130n;

interface Units {
  unitsOf(asset: string): Promise<{ shift: bigint; up: boolean }>;
}

export interface EvmHotWalletOptions {
  chain: string;
  chainId: number;
  db: Db;
  client: PublicClient;
  hotWalletKey: Hex;
  units: Units;
  now: () => number;
}

export class EvmHotWallet {
  readonly address: string;
  private readonly account: PrivateKeyAccount;

  constructor(private readonly o: EvmHotWalletOptions) {
    this.account = privateKeyToAccount(o.hotWalletKey);
    this.address = this.account.address;
  }

  async send(req: SendRequest): Promise<{ txHash: string }> {
    const kept = await this.kept(req.reference);
    if (kept) {
      // Signed before (a retry after a crash, say): broadcast again only if the node does not have it.
      await this.rebroadcastIfLost(kept.tx_hash as Hex, kept.raw_tx as Hex);
      return { txHash: kept.tx_hash };
    }
    const call = await this.callOf(req);
    const [fees, chainNonce] = await Promise.all([
      this.o.client.estimateFeesPerGas(),
      this.o.client.getTransactionCount({ address: this.account.address, blockTag: 'pending' }),
    ]);
    const signed = await runInTransaction(this.o.db, async (trx) => {
      await this.lockNonce(trx, chainNonce);
      // Under the lock: a concurrent send of the same reference has committed by now.
      const again = await evmRepo.sendByReference(trx, req.reference);
      if (again) return { txHash: again.tx_hash, raw: null };
      const nonce = await this.takeNonce(trx, chainNonce);
      const raw = await this.account.signTransaction({
        type: 'eip1559',
        chainId: this.o.chainId,
        nonce,
        ...call,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const txHash = keccak256(raw);
      await evmRepo.insertSend(trx, {
        reference: req.reference,
        chain: this.o.chain,
        from_address: this.address,
        nonce,
        tx_hash: txHash,
        raw_tx: raw,
        created_at: this.o.now(),
      });
      return { txHash, raw };
    });
    // Only the send that signed it broadcasts it (a concurrent send of the same reference just answers).
    if (signed.raw) await this.broadcast(signed.raw);
    return { txHash: signed.txHash };
  }

  /**
   * Signs `tx` with the hot wallet's next nonce, inside the caller's transaction (the nonce row stays
   * locked until it ends, so it never collides with a withdrawal). The caller keeps the transaction before
   * it broadcasts it.
   */
  async signNext(
    trx: Db,
    chainNonce: number,
    tx: { to: Hex; value: bigint; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<{ nonce: number; raw: Hex; txHash: Hex }> {
    await this.lockNonce(trx, chainNonce);
    const nonce = await this.takeNonce(trx, chainNonce);
    const raw = await this.signAt(nonce, tx);
    return { nonce, raw, txHash: keccak256(raw) };
  }

  /** Signs `tx` with a nonce already taken (a fee bump replaces the transaction of that nonce). */
  signAt(
    nonce: number,
    tx: { to: Hex; value: bigint; gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<Hex> {
    return this.account.signTransaction({
      type: 'eip1559',
      chainId: this.o.chainId,
      nonce,
      data: '0x',
      ...tx,
    });
  }

  /** The node's count of the hot wallet's transactions, pending ones included. */
  pendingNonce(): Promise<number> {
    return this.o.client.getTransactionCount({ address: this.account.address, blockTag: 'pending' });
  }

  /** Holds the hot wallet's nonce row until the transaction ends (concurrent sends queue up here). */
  private async lockNonce(trx: Db, chainNonce: number): Promise<void> {
    await evmRepo.lockNonce(trx, this.o.chain, this.address, chainNonce);
  }

  /** The next nonce: at least the node's pending count (another sender may have used the key). */
  private async takeNonce(trx: Db, chainNonce: number): Promise<number> {
    return evmRepo.takeNonce(trx, this.o.chain, this.address, chainNonce);
  }

  /** The transaction's target, value, data and gas. */
  private async callOf(req: SendRequest): Promise<{ to: Hex; value: bigint; data: Hex; gas: bigint }> {
    const units = await this.o.units.unitsOf(req.asset);
    const raw = units.up ? req.amountMinor / units.shift : req.amountMinor * units.shift;
    const to = getAddress(req.to);
    if (req.asset === '') return { to, value: raw, data: '0x', gas: NATIVE_GAS };
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, raw] });
    const token = getAddress(req.asset);
    // A transfer the node expects to revert (the hot wallet short of the token) is still sent, with a
    // fixed gas limit: it fails on the chain and the withdrawal is released, instead of blocking the queue.
    const estimate = await this.o.client
      .estimateGas({ account: this.account.address, to: token, data })
      .catch(() => TOKEN_GAS_FALLBACK);
    return { to: token, value: 0n, data, gas: (estimate * GAS_MARGIN) / 100n };
  }

  private async kept(reference: string) {
    return evmRepo.sendByReference(this.o.db, reference);
  }

  /** Broadcasts a kept transaction again when the node knows nothing of it; returns the node's refusal. */
  private async rebroadcastIfLost(txHash: Hex, raw: Hex): Promise<string | null> {
    const known = await this.o.client.getTransaction({ hash: txHash }).catch(() => null);
    return known ? null : this.broadcast(raw);
  }

  /** Broadcasts a signed transaction; a node that already has it (or has mined it) is fine. */
  async broadcast(raw: Hex): Promise<string | null> {
    try {
      await this.o.client.sendRawTransaction({ serializedTransaction: raw });
      return null;
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      if (/already known|already imported|known transaction|already exists/i.test(text)) return null;
      return text;
    }
  }

  async follow(txHash: string, finalAfter: number): Promise<SendState> {
    const receipt = await this.o.client.getTransactionReceipt({ hash: txHash as Hex }).catch(() => null);
    if (receipt) {
      // The gas the hot wallet paid, in the native coin's minor units rounded up (a cost): booked by the rules.
      const units = await this.o.units.unitsOf('');
      const feeRaw = receipt.gasUsed * receipt.effectiveGasPrice;
      const amountMinor = units.up ? feeRaw * units.shift : (feeRaw + units.shift - 1n) / units.shift;
      const networkFee = { asset: '', amountMinor };
      if (receipt.status !== 'success') return { state: 'failed', reason: 'reverted', networkFee };
      const head = Number(await this.o.client.getBlockNumber({ cacheTime: 0 }));
      const confirmations = confirmationsAt(Number(receipt.blockNumber), head);
      return confirmations >= finalAfter
        ? { state: 'final', confirmations, networkFee }
        : { state: 'confirming', confirmations };
    }
    const kept = await evmRepo.sendByTxHash(this.o.db, txHash);
    if (!kept) return { state: 'failed', reason: 'unknown transaction' };
    const refused = await this.rebroadcastIfLost(txHash as Hex, kept.raw_tx as Hex);
    // The nonce was used by another transaction that is mined: this one can never be.
    if (refused && /nonce too low|nonce.*(used|lower)/i.test(refused))
      return { state: 'failed', reason: 'replaced' };
    return { state: 'pending' };
  }
}
