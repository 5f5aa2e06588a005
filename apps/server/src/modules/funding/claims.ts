/**
 * Manual deposit claims (`wallet/charge_req`): the user names an amount, the account the coins were sent
 * from and, when known, the transaction; an operator confirms (the change wallet is credited from
 * `chain_hot_wallet`) or rejects. A confirmation names the transaction it credits (the claim's own, or one
 * the operator names): one transaction is credited once, by the deposit scanner or by one claim, enforced
 * by `funding_tx_credits` (keyed by chain and tx hash) in the crediting transaction
 * (`FUNDING_TX_ALREADY_CREDITED`). Confirming is a four-eyes action with the claimant as beneficiary: an
 * operator never confirms a claim of their own account. Also the deposit records (`wallet/in_log`).
 */
import { notify } from '../notifications/service';
import { translate } from '@oryx/i18n';
import { formatMinor } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { FUNDING_LOG_LIMIT, type DepositRow } from '@oryx/contracts/funding/calls';
import { assertNotOwnAccount, closeOpenRequest, fourEyes } from '../console/four-eyes';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { catalogRepo, withCurrency, type CurrencyRow } from '../catalog/repo';
import { consoleRepo } from '../console/repo';
import { claimsRepo } from './claims-repo';
import { fundingLogsRepo } from './logs-repo';
import { isUniqueViolation, runInTransaction } from '../../db/transaction';
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { amountOf, assertOpen, coinOf, networkOf } from './service';
import { fundingConfig, type CoinTerms } from './config';

export const CLAIM_REASON = 'funding.claim';
export const CLAIM_REF_TYPE = 'funding_claim';
export const CLAIM_KIND = 'funding.claim';

/** A transaction hash as stored: lower case, hex with an optional 0x. */
const TX_HASH = /^(0x)?[0-9a-f]{16,128}$/;

/**
 * The chain and normalised hash of a transaction named for a claim of `coin`. The network (`type`) picks
 * the chain; without it the coin's networks must all be on one chain (the key is chain + hash).
 */
async function txOf(db: Db, coin: CoinTerms, rawHash: string, type: string | number | undefined) {
  const txHash = rawHash.trim().toLowerCase();
  if (!TX_HASH.test(txHash)) throw new AppError('FUNDING_TX_INVALID');
  if (type === undefined || type === '') {
    const chains = new Set((await fundingConfig.networks(db, coin.currency_id)).map((n) => n.chain));
    const [chain] = [...chains];
    if (chains.size !== 1 || chain === undefined) throw new AppError('FUNDING_TX_INVALID');
    return { chain, txHash };
  }
  const network = await networkOf(db, coin, type).catch((err: unknown) => {
    if (err instanceof AppError) throw new AppError('FUNDING_TX_INVALID');
    throw err;
  });
  return { chain: network.chain, txHash };
}

/**
 * Refuses a transaction already credited, or one the deposit scanner has seen and will credit (still
 * confirming). The unique key of `funding_tx_credits` settles a race between two paths.
 */
async function assertNotCredited(db: Db, chain: string, txHash: string): Promise<void> {
  if (await claimsRepo.isCreditedOrSeen(db, chain, txHash)) throw new AppError('FUNDING_TX_ALREADY_CREDITED');
}

export async function submitClaim(
  ctx: AppContext,
  userId: number,
  locale: string,
  input: { currency: number; amount?: unknown; account?: string; tx_hash?: string; type?: string | number },
): Promise<string> {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, input.currency);
  if (coin.deposit_open !== 1) throw new AppError('FUNDING_DEPOSIT_CLOSED');
  const account = (input.account ?? '').trim();
  if (!account) throw new AppError('FUNDING_ADDRESS_REQUIRED');
  const amountMinor = amountOf(input.amount, coin);
  const tx = input.tx_hash ? await txOf(ctx.db, coin, input.tx_hash, input.type) : null;
  if (tx) await assertNotCredited(ctx.db, tx.chain, tx.txHash);
  await claimsRepo.insert(ctx.db, {
    user_id: userId,
    currency_id: coin.currency_id,
    amount_minor: amountMinor,
    account,
    chain: tx?.chain ?? '',
    tx_hash: tx?.txHash ?? '',
    status: 0,
    created_at: ctx.clock.now(),
    decided_at: null,
  });
  return translate(locale, 'funding.claimSubmitted');
}

type ClaimRow = NonNullable<Awaited<ReturnType<typeof claimsRepo.byId>>>;
const adminClaim = (r: ClaimRow, currency: CurrencyRow, pending: ReadonlySet<string>) => ({
  id: r.id,
  user_id: r.user_id,
  currency: r.currency_id,
  currency_name: currency.name,
  amount: formatMinor(r.amount_minor, currency.scale),
  account: r.account,
  chain: r.chain,
  tx_hash: r.tx_hash,
  status: r.status,
  created_at: r.created_at,
  decided_at: r.decided_at,
  four_eyes_pending: pending.has(String(r.id)),
});

/** The claim ids with a first approval waiting for a second operator. */
const pendingApprovals = (db: Db): Promise<Set<string>> => consoleRepo.pendingSubjects(db, CLAIM_KIND, 1_000);

