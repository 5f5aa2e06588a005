/**
 * First-visit weight and speed of the web app: `pnpm --filter @oryx/web bench` (a step of `npm run bench`).
 *
 *   node apps/web/bench/page-weight.mjs [--skip-build] [--dist <dir>] [--url <running server>]
 *
 * 1. Builds the web app (unless --skip-build, --dist or --url) and starts the real exchange
 *    (`pnpm --filter @oryx/server start`, demo data, a fresh SQLite file) serving that build.
 * 2. For each page (home, deal centre, seconds options) opens a fresh browser context (empty cache) in
 *    Chromium (/usr/bin/chromium, or CHROMIUM_PATH), throttled through CDP
 *    (Network.emulateNetworkConditions) to a slow 4G profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms.
 * 3. Prints, per page, the JavaScript and CSS the first visit loads: raw bytes, what they weigh with
 *    brotli (quality 11) and gzip (level 9), and what the server actually sent over the wire; then the
 *    first contentful paint under the throttled profile. As the last line, one JSON object with every
 *    figure. Figures never pass or fail anything.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(webDir, '../..');
const args = process.argv.slice(2);
const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

/** Slow 4G (Lighthouse's mobile profile): bytes per second and round-trip latency. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const PAGES = [
  { name: 'home', hash: '/' },
  { name: 'dealCenter', hash: '/dealCenter' },
  { name: 'secondsOrder', hash: '/secondsOrder' },
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(dist) {
  const port = await freePort();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-page-weight-'));
  const logFile = path.join(tmpDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn('pnpm', ['--filter', '@oryx/server', 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(tmpDir, 'oryx.db')}`,
      ORYX_MODE: 'demo',
      SPOT_DEMO_BOT: '0',
      UPLOAD_DIR: path.join(tmpDir, 'uploads'),
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () => {
    if (!exited && child.pid) process.kill(-child.pid, 'SIGTERM');
    fs.rmSync(tmpDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  stop();
  throw new Error(`the exchange did not start\n${tail}`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function measurePage(browser, baseUrl, page) {
  const context = await browser.newContext({ viewport: { width: 412, height: 860 } });
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);

  // Wire bytes per request (headers and body as sent, compressed or not).
  const wire = new Map();
  cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
  const ids = new Map();
  cdp.on('Network.responseReceived', (e) => ids.set(e.response.url, e.requestId));

  const responses = [];
  tab.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') responses.push({ type, res });
  });

  await tab.goto(`${baseUrl}/#${page.hash}`, { waitUntil: 'load', timeout: 120_000 });
  await tab.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  const fcp = await tab.evaluate(
    () =>
      new Promise((resolve) => {
        const read = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const found = read();
        if (found !== undefined) return resolve(found);
        new PerformanceObserver(() => resolve(read())).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(read() ?? null), 30_000);
      }),
  );

  const totals = {
    js: { files: 0, raw: 0, br: 0, gzip: 0, wire: 0 },
    css: { files: 0, raw: 0, br: 0, gzip: 0, wire: 0 },
  };
  const urls = new Set();
  for (const { type, res } of responses) {
    if (urls.has(res.url())) continue;
    urls.add(res.url());
    const body = await res.body().catch(() => null);
    if (!body) continue;
    const t = totals[type === 'script' ? 'js' : 'css'];
    t.files += 1;
    t.raw += body.length;
    t.br += zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    t.gzip += zlib.gzipSync(body, { level: 9 }).length;
    t.wire += wire.get(ids.get(res.url())) ?? 0;
  }
  await context.close();
  return { fcp_ms: fcp === null ? null : Math.round(fcp), ...totals };
}

async function main() {
  let dist = arg('--dist');
  let baseUrl = arg('--url');
  if (!dist && !baseUrl && !args.includes('--skip-build')) {
    execFileSync('pnpm', ['--filter', '@oryx/web', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  dist = path.resolve(dist ?? path.join(webDir, 'dist'));
  const server = baseUrl ? null : await startServer(dist);
  baseUrl ??= server.url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const merged = {};
  try {
    console.log(`page weight and first paint, slow 4G (1.6 Mbit/s, 150 ms), cold cache, ${baseUrl}`);
    for (const page of PAGES) {
      const r = await measurePage(browser, baseUrl, page);
      for (const kind of ['js', 'css']) {
        const t = r[kind];
        console.log(
          `${page.name.padEnd(13)} ${kind.padEnd(3)} ${String(t.files).padStart(3)} files  raw ${kb(t.raw).padStart(9)}` +
            `  brotli ${kb(t.br).padStart(8)}  gzip ${kb(t.gzip).padStart(8)}  sent ${kb(t.wire).padStart(9)}`,
        );
        merged[`web_${page.name}_${kind}_raw_bytes`] = t.raw;
        merged[`web_${page.name}_${kind}_br_bytes`] = t.br;
        merged[`web_${page.name}_${kind}_gzip_bytes`] = t.gzip;
        merged[`web_${page.name}_${kind}_sent_bytes`] = t.wire;
      }
      console.log(`${page.name.padEnd(13)} first contentful paint ${r.fcp_ms} ms`);
      merged[`web_${page.name}_fcp_ms`] = r.fcp_ms;
    }
  } finally {
    await browser.close();
    server?.stop();
  }
  console.log(JSON.stringify(merged));
}

await main();
