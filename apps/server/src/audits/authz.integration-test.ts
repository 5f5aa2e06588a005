/**
 * The authorization sweep over the route table: every call that needs a session refuses without one;
 * every operator call refuses a user; and every call that takes an object id, sent by another user with
 * the ids of one user's objects (orders, addresses, sessions, deals...), changes none of that user's
 * rows nor balances and shows none of their data.
 */
import { expect, it } from 'vitest';
import { lastCode } from '../../test/accounts';
import { describeEachDb, type TestApp } from '../../test/harness';
import { fieldsOf, methodOf, send } from '../../test/calls';
import { registeredCalls } from '../lib/route';
import { sandboxAddress } from '../modules/funding/chain/sandbox';

/** Plausible values, so a refusal comes from the rules and not from a missing field. */
const PLAUSIBLE: Record<string, unknown> = {
  page: 1,
  limit: 10,
  currency: 1,
  currency_id: 1,
  legal_id: 1,
  symbol: 'BTC/USDT',
};
const ID_FIELD = /^(id|ids|.+_id)$/;
const SKIP = new Set(['/api/user/logout', '/api/security/sessions/end_others']);

/** The user's rows in every table that names a user (but the ledger's, compared by balance below). */
async function rowsOf(t: TestApp, userId: number): Promise<Record<string, unknown[]>> {
  const db = t.app.ctx.db;
  const out: Record<string, unknown[]> = {};
  for (const table of await db.introspection.getTables()) {
    const cols = table.columns.map((c) => c.name);
    if (!cols.includes('user_id') || table.name.startsWith('kysely_')) continue;
    const rows = await db
      .selectFrom(table.name as 'users')
      .selectAll()
      .where('user_id' as 'id', '=', userId)
      .execute();
    out[table.name] = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
  }
  return out;
}

/** Ids of the user's objects, from every table with an `id` and a `user_id` (at most 40). */
async function objectIdsOf(t: TestApp, userId: number): Promise<number[]> {
  const ids = new Set<number>();
  const db = t.app.ctx.db;
  for (const table of await db.introspection.getTables()) {
    const cols = table.columns.map((c) => c.name);
    if (!cols.includes('id') || !cols.includes('user_id') || table.name.startsWith('ledger_')) continue;
    const rows = await db
      .selectFrom(table.name as 'users')
      .select('id')
      .where('user_id' as 'id', '=', userId)
      .limit(10)
      .execute();
    for (const r of rows) ids.add(Number(r.id));
  }
  return [...ids].slice(0, 40);
}

describeEachDb('authorization sweep over every call', (getApp) => {
  it('calls that need a session refuse without one; operator calls refuse a user', async () => {
    const t = getApp();
    const user = await t.tokenFor('demo2@oryx.local');
    const faults: string[] = [];
    for (const call of registeredCalls(t.app)) {
      if (call.auth === 'none' || call.auth === 'optional') continue;
      const fields = fieldsOf(call.input);
      const input = Object.fromEntries(fields.filter((f) => f in PLAUSIBLE).map((f) => [f, PLAUSIBLE[f]]));
      const anonymous = await send(t, call, input);
      if (!/"type":"999"/.test(anonymous.text))
        faults.push(`${call.path} without a session: ${anonymous.text}`);
      if (call.auth === 'admin') {
        const asUser = await send(t, call, input, { token: user });
        if (!/"code":"FORBIDDEN"/.test(asUser.text)) faults.push(`${call.path} as a user: ${asUser.text}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it("another user's object ids change nothing of theirs and show nothing of theirs", async () => {
    const t = getApp();
    const ownerToken = await t.tokenFor('demo1@oryx.local');
    const owner = await t.userId('demo1@oryx.local');
    // Objects of the owner: a resting order, a withdrawal address, sessions (tokenFor made some).
    const order = { legal_id: 1, currency_id: 2, target_price: '1000', amount: '0.001', type: 1 };
    expect((await t.call('POST', '/api/coin/trade', order, { token: ownerToken })).body.type).toBe('ok');
    await t.call('POST', '/api/wallet/address_code', {}, { token: ownerToken });
    const code = await lastCode(t, 'demo1@oryx.local');
    const address = { currency: 1, type: 'erc20', address: sandboxAddress('authz', 1), code };
    expect((await t.call('POST', '/api/wallet/add_address', address, { token: ownerToken })).body.type).toBe(
      'ok',
    );
    const ids = await objectIdsOf(t, owner);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const before = await rowsOf(t, owner);

    const other = await t.tokenFor('demo2@oryx.local');
    const faults: string[] = [];
    let sent = 0;
    for (const call of registeredCalls(t.app)) {
      if (call.auth !== 'user' || SKIP.has(call.path)) continue;
      const fields = fieldsOf(call.input);
      const idFields = fields.filter((f) => ID_FIELD.test(f));
      if (idFields.length === 0) continue;
      const base = Object.fromEntries(fields.filter((f) => f in PLAUSIBLE).map((f) => [f, PLAUSIBLE[f]]));
      for (const field of idFields) {
        for (const id of ids) {
          const res = await send(t, call, { ...base, [field]: id }, { token: other });
          sent++;
          if (res.status >= 500) faults.push(`${methodOf(call)} ${call.path} ${field}=${id}: ${res.status}`);
          if (res.text.includes('demo1@oryx.local'))
            faults.push(`${call.path} ${field}=${id} shows the owner`);
        }
      }
    }
    expect(sent).toBeGreaterThan(50);
    expect(faults).toEqual([]);
    expect(await rowsOf(t, owner)).toEqual(before);
  });
});
