/**
 * Manual deposit claims (`wallet/charge_req`): the user names an amount and the account the coins were
 * sent from; an operator confirms (the change wallet is credited from `chain_hot_wallet`) or rejects.
 * Also the deposit records (`wallet/in_log`).
 */
import { translate } from '@oryx/i18n';
import { formatMinor } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { FUNDING_LOG_LIMIT, type DepositRow } from '@oryx/contracts/funding/calls';
import { fourEyes } from '../console/four-eyes';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { runInTransaction } from '../../db/transaction';
import type { Db } from '../../db/connection';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { amountOf, assertOpen, coinOf } from './service';

export const CLAIM_REASON = 'funding.claim';
export const CLAIM_REF_TYPE = 'funding_claim';

export async function submitClaim(
  ctx: AppContext,
  userId: number,
  locale: string,
  input: { currency: number; amount?: unknown; account?: string },
): Promise<string> {
  assertOpen(ctx);
  const coin = await coinOf(ctx.db, input.currency);
  if (coin.deposit_open !== 1) throw new AppError('FUNDING_DEPOSIT_CLOSED');
  const account = (input.account ?? '').trim();
  if (!account) throw new AppError('FUNDING_ADDRESS_REQUIRED');
  const amountMinor = amountOf(input.amount, coin);
  await ctx.db
    .insertInto('funding_claims')
    .values({
      user_id: userId,
      currency_id: coin.currency_id,
      amount_minor: amountMinor,
      account,
      status: 0,
      created_at: ctx.clock.now(),
      decided_at: null,
    })
    .execute();
  return translate(locale, 'funding.claimSubmitted');
}

const claimQuery = (db: Db) =>
  db
    .selectFrom('funding_claims as f')
    .innerJoin('currencies as c', 'c.id', 'f.currency_id')
    .selectAll('f')
    .select(['c.name', 'c.scale']);

type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimQuery>['executeTakeFirstOrThrow']>>;
const adminClaim = (r: ClaimRow) => ({
  id: r.id,
  user_id: r.user_id,
  currency: r.currency_id,
  currency_name: r.name,
  amount: formatMinor(r.amount_minor, r.scale),
  account: r.account,
  status: r.status,
  created_at: r.created_at,
  decided_at: r.decided_at,
});

export async function listClaims(ctx: AppContext) {
  const rows = await claimQuery(ctx.db).orderBy('f.status').orderBy('f.id', 'desc').limit(500).execute();
  return rows.map(adminClaim);
}

/**
 * Confirms (credit) or rejects a pending claim, once. Above the four-eyes amount a credit needs a second
 * operator (console/four-eyes.ts): the first confirmation only records the request; the claim stays pending.
 */
export async function decideClaim(ctx: AppContext, id: number, approve: boolean, actorId: number) {
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, async (trx) => {
    const claim = await trx.selectFrom('funding_claims').selectAll().where('id', '=', id).executeTakeFirst();
    if (!claim) throw new AppError('FUNDING_NOT_FOUND');
    if (claim.status !== 0) throw new AppError('FUNDING_ALREADY_DECIDED');
    if (approve) {
      const check = await fourEyes(ctx, trx, {
        kind: 'funding.claim',
        subjectId: id,
        currencyId: claim.currency_id,
        amountMinor: claim.amount_minor,
        actorId,
        reason: `deposit claim ${id} from ${claim.account}`,
      });
      if (check.decision === 'pending') return;
    }
    const r = await trx
      .updateTable('funding_claims')
      .set({ status: approve ? 1 : 2, decided_at: at })
      .where('id', '=', id)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError('FUNDING_ALREADY_DECIDED');
    if (!approve) return;
    await ledger.transfer(trx, {
      from: systemAccount('chain_hot_wallet'),
      to: userAccount(claim.user_id, 'change'),
      currencyId: claim.currency_id,
      amountMinor: claim.amount_minor,
      reason: CLAIM_REASON,
      ref: { type: CLAIM_REF_TYPE, id },
      at,
    });
  });
  return adminClaim(await claimQuery(ctx.db).where('f.id', '=', id).executeTakeFirstOrThrow());
}

/** The caller's deposits, newest first. */
export async function depositLog(
  ctx: AppContext,
  userId: number,
  input: { currency?: unknown; page: number },
) {
  const currencyId = Number(input.currency);
  let q = ctx.db.selectFrom('funding_deposits as d').where('d.user_id', '=', userId);
  if (Number.isSafeInteger(currencyId) && currencyId > 0) q = q.where('d.currency_id', '=', currencyId);
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .innerJoin('currencies as c', 'c.id', 'd.currency_id')
      .innerJoin('funding_networks as w', 'w.id', 'd.network_id')
      .selectAll('d')
      .select(['c.name', 'c.scale', 'w.name as network', 'w.confirmations as required'])
      .orderBy('d.id', 'desc')
      .limit(FUNDING_LOG_LIMIT)
      .offset((input.page - 1) * FUNDING_LOG_LIMIT)
      .execute(),
  ]);
  const data: DepositRow[] = rows.map((r) => ({
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
  const total = Number(n);
  return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
}
