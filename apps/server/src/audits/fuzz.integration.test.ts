/**
 * Contract-driven fuzzing. For every call of the route table a valid input is built from its contract
 * (the zod schema in packages/contracts: each field given a value the schema accepts), then one field at
 * a time is replaced by a malformed value (wrong types, huge sizes, NaN/Infinity/-0, 2^53, prototype
 * names, injection strings, NUL, duplicate query parameters) drawn by a seeded generator, so the other
 * fields are valid and many cases reach the handler, not only input validation. The routes outside the
 * route table (uploads, payment notices, the sandbox pay page, deal images, health) get the same values.
 *
 * No answer may be a 5xx or leak internal detail (stack, SQL, file paths); and a call whose every case
 * was refused changed no table (a fingerprint of every table: row count and content checksum, before and
 * after the call), but the tables in UNTRACKED, which change on any call by design. The run's seed is in
 * the test's name and in any failure; FUZZ_SEED=<n> replays it.
 */
import type { z } from 'zod';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../test/harness';
import { fieldsOf, methodOf, nextAddress, send } from '../../test/calls';
import { registeredCalls } from '../lib/route';
import { changedTables, tableFingerprints } from './table-checksum';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Cases per call (spread over its fields, every field at least once). */
const CASES_PER_CALL = 6;

/** Tables that change on calls that are refused, by design; left out of the "no change" check. */
const UNTRACKED = new Map<string, string>([
  ['sessions', "a session's last-seen time moves on every authenticated request"],
  ['auth_counters', 'failed password, code and login attempts are counted (the lockouts rest on it)'],
  ['verification_codes', "a wrong code counts against the code's attempts"],
  ['staff_audit_log', 'every staff call is recorded, refused ones too'],
]);
const UNTRACKED_SET = new Set(UNTRACKED.keys());

