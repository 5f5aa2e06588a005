/** `wallet/out_log`: the caller's withdrawals, newest first. */
import { formatMinor } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { FUNDING_LOG_LIMIT } from '@oryx/contracts/funding/calls';
import type { AppContext } from '../../lib/context';
import { lastPage } from '../../lib/paging';
import { catalogRepo, withCurrency } from '../catalog/repo';
import { consoleRepo } from '../console/repo';
import { userAdminRepo } from '../users/admin-repo';
import { fundingLogsRepo } from './logs-repo';

export async function withdrawLog(
  ctx: AppContext,
  userId: number,
  input: { currency?: unknown; page: number },
) {
  const currencyId = Number(input.currency);
  const [{ rows, total }, currencies] = await Promise.all([
    fundingLogsRepo.withdrawalsPage(
      ctx.db,
      userId,
      Number.isSafeInteger(currencyId) && currencyId > 0 ? currencyId : undefined,
      { page: input.page, limit: FUNDING_LOG_LIMIT },
    ),
    catalogRepo.currencyMap(ctx.db),
  ]);
  const data = withCurrency(rows, currencies).map((r) => ({
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
  return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
}

/** Operator: withdrawals with one status (0 waiting for review by default), oldest first. */
export async function adminWithdrawals(ctx: AppContext, status: number) {
  const rows = await fundingLogsRepo.adminWithdrawals(ctx.db, status);
  const [currencies, logins, waiting] = await Promise.all([
    catalogRepo.currencyMap(ctx.db),
    userAdminRepo.logins(
      ctx.db,
      rows.map((r) => r.user_id),
    ),
    consoleRepo.pendingSubjects(ctx.db, 'funding.withdrawal', 1_000),
  ]);
  return withCurrency(rows, currencies)
    .flatMap((r) => {
      const u = logins.get(r.user_id);
      return u ? [{ ...r, email: u.email, phone: u.phone }] : [];
    })
    .map((r) => ({
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
