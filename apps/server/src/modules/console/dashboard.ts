/**
 * The console's dashboard: the last ledger check and when it ran, system-account balances per currency,
 * users, 24 h volumes per area and market, and the queues waiting for an operator. Read-only: the queue
 * counts read other areas' tables directly (counting is not a rule; each area keeps its own states).
 */
import { formatMinor } from '@oryx/contracts/money';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { checkLedger } from '../ledger/check';
import { SYSTEM_USER_ID } from '../ledger/accounts';

const DAY_MS = 86_400_000;
/** Problems kept with a recorded check (the count is always exact). */
const PROBLEMS_KEPT = 50;

export async function runLedgerCheck(ctx: AppContext) {
  const started = Date.now();
  const report = await checkLedger(ctx.db);
  const row = {
    at: ctx.clock.now(),
    ok: report.ok ? 1 : 0,
    accounts: report.accounts,
    entries: report.entries,
    problem_count: report.problemCount,
    problems_json: JSON.stringify(report.problems.slice(0, PROBLEMS_KEPT)),
    took_ms: Date.now() - started,
  };
  await ctx.db.insertInto('ledger_check_runs').values(row).execute();
  if (!report.ok) ctx.log.error({ problems: report.problemCount }, 'ledger check failed');
  return toRun(row);
}

function toRun(r: {
  at: number;
  ok: number;
  accounts: number;
  entries: number;
  problem_count: number;
  problems_json: string;
  took_ms: number;
}) {
  return {
    at: r.at,
    ok: r.ok === 1,
    accounts: r.accounts,
    entries: r.entries,
    problem_count: r.problem_count,
    problems: JSON.parse(r.problems_json) as string[],
    took_ms: r.took_ms,
  };
}

async function systemBalances(db: Db) {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('currencies as c', 'c.id', 'a.currency_id')
    .select(['a.wallet', 'c.name', 'c.scale', 'a.available_minor', 'a.frozen_minor'])
    .where('a.user_id', '=', SYSTEM_USER_ID)
    .orderBy('a.wallet')
    .orderBy('c.sort')
    .execute();
  return rows.map((r) => ({
    account: r.wallet,
    currency: r.name,
    available: formatMinor(r.available_minor, r.scale),
    frozen: formatMinor(r.frozen_minor, r.scale),
  }));
}

async function userCounts(db: Db, since: number) {
  const r = await db
    .selectFrom('users')
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when created_at >= ${since} then 1 else 0 end)`.as('fresh'),
      sql<number>`sum(case when review_status = 2 then 1 else 0 end)`.as('verified'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(r.total), new_24h: Number(r.fresh ?? 0), verified: Number(r.verified ?? 0) };
}

async function spotVolumes(db: Db, since: number) {
  const rows = await db
    .selectFrom('spot_trades as t')
    .innerJoin('markets as m', 'm.id', 't.market_id')
    .innerJoin('currencies as c', 'c.id', 'm.currency_id')
    .innerJoin('currencies as l', 'l.id', 'm.legal_id')
    .select([
      'c.name as base',
      'l.name as quote',
      'l.scale',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<bigint>('t.quote_minor').as('volume_minor'),
    ])
    .where('t.created_at', '>=', since)
    .groupBy(['c.name', 'l.name', 'l.scale'])
    .execute();
  return rows.map((r) => ({
    area: 'spot',
    market: `${r.base}/${r.quote}`,
    count: Number(r.n),
    volume: formatMinor(r.volume_minor ?? 0n, r.scale),
  }));
}

async function microVolumes(db: Db, since: number) {
  const rows = await db
    .selectFrom('micro_orders as o')
    .innerJoin('currencies as c', 'c.id', 'o.currency_id')
    .select([
      'c.name',
      'c.scale',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<bigint>('o.stake_minor').as('volume_minor'),
    ])
    .where('o.opened_at', '>=', since)
    .groupBy(['c.name', 'c.scale'])
    .execute();
  return rows.map((r) => ({
    area: 'seconds',
    market: r.name,
    count: Number(r.n),
    volume: formatMinor(r.volume_minor ?? 0n, r.scale),
  }));
}

/** Each queue: how many items wait for an operator, and the console page that works them. */
async function queues(db: Db) {
  const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);
  const [kyc, withdrawals, payouts, claims, appeals, approvals, acceptorDeals] = await Promise.all([
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('review_status', '=', 1)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('funding_withdrawals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 0)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('funding_pay_payouts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 0)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('funding_claims')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 0)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('p2p_appeals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('result', 'is', null)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('staff_approvals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('acceptor_deals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_sure', '=', 0)
        .executeTakeFirst(),
    ),
  ]);
  return [
    { name: 'kyc', count: kyc, path: '/console/kyc' },
    { name: 'withdrawals', count: withdrawals, path: '/console/withdrawals' },
    { name: 'payouts', count: payouts, path: '/console/payouts' },
    { name: 'claims', count: claims, path: '/console/claims' },
    { name: 'appeals', count: appeals, path: '/console/appeals' },
    { name: 'approvals', count: approvals, path: '/console/approvals' },
    { name: 'acceptorDeals', count: acceptorDeals, path: '/console/acceptors' },
  ];
}

export async function dashboard(ctx: AppContext) {
  const since = ctx.clock.now() - DAY_MS;
  const [last, system, users, spot, micro, waiting] = await Promise.all([
    ctx.db.selectFrom('ledger_check_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),
    systemBalances(ctx.db),
    userCounts(ctx.db, since),
    spotVolumes(ctx.db, since),
    microVolumes(ctx.db, since),
    queues(ctx.db),
  ]);
  return {
    ledger_check: last ? toRun(last) : null,
    system_accounts: system,
    users,
    volumes_24h: [...spot, ...micro],
    queues: waiting,
  };
}