/** Small seeded generator (mulberry32): the same seed draws the same cases. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const HUGE = 'x'.repeat(200_000);
const MALFORMED: unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  -1,
  0,
  1.5,
  '1e2',
  '0x10',
  ' 1 ',
  '',
  ' ',
  null,
  true,
  false,
  [],
  [1, 2],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '"; SELECT pg_sleep(1); --',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF\uD800',
  '😀'.repeat(50),
  HUGE,
  [HUGE],
  'a'.repeat(5000),
];
/** Calls whose valid input ends the caller's own sessions: they would only blind the rest of the run. */
const SKIP = new Set(['/api/user/logout', '/api/security/sessions/end_others']);
/** Text that must never reach a client: stack frames, SQL engine messages, server paths. */
const LEAKS = [
  /\bat [^"]*\.(?:ts|js|mjs|cjs):\d+:\d+/,
  /node_modules/,
  /SQLITE_/,
  /syntax error/i,
  /relation "/,
  /\/apps\/server\//,
  /Kysely/,
];

/** Values tried, in order, for a field a contract refused: the first one it accepts is kept. */
const CANDIDATES: unknown[] = [
  1,
  '1',
  'BTC/USDT',
  'USDT',
  'demo1@oryx.local',
  'secret-123',
  '123456',
  'en',
  'erc20',
  'bank',
  'sell',
  'buy',
  'abc',
  '2026-01-05',
  true,
  0,
  '0',
  [1],
  ['1'],
  {},
];
/** Values a field is given first, by name (the demo's markets, currencies, pages). */
const BY_NAME: Record<string, unknown> = {
  page: 1,
  limit: 10,
  currency: 1,
  currency_id: 1,
  legal_id: 1,
  match_id: 1,
  symbol: 'BTC/USDT',
  lang: 'en',
};

/**
 * A valid input for a contract: named fields first, then for each field the contract still refuses the
 * values its refusal names (an enum's options) or the first candidate it accepts. Undefined when no
 * such input was found (the call is then fuzzed from an empty input).
 */
function validInput(schema: z.ZodType): Record<string, unknown> | undefined {
  const fields = fieldsOf(schema);
  const input: Record<string, unknown> = {};
  for (const f of fields) if (f in BY_NAME) input[f] = BY_NAME[f];
  for (let pass = 0; pass < fields.length + 2; pass++) {
    const r = schema.safeParse(input);
    if (r.success) return input;
    const issues = r.error.issues;
    const bad = [...new Set(issues.map((i) => String(i.path[0] ?? '')))].filter((f) => fields.includes(f));
    if (bad.length === 0) return undefined;
    for (const f of bad) {
      const named = issues
        .filter((i) => String(i.path[0]) === f)
        .flatMap((i) => ((i as { values?: unknown[] }).values ?? []) as unknown[]);
      const fieldOk = (v: unknown) => {
        const t = schema.safeParse({ ...input, [f]: v });
        return t.success || !t.error.issues.some((i) => String(i.path[0] ?? '') === f);
      };
      const value = [...named, ...CANDIDATES].find(fieldOk);
      if (value === undefined) return undefined;
      input[f] = value;
    }
  }
  return undefined;
}

/** The routes registered outside the route table, with a request per malformed value. */
function outsideRoutes(value: unknown) {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  // A cut (or a fuzz value) may leave a lone surrogate, which no URL can carry: replaced, not thrown.
  const q = encodeURIComponent(text.slice(0, 3000).replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  return [
    { method: 'GET' as const, url: '/healthz' },
    { method: 'GET' as const, url: `/uploads/${q || 'x'}?exp=${q}&sig=${q}` },
    { method: 'GET' as const, url: `/api/c2c/deal_image?id=${q}&name=${q}` },
    { method: 'GET' as const, url: `/api/pay/sandbox/${q || 'x'}?lang=${q}` },
    { method: 'POST' as const, url: `/api/pay/sandbox/${q || 'x'}`, payload: { action: value, pay: value } },
    {
      method: 'POST' as const,
      url: '/api/pay/notify/sandbox',
      payload: { order_no: value, sign: value, status: value },
    },
    { method: 'POST' as const, url: `/api/pay/notify/${q || 'x'}`, payload: { order_no: value } },
    {
      method: 'POST' as const,
      url: '/api/upload',
      payload: `--b\r\nContent-Disposition: form-data; name="file"; filename="${text.slice(0, 200)}"\r\nContent-Type: image/png\r\n\r\n${text.slice(0, 3000)}\r\n--b--\r\n`,
      contentType: 'multipart/form-data; boundary=b',
    },
  ];
}

describeEachDb('fuzz: one malformed field in a valid input, every call', (getApp) => {
  it(`no 5xx, no internal detail, a refused call changes no table (seed ${SEED})`, async () => {
    const t: TestApp = getApp();
    const random = rng(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const user = await t.tokenFor('demo1@oryx.local');
    const admin = await t.tokenFor('admin@oryx.local');
    const db = t.app.ctx.db;
    const faults: string[] = [];
    let sent = 0;
    let calls = 0;
    let withValidInput = 0;
    let reachingHandler = 0;
    const accepted: string[] = [];
    let fingerprintMs = 0;
    const fingerprint = async () => {
      const started = Date.now();
      const f = await tableFingerprints(db, UNTRACKED_SET);
      fingerprintMs += Date.now() - started;
      return f;
    };
    for (const call of registeredCalls(t.app)) {
      if (SKIP.has(call.path)) continue;
      calls++;
      const fields = fieldsOf(call.input);
      const base = validInput(call.input);
      if (base) withValidInput++;
      const token = call.auth === 'admin' ? admin : call.auth === 'none' ? undefined : user;
      const targets = fields.length ? fields : ['unexpected'];
      const before = await fingerprint();
      let anyOk = false;
      for (let i = 0; i < Math.max(CASES_PER_CALL, targets.length); i++) {
        const field = targets[i % targets.length]!;
        const value = pick(MALFORMED);
        const input: Record<string, unknown> = { ...(base ?? {}), [field]: value };
        if (base && call.input.safeParse(input).success) reachingHandler++;
        const query = random() < 0.2 ? `${field}=1&${field}=2` : undefined;
        const res = await send(t, call, input, { token, query });
        sent++;
        const what = `${methodOf(call)} ${call.path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
        if (res.status >= 500) faults.push(`${what}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
        const leak = LEAKS.find((re) => re.test(res.text));
        if (leak) faults.push(`${what}: leaks ${leak} in ${res.text.slice(0, 200)}`);
        if (/"type":"ok"/.test(res.text) || (res.status === 200 && !/"type":/.test(res.text))) {
          anyOk = true;
          accepted.push(what);
        }
      }
      if (!anyOk) {
        const changed = changedTables(before, await fingerprint());
        if (changed.length)
          faults.push(`${methodOf(call)} ${call.path}: every case refused, yet changed ${changed}`);
      }
    }
    // The routes outside the route table.
    let outside = 0;
    for (let i = 0; i < 6; i++) {
      const value = pick(MALFORMED);
      for (const r of outsideRoutes(value)) {
        for (const token of [undefined, user]) {
          const before = await fingerprint();
          const res = await t.app.inject({
            method: r.method,
            url: r.url,
            ...('payload' in r ? { payload: r.payload } : {}),
            headers: {
              'x-forwarded-for': nextAddress(),
              ...('contentType' in r ? { 'content-type': r.contentType } : {}),
              ...(token ? { authorization: token } : {}),
            },
          });
          outside++;
          const what = `${r.method} ${r.url.slice(0, 60)} ${JSON.stringify(value)?.slice(0, 40)}`;
          if (res.statusCode >= 500) faults.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
          const leak = LEAKS.find((re) => re.test(res.body));
          if (leak) faults.push(`${what}: leaks ${leak} in ${res.body.slice(0, 200)}`);
          // An upload that is stored is a change by design; every other answer here changes nothing.
          if (r.url !== '/api/upload' || res.statusCode !== 200 || !/"type":"ok"/.test(res.body)) {
            const changed = changedTables(before, await fingerprint());
            if (changed.length) faults.push(`${what}: changed ${changed}`);
          }
        }
      }
    }
    console.info(
      `fuzz [${t.kind}] seed ${SEED}: ${calls} calls (${withValidInput} with a valid input built from the contract), ` +
        `${sent} requests (${reachingHandler} valid for the contract: handled), ${outside} to routes outside the table, ` +
        `${accepted.length} accepted; ${fingerprintMs} ms in table fingerprints`,
    );
    expect(calls).toBeGreaterThan(150);
    expect(withValidInput / calls).toBeGreaterThan(0.8);
    expect(reachingHandler).toBeGreaterThan(200);
    expect(faults, `FUZZ_SEED=${SEED}`).toEqual([]);
  }, 240_000);
});

describeEachDb('fuzz: what earlier runs found', (getApp) => {
  it('a value the database cannot take (an id of 2^53, a NUL in text) is a VALIDATION refusal, not a 500', async () => {
    const t = getApp();
    const user = await t.tokenFor('demo1@oryx.local');
    const admin = await t.tokenFor('admin@oryx.local');
    const history = await t.call(
      'GET',
      '/api/wallet/hzhistory',
      { currency: String(2 ** 53) },
      { token: user },
    );
    expect(history.status).toBe(200);
    expect(history.body.code).not.toBe('INTERNAL');
    const outbox = await t.call('GET', '/api/admin/outbox', { destination: 'a\u0000b' }, { token: admin });
    expect(outbox.status).toBe(200);
    expect(outbox.body.code).not.toBe('INTERNAL');
  });
});
