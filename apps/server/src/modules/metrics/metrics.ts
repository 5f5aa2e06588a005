/**
 * The process's metrics in the Prometheus text format (prom-client), one registry per app
 * (`ctx.services.metrics`). Every metric is declared here, so the names the dashboard
 * (docs/grafana-dashboard.json) reads are in one place; the areas count what they do
 * (`ctx.services.metrics.spotTrades.inc(...)`) or hand a reader that a gauge calls at each scrape
 * (`ctx.services.metrics.readers`), so nothing is computed between scrapes that nobody asks for.
 *
 * Labels are bounded: a route is its pattern (`/api/spot/:id`), never the raw address, and every file
 * of the built web app counts as one route; markets are the spot markets' symbols; job kinds are the
 * scheduler's handlers' names.
 */
import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
} from 'prom-client';
import type { Db } from '../../db/connection';
import { ledgerRepo } from '../ledger/repo';

type LedgerCheckRow = NonNullable<Awaited<ReturnType<typeof ledgerRepo.lastCheckRun>>>;

/** What the gauges read at each scrape; an area sets its reader when it starts. */
export interface MetricReaders {
  /** Spot commands waiting for the committer. */
  spotQueueDepth?: () => number;
  /** The symbols of the spot markets whose books this process holds and matches. */
  spotOwnedMarkets?: () => string[];
  /** Socket.io clients connected to this process (both socket paths). */
  socketClients?: () => number;
  /** Open leveraged positions per market symbol (the in-memory index of live orders). */
  leverOpenPositions?: () => Map<string, number>;
}

/** Request latency buckets (seconds): an order call takes a few ms, a page of history tens. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Commands in one spot commit (BATCH_MAX is 1,000). */
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
const COMMIT_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** A route label: the pattern; every file of the web app (a pattern with a dot in its last part) is one. */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return '(unmatched)';
  const last = pattern.slice(pattern.lastIndexOf('/') + 1);
  return last.includes('.') && !pattern.startsWith('/api/') ? '(web app file)' : pattern;
}

export class Metrics {
  readonly registry = new Registry();
  readonly readers: MetricReaders = {};

  /** One observation per HTTP request (its count is the request rate). */
  readonly httpRequests = new Histogram({
    name: 'oryx_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly spotOrders = this.counter({
    name: 'oryx_spot_orders_total',
    help: 'Spot orders accepted (committed) by this process, per market',
    labelNames: ['market'] as const,
  });
  readonly spotTrades = this.counter({
    name: 'oryx_spot_trades_total',
    help: 'Spot trades committed by this process, per market',
    labelNames: ['market'] as const,
  });
  readonly spotCommitBatch = new Histogram({
    name: 'oryx_spot_commit_batch_size',
    help: 'Commands in one spot commit (one database transaction)',
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });
  readonly spotCommitSeconds = new Histogram({
    name: 'oryx_spot_commit_duration_seconds',
    help: 'How long one spot commit took, the transaction included',
    buckets: COMMIT_BUCKETS,
    registers: [this.registry],
  });
  readonly schedulerLag = new Gauge({
    name: 'oryx_scheduler_lag_seconds',
    help: 'How late the last job of each kind ran after its due time',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly leverLiquidations = this.counter({
    name: 'oryx_lever_liquidations_total',
    help: 'Leveraged positions closed by liquidation in this process, per market',
    labelNames: ['market'] as const,
  });

  constructor(db: Db) {
    const readers = this.readers;
    const registers = [this.registry];
    // The last ledger check (the console's hourly job, in whichever process ran it), read once per
    // scrape for its three gauges; NaN before the first run.
    let reading: ReturnType<typeof ledgerRepo.lastCheckRun> | null = null;
    const lastRun = () =>
      (reading ??= ledgerRepo.lastCheckRun(db).finally(() => {
        reading = null;
      }));
    const ledgerGauge = (name: string, help: string, pick: (r: LedgerCheckRow) => number) =>
      new Gauge({
        name,
        help: `${help} (NaN before the first run)`,
        registers,
        async collect() {
          const run = await lastRun();
          this.set(run ? pick(run) : NaN);
        },
      });
    ledgerGauge('oryx_ledger_check_ok', 'The last ledger check: 1 consistent, 0 broken', (r) => r.ok);
    ledgerGauge('oryx_ledger_check_problems', 'Problems the last ledger check found', (r) => r.problem_count);
    ledgerGauge(
      'oryx_ledger_check_timestamp_seconds',
      'When the last ledger check ran, Unix time',
      (r) => r.at / 1000,
    );
    new Gauge({
      name: 'oryx_spot_queue_depth',
      help: 'Spot commands waiting for the committer',
      registers,
      collect() {
        this.set(readers.spotQueueDepth?.() ?? 0);
      },
    });
    new Gauge({
      name: 'oryx_spot_market_owned',
      help: 'The spot markets this process holds and matches (1 per market)',
      labelNames: ['market'] as const,
      registers,
      collect() {
        this.reset();
        for (const m of readers.spotOwnedMarkets?.() ?? []) this.set({ market: m }, 1);
      },
    });
    new Gauge({
      name: 'oryx_socket_clients',
      help: 'Socket.io clients connected to this process',
      registers,
      collect() {
        this.set(readers.socketClients?.() ?? 0);
      },
    });
    new Gauge({
      name: 'oryx_lever_open_positions',
      help: 'Open leveraged positions, per market',
      labelNames: ['market'] as const,
      registers,
      collect() {
        this.reset();
        for (const [market, n] of readers.leverOpenPositions?.() ?? []) this.set({ market }, n);
      },
    });
  }

  private counter<L extends string>(c: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...c, registers: [this.registry] });
  }

  /** The text a scrape gets: this app's metrics, then the process's own. */
  async text(): Promise<string> {
    return (await this.registry.metrics()) + (await processMetrics().metrics());
  }
}

let processRegistry: Registry | undefined;
/**
 * The process's own metrics (CPU, memory, heap, event-loop delay, handles): one set per process, made
 * at the first scrape (the apps that tests build by the hundred never start their observers).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
