/**
 * The deposit scanner of one chain. Each run reads the chain from where the last run stopped, or from the
 * lowest block of a deposit still confirming if that is lower (so a reorganisation of those blocks is
 * seen), records every transfer to a user's deposit address (one row per chain, tx hash and log index),
 * marks a confirming deposit whose block was replaced as out of the chain (no credit; counted again if the
 * transfer comes back), recounts confirmations, and credits each deposit that reached its network's
 * confirmations: status 0 → 1 and the ledger movement `chain_hot_wallet` → the user's change wallet in one
 * transaction, so it happens once, across runs, restarts and reorganisations. The credit also takes the
 * transaction's row in `funding_tx_credits` (chain + tx hash, shared by the outputs of one transaction):
 * a transaction an operator already credited through a deposit claim is closed as status 4, not paid.
 */
import { notify } from '../notifications/service';
import type { AppContext } from '../../lib/context';
import type { Db } from '../../db/connection';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { confirmationsAt, type ChainTransfer } from './chain/adapter';
import { chainAdapter } from './chain/registry';
import { SANDBOX_CHAIN } from './chain/sandbox';
import { fundingConfig, type Network } from './config';
import { fundingConfigRepo } from './config-repo';
import { claimsRepo } from './claims-repo';
import { fundingRepo, type OpenDeposit, type SeenTransfer } from './repo';

/** Blocks read per run at most (a scanner far behind catches up over several runs). */
export const SCAN_BATCH_BLOCKS = 500;
/** A deposit out of the chain for this many blocks is dropped (it never came back). */
export const DROP_AFTER_BLOCKS = 100;
export const DEPOSIT_REASON = 'funding.deposit';
export const DEPOSIT_REF_TYPE = 'funding_deposit';

export interface ScanReport {
  from: number;
  to: number;
  head: number;
  credited: number;
}

export async function scanChain(ctx: AppContext, chain: string): Promise<ScanReport | null> {
  const networks = await fundingConfig.networksOnChain(ctx.db, chain);
  if (networks.length === 0) return null;
  const adapter = chainAdapter(ctx, chain);
  const head = await adapter.head();
  if (head < 0) return null;
  const state = await fundingRepo.scanState(ctx.db, chain);
  const lowestOpen = await fundingRepo.lowestOpenHeight(ctx.db, chain);
  const start = state?.next_height ?? (adapter.startHeight ? await adapter.startHeight() : 0);
  const from = Math.min(start, lowestOpen ?? Number.MAX_SAFE_INTEGER);
  const to = Math.min(head, from + SCAN_BATCH_BLOCKS - 1);
  const at = ctx.clock.now();
  if (to >= from) {
    const byAsset = new Map(networks.map((n) => [n.contract_address, n]));
    const { transfers } = await adapter.scan(from, to, [...byAsset.keys()]);
    const seen = await recordTransfers(ctx, chain, byAsset, transfers, head);
    await fundingRepo.orphanUnseen(ctx.db, chain, from, to, seen);
  }
  await fundingRepo.recount(ctx.db, chain, head, head - DROP_AFTER_BLOCKS);
  const credited = await creditDue(ctx, chain);
  await fundingRepo.saveScanState(ctx.db, chain, Math.max(to + 1, start), head, at);
  return { from, to, head, credited };
}

/** Records the transfers to users' addresses; returns the keys (`tx:log`) of those recorded. */
async function recordTransfers(
  ctx: AppContext,
  chain: string,
  byAsset: ReadonlyMap<string, Network>,
  transfers: readonly ChainTransfer[],
  head: number,
): Promise<Set<string>> {
  const owners = await fundingRepo.owners(
    ctx.db,
    chain,
    transfers.map((t) => t.to),
  );
  const seen = new Set<string>();
  const rows: SeenTransfer[] = [];
  for (const t of transfers) {
    const network = byAsset.get(t.asset);
    const userId = owners.get(`${t.to}\n${t.memo}`);
    if (!network || userId === undefined) continue;
    const key = `${t.txHash}:${t.logIndex}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      chain,
      txHash: t.txHash,
      logIndex: t.logIndex,
      networkId: network.id,
      currencyId: network.currency_id,
      userId,
      address: t.to,
      memo: t.memo,
      amountMinor: t.amountMinor,
      blockHeight: t.blockHeight,
      blockHash: t.blockHash,
      confirmations: confirmationsAt(t.blockHeight, head),
    });
  }
  await fundingRepo.upsertSeenMany(ctx.db, rows, ctx.clock.now());
  return seen;
}

async function creditDue(ctx: AppContext, chain: string): Promise<number> {
  let credited = 0;
  for (const d of await fundingRepo.due(ctx.db, chain)) {
    if (await creditOne(ctx, d)) credited++;
  }
  return credited;
}

/** Credits one confirmed deposit (or closes it unpaid when below the minimum); false if already closed. */
async function creditOne(ctx: AppContext, d: OpenDeposit): Promise<boolean> {
  const at = ctx.clock.now();
  const pays = d.amount_minor >= d.min_deposit_minor;
  return runInTransaction(ctx.db, async (trx) => {
    if (pays && (await creditedByClaim(trx, d, at))) {
      await fundingRepo.close(trx, d.id, 4, at);
      return false;
    }
    if (!(await fundingRepo.close(trx, d.id, pays ? 1 : 3, at))) return false;
    if (!pays) return false;
    await ledger.transfer(trx, {
      from: systemAccount('chain_hot_wallet'),
      to: userAccount(d.user_id, 'change'),
      currencyId: d.currency_id,
      amountMinor: d.amount_minor,
      reason: DEPOSIT_REASON,
      ref: { type: DEPOSIT_REF_TYPE, id: d.id },
      at,
    });
    const money = { currencyId: d.currency_id, minor: d.amount_minor };
    await notify(trx, [{ userId: d.user_id, kind: 'deposit.credited', params: { id: d.id }, money }], at);
    return true;
  });
}

/**
 * Takes the deposit's transaction in `funding_tx_credits` (kept if another output of it already did);
 * true when a deposit claim credited that transaction first. On PostgreSQL a claim crediting it at the
 * same moment holds the key until it commits, and this insert waits for it.
 */
async function creditedByClaim(trx: Db, d: OpenDeposit, at: number): Promise<boolean> {
  const txHash = d.tx_hash.toLowerCase();
  await claimsRepo.takeCredit(trx, { chain: d.chain, txHash, source: 'deposit', refId: d.id, at });
  return (await claimsRepo.creditSource(trx, d.chain, txHash)) === 'claim';
}

/** Every chain with an enabled network, scanned one after the other. */
export async function scanAllChains(ctx: AppContext): Promise<void> {
  for (const chain of await fundingConfigRepo.enabledChains(ctx.db)) {
    // The simulated chain's networks are not read where it does not run (production, unless chosen).
    if (chain === SANDBOX_CHAIN && !ctx.env.SANDBOX_CHAIN_ENABLED) continue;
    await scanChain(ctx, chain);
  }
}
