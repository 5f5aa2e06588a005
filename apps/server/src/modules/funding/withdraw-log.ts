/** `wallet/out_log`: the caller's withdrawals, newest first. */
import { formatMinor } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { FUNDING_LOG_LIMIT } from '@oryx/contracts/funding/calls';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';

export async function withdrawLog(
  ctx: AppContext,
  userId: number,
  input: { currency?: unknown; page: number },
) {
  const currencyId = Number(input.currency);
  let q = ctx.db.selectFrom('funding_withdrawals as w').where('w.user_id', '=', userId);
  if (Number.isSafeInteger(currencyId) && currencyId > 0) q = q.where('w.currency_id', '=', currencyId);
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .innerJoin('currencies as c', 'c.id', 'w.currency_id')
      .innerJoin('funding_networks as k', 'k.id', 'w.network_id')
      .selectAll('w')
      .select(['c.name', 'c.scale', 'k.name as network'])
      .orderBy('w.id', 'desc')
      .limit(FUNDING_LOG_LIMIT)
      .offset((input.page - 1) * FUNDING_LOG_LIMIT)
      .execute(),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    currency: r.currency_id,
    currency_name: r.name,
    network: r.network,
    address: r.address,
    memo: r.memo,
    number: formatMinor(r.amount_minor, r.scale),
    fee: formatMinor(r.fee_minor, r.scale),
    real_number: formatMinor(r.amount_minor - r.fee_minor, r.scale),
    tx_hash: r.tx_hash ?? '',
    status: r.status,
    notes: r.notes,
    create_time: formatExchangeTime(r.created_at),
  }));
  const total = Number(n);
  return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
}

/** Operator: withdrawals with one status (0 waiting for review by default), oldest first. */
export async function adminWithdrawals(ctx: AppContext, status: number) {
  const rows = await ctx.db
    .selectFrom('funding_withdrawals as w')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .innerJoin('funding_networks as k', 'k.id', 'w.network_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .selectAll('w')
    .select(['c.name', 'c.scale', 'k.name as network', 'u.email', 'u.phone'])
    .where('w.status', '=', status)
    .orderBy('w.id')
    .limit(200)
    .execute();
  const pending = await ctx.db
    .selectFrom('staff_approvals')
    .select('subject_id')
    .where('kind', '=', 'funding.withdrawal')
    .where('status', '=', 'pending')
    .limit(1_000)
    .execute();
  const waiting = new Set(pending.map((p) => p.subject_id));
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    account: r.email ?? r.phone ?? '',
    currency: r.currency_id,
    currency_name: r.name,
    network: r.network,
    address: r.address,
    memo: r.memo,
    number: formatMinor(r.amount_minor, r.scale),
    fee: formatMinor(r.fee_minor, r.scale),
    real_number: formatMinor(r.amount_minor - r.fee_minor, r.scale),
    status: r.status,
    tx_hash: r.tx_hash ?? '',
    created_at: r.created_at,
    four_eyes_pending: waiting.has(String(r.id)),
  }));
}