/** Claims as the operator sees them, with their currency's name and scale. */
async function adminClaims(db: Db, rows: ClaimRow[]) {
  const [currencies, pending] = await Promise.all([catalogRepo.currencyMap(db), pendingApprovals(db)]);
  return rows.flatMap((r) => {
    const c = currencies.get(r.currency_id);
    return c ? [adminClaim(r, c, pending)] : [];
  });
}

export async function listClaims(ctx: AppContext) {
  return adminClaims(ctx.db, await claimsRepo.listed(ctx.db));
}

/**
 * Confirms (credit) or rejects a pending claim, once. A confirmation names the transaction (the claim's,
 * or `tx` from the operator) and is refused when that transaction was already credited by any path. It is
 * a four-eyes action (console/four-eyes.ts): when one operator may not credit it alone, the first
 * confirmation only records the request (and the transaction on the claim); the claim stays pending.
 * A rejection closes such a waiting request. Nobody decides a claim of their own account.
 */
export async function decideClaim(
  ctx: AppContext,
  id: number,
  approve: boolean,
  actorId: number,
  tx: { tx_hash?: string; type?: string | number } = {},
) {
  const at = ctx.clock.now();
  try {
    await runInTransaction(ctx.db, async (trx) => {
      const claim = await findClaim(trx, id);
      if (!claim) throw new AppError('FUNDING_NOT_FOUND');
      if (claim.status !== 0) throw new AppError('FUNDING_ALREADY_DECIDED');
      assertNotOwnAccount(actorId, claim.user_id);
      if (!approve) {
        await closeOpenRequest(trx, CLAIM_KIND, id, actorId, at);
        await closeClaim(trx, id, 2, at);
        return;
      }
      const named = tx.tx_hash
        ? await txOf(trx, await coinOf(trx, claim.currency_id), tx.tx_hash, tx.type)
        : null;
      if (named && claim.tx_hash && (named.chain !== claim.chain || named.txHash !== claim.tx_hash))
        throw new AppError('FUNDING_TX_INVALID');
      const chain = claim.tx_hash ? claim.chain : named?.chain;
      const txHash = claim.tx_hash || named?.txHash;
      if (!chain || !txHash) throw new AppError('FUNDING_CLAIM_TX_REQUIRED');
      await assertNotCredited(trx, chain, txHash);
      if (!claim.tx_hash) await nameClaimTx(trx, id, chain, txHash);
      const check = await fourEyes(ctx, trx, {
        kind: CLAIM_KIND,
        subjectId: id,
        currencyId: claim.currency_id,
        amountMinor: claim.amount_minor,
        actorId,
        reason: `deposit claim ${id}: ${chain} ${txHash}`,
        beneficiaryId: claim.user_id,
      });
      if (check.decision === 'pending') return;
      await closeClaim(trx, id, 1, at);
      // The database's own guard: one credit per chain and tx hash, whichever path comes first.
      await claimsRepo.recordCredit(trx, { chain, txHash, source: 'claim', refId: id, at });
      await ledger.transfer(trx, {
        from: systemAccount('chain_hot_wallet'),
        to: userAccount(claim.user_id, 'change'),
        currencyId: claim.currency_id,
        amountMinor: claim.amount_minor,
        reason: CLAIM_REASON,
        ref: { type: CLAIM_REF_TYPE, id },
        at,
      });
      const money = { currencyId: claim.currency_id, minor: claim.amount_minor };
      await notify(trx, [{ userId: claim.user_id, kind: 'deposit.credited', params: { id }, money }], at);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('FUNDING_TX_ALREADY_CREDITED');
    throw err;
  }
  const row = await claimsRepo.byId(ctx.db, id);
  const [claim] = row ? await adminClaims(ctx.db, [row]) : [];
  if (!claim) throw new AppError('FUNDING_NOT_FOUND');
  return claim;
}

const findClaim = (trx: Db, id: number) => claimsRepo.byId(trx, id);

const nameClaimTx = (trx: Db, id: number, chain: string, txHash: string) =>
  claimsRepo.nameTx(trx, id, chain, txHash);

async function closeClaim(trx: Db, id: number, status: 1 | 2, at: number): Promise<void> {
  if (!(await claimsRepo.close(trx, id, status, at))) throw new AppError('FUNDING_ALREADY_DECIDED');
}

/** The caller's deposits, newest first. */
export async function depositLog(
  ctx: AppContext,
  userId: number,
  input: { currency?: unknown; page: number },
) {
  const currencyId = Number(input.currency);
  const { rows, total } = await fundingLogsRepo.depositsPage(
    ctx.db,
    userId,
    Number.isSafeInteger(currencyId) && currencyId > 0 ? currencyId : undefined,
    { page: input.page, limit: FUNDING_LOG_LIMIT },
  );
  const currencies = await catalogRepo.currencyMap(ctx.db);
  const data: DepositRow[] = withCurrency(rows, currencies).map((r) => ({
    id: r.id,
    currency: r.currency_id,
    currency_name: r.name,
    network: r.network,
    tx_hash: r.tx_hash,
    address: r.address,
    memo: r.memo,
    amount: formatMinor(r.amount_minor, r.scale),
    confirmations: r.confirmations,
    required_confirmations: r.required,
    status: r.status,
    created_time: formatExchangeTime(r.seen_at),
  }));
  return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
}
