/**
 * An open-loop load generator for latency at a fixed offered rate: request i is due at start + i / rate
 * and is sent then, whatever happened to the ones before (as real, independent clients do), over a
 * pool of keep-alive connections. Latency is measured from the moment a request was DUE, so time it
 * spent waiting for a free connection or a slow server counts (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a budget per whole second, so every
 * second starts with a burst of back-to-back requests and ends idle, and its coordinated-omission
 * correction then assumes a 1 ms interval per connection and adds synthetic samples; both inflate
 * the percentiles far beyond what clients arriving at an even rate would see.
 */
import http from 'node:http';

export interface OpenLoopRequest {
  method: 'POST' | 'GET' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopResult {
  sent: number;
  ok: number;
  failed: number;
  statuses: Map<number, number>;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function openLoop(opts: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  next: () => OpenLoopRequest;
  /** Seconds at the start (connections opening) sent but left out of the figures; default 1. */
  warmupSeconds?: number;
  /** Whether a reply counts as a success (default: HTTP 200). Failures are counted by status. */
  isOk?: (status: number, body: string) => boolean;
}): Promise<OpenLoopResult> {
  const target = new URL(opts.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let ok = 0;
  let failed = 0;
  let sent = 0;
  let inFlight = 0;
  const warmup = Math.round(opts.rate * (opts.warmupSeconds ?? 1));
  const total = warmup + Math.round(opts.rate * opts.seconds);
  const start = performance.now();
  let drained: () => void = () => {};
  const allDone = new Promise<void>((r) => (drained = r));

  const fire = (dueAt: number, counted: boolean) => {
    const r = opts.next();
    inFlight++;
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: r.method,
        path: r.path,
        headers: r.body
          ? { ...r.headers, 'content-length': Buffer.byteLength(r.body).toString() }
          : r.headers,
        agent,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (counted) {
            if (opts.isOk ? opts.isOk(status, body) : status === 200) ok++;
            else {
              failed++;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }
            latencies.push(performance.now() - dueAt);
          }
          if (--inFlight === 0 && sent === total) drained();
        });
      },
    );
    req.on('error', () => {
      if (counted) {
        failed++;
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
      if (--inFlight === 0 && sent === total) drained();
    });
    if (r.body) req.end(r.body);
    else req.end();
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) / 1000) * opts.rate));
      while (sent < due) {
        fire(start + (sent * 1000) / opts.rate, sent >= warmup);
        sent++;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  if (inFlight > 0) {
    await Promise.race([allDone, new Promise((r) => setTimeout(r, 30_000))]);
  }
  const endedAt = performance.now();
  const measuredFrom = start + (warmup * 1000) / opts.rate;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    ok,
    failed,
    statuses,
    seconds: (endedAt - measuredFrom) / 1000, // until the last reply: an overloaded server stretches it
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}
