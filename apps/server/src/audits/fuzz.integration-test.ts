/**
 * Contract-driven fuzzing: every call of the route table receives malformed values (wrong types, huge
 * sizes, NaN/Infinity/-0, prototype names, injection strings, duplicate parameters) in a field sampled
 * per run. No answer may be a 5xx or leak internal detail (stack, SQL, file paths), and no money may
 * move (every ledger balance and the entry count are compared before and after). The run's seed is
 * printed and named in any failure; FUZZ_SEED=<n> replays it.
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { fieldsOf, methodOf, send } from '../../test/calls';
import { registeredCalls } from '../lib/route';
import { ledgerSnapshot } from './ledger-snapshot';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Cases per call per run (fields and values sampled): about a thousand requests in all. */
const CASES_PER_CALL = 12;

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
/** Calls whose defaults alone end the caller's own sessions: they would only blind the rest of the run. */
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

describeEachDb('fuzz: malformed values to every call', (getApp) => {
  it(`no 5xx, no internal detail, no money moved (seed ${SEED})`, async () => {
    const t = getApp();
    const random = rng(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const user = await t.tokenFor('demo1@oryx.local');
    const admin = await t.tokenFor('admin@oryx.local');
    const before = await ledgerSnapshot(t.app.ctx.db);
    const faults: string[] = [];
    let sent = 0;
    for (const call of registeredCalls(t.app)) {
      if (SKIP.has(call.path)) continue;
      const fields = fieldsOf(call.input);
      const token = call.auth === 'admin' ? admin : call.auth === 'none' ? undefined : user;
      for (let i = 0; i < CASES_PER_CALL; i++) {
        const field = fields.length ? pick(fields) : 'unexpected';
        const value = pick(MALFORMED);
        const input: Record<string, unknown> = { [field]: value };
        // A second field now and then, and the same name twice in the query (parsed as an array).
        if (fields.length > 1 && random() < 0.3) input[pick(fields)] = pick(MALFORMED);
        const query = random() < 0.25 ? `${field}=1&${field}=2` : undefined;
        const res = await send(t, call, input, { token, query });
        sent++;
        const what = `${methodOf(call)} ${call.path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
        if (res.status >= 500) faults.push(`${what}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
        const leak = LEAKS.find((re) => re.test(res.text));
        if (leak) faults.push(`${what}: leaks ${leak} in ${res.text.slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(faults, `FUZZ_SEED=${SEED}`).toEqual([]);
    expect(await ledgerSnapshot(t.app.ctx.db), `FUZZ_SEED=${SEED}: money moved`).toBe(before);
  });
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
