/** `wallet/pay_log`: the caller's rupiah deposits or withdrawals, newest first. */
import { formatMinor } from '@oryx/contracts/money';
import { formatExchangeTime } from '@oryx/contracts/time';
import { FUNDING_LOG_LIMIT } from '@oryx/contracts/funding/calls';
import type { AppContext } from '../../../lib/context';
import { lastPage } from '../../../lib/paging';

export async function payLog(ctx: AppContext, userId: number, input: { type: 'in' | 'out'; page: number }) {
  const offset = (input.page - 1) * FUNDING_LOG_LIMIT;
  const table = input.type === 'in' ? 'funding_pay_orders' : 'funding_pay_payouts';
  const { n } = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const data =
    input.type === 'in'
      ? (
          await ctx.db
            .selectFrom('funding_pay_orders as o')
            .innerJoin('currencies as c', 'c.id', 'o.currency_id')
            .selectAll('o')
            .select(['c.name', 'c.scale'])
            .where('o.user_id', '=', userId)
            .orderBy('o.id', 'desc')
            .limit(FUNDING_LOG_LIMIT)
            .offset(offset)
            .execute()
        ).map((r) => ({
          id: r.id,
          currency_name: r.name,
          number: formatMinor(r.credit_minor, r.scale),
          fee: formatMinor(0n, r.scale),
          amount_idr: r.amount_idr,
          channel: r.channel,
          status: r.status,
          created_time: formatExchangeTime(r.created_at),
        }))
      : (
          await ctx.db
            .selectFrom('funding_pay_payouts as p')
            .innerJoin('currencies as c', 'c.id', 'p.currency_id')
            .selectAll('p')
            .select(['c.name', 'c.scale'])
            .where('p.user_id', '=', userId)
            .orderBy('p.id', 'desc')
            .limit(FUNDING_LOG_LIMIT)
            .offset(offset)
            .execute()
        ).map((r) => ({
          id: r.id,
          currency_name: r.name,
          number: formatMinor(r.amount_minor, r.scale),
          fee: formatMinor(r.fee_minor, r.scale),
          amount_idr: r.amount_idr,
          channel: r.bank_name || r.bank_code,
          status: r.status,
          created_time: formatExchangeTime(r.created_at),
        }));
  const total = Number(n);
  return { data, current_page: input.page, last_page: lastPage(total, FUNDING_LOG_LIMIT), total };
}
