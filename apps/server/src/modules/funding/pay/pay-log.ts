/** `wallet/pay_log`: the caller's rupiah deposits or withdrawals, newest first. */
import { formatMinor } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { FUNDING_LOG_LIMIT } from '@oryx/contracts/funding/calls';
import type { AppContext } from '../../../lib/context';
import { lastPage } from '../../../lib/paging';
import { catalogRepo, withCurrency } from '../../catalog/repo';
import { fundingLogsRepo } from '../logs-repo';

export async function payLog(ctx: AppContext, userId: number, input: { type: 'in' | 'out'; page: number }) {
  const at = { page: input.page, limit: FUNDING_LOG_LIMIT };
  const currencies = await catalogRepo.currencyMap(ctx.db);
  if (input.type === 'in') {
    const { rows, total } = await fundingLogsRepo.payOrdersPage(ctx.db, userId, at);
    const data = withCurrency(rows, currencies).map((r) => ({
      id: r.id,
      currency_name: r.name,
      number: formatMinor(r.credit_minor, r.scale),
      fee: formatMinor(0n, r.scale),
      amount_idr: r.amount_idr,
      channel: r.channel,
      status: r.status,
      created_time: formatExchangeTime(r.created_at),
    }));
    return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
  }
  const { rows, total } = await fundingLogsRepo.payoutsPage(ctx.db, userId, at);
  const data = withCurrency(rows, currencies).map((r) => ({
    id: r.id,
    currency_name: r.name,
    number: formatMinor(r.amount_minor, r.scale),
    fee: formatMinor(r.fee_minor, r.scale),
    amount_idr: r.amount_idr,
    channel: r.bank_name || r.bank_code,
    status: r.status,
    created_time: formatExchangeTime(r.created_at),
  }));
  return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
}
