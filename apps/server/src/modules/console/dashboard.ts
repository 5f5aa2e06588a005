/**
 * The console's dashboard: the last ledger check and when it ran, system-account balances per currency,
 * users, 24 h volumes per area and market, and the queues waiting for an operator. Read-only: the queue
 * counts read other areas' tables directly (counting is not a rule; each area keeps its own states).
 */
import { formatMinor } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import type { AppContext } from '../../lib/context';
import { checkLedger } from '../ledger/check';
import { ledgerRepo } from '../ledger/repo';
import { catalogRepo } from '../catalog/repo';
import { userAdminRepo } from '../users/admin-repo';
import { consoleRepo } from './repo';

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
  await ledgerRepo.recordCheckRun(ctx.db, row);
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
  const [rows, currencies] = await Promise.all([ledgerRepo.systemAccounts(db), currencyMap(db)]);
  const sortOf = (id: number) => currencies.get(id)?.sort ?? 0;
  // By wallet (the database's order), then in the currencies' order within a wallet.
  const sorted: typeof rows = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j < rows.length && rows[j]!.wallet === rows[i]!.wallet) j++;
    sorted.push(...rows.slice(i, j).sort((a, b) => sortOf(a.currency_id) - sortOf(b.currency_id)));
    i = j;
  }
  return sorted.flatMap((r) => {
    const c = currencies.get(r.currency_id);
    if (!c) return [];
    return [
      {
        account: r.wallet,
        currency: c.name,
        available: formatMinor(r.available_minor, c.scale),
        frozen: formatMinor(r.frozen_minor, c.scale),
      },
    ];
  });
}

const currencyMap = async (db: Db) => new Map((await catalogRepo.currencies(db)).map((c) => [c.id, c]));

async function spotVolumes(db: Db, since: number) {
  const [rows, markets] = await Promise.all([
    consoleRepo.spotVolumes(db, since),
    catalogRepo.marketNames(db).then((ms) => new Map(ms.map((m) => [m.id, m]))),
  ]);
  return rows.flatMap((r) => {
    const m = markets.get(r.market_id);
    if (!m) return [];
    return [
      {
        area: 'spot',
        market: `${m.currency_name}/${m.legal_name}`,
        count: Number(r.n),
        volume: formatMinor(r.volume_minor ?? 0n, m.legal_scale),
      },
    ];
  });
}

async function microVolumes(db: Db, since: number) {
  const [rows, currencies] = await Promise.all([consoleRepo.microVolumes(db, since), currencyMap(db)]);
  return rows.flatMap((r) => {
    const c = currencies.get(r.currency_id);
    if (!c) return [];
    return [
      {
        area: 'seconds',
        market: c.name,
        count: Number(r.n),
        volume: formatMinor(r.volume_minor ?? 0n, c.scale),
      },
    ];
  });
}

/** Each queue: how many items wait for an operator, and the console page that works them. */
async function queues(db: Db) {
  const [kyc, q] = await Promise.all([userAdminRepo.reviewsWaiting(db), consoleRepo.queueCounts(db)]);
  const { withdrawals, payouts, claims, appeals, approvals, acceptorDeals } = q;
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
    ledgerRepo.lastCheckRun(ctx.db),
    systemBalances(ctx.db),
    userAdminRepo.counts(ctx.db, since),
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
