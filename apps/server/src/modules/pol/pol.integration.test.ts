import { createHash } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { verifyProof, type ProofFile } from '@oryx/pol-verify';
import { describeEachDb } from '../../../test/harness';
import { ledgerRepo } from '../ledger/repo';
import { runDueJobs } from '../scheduler/scheduler';
import { proofsOf } from './proof';
import { SNAPSHOT_LOCK_KEY } from './repo';
import { ensureSnapshotJob, SNAPSHOT_INTERVAL_MS, takeSnapshot } from './service';

const sha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

describeEachDb('proof of liabilities', (getApp) => {
  it('an operator takes a snapshot (audited); anyone lists it; totals equal the ledger exactly', async () => {
    const t = getApp();
    const op = await t.tokenFor('operator@oryx.local');
    const taken = await t.call('POST', '/api/admin/pol/snapshot', {}, { token: op });
    expect(taken.body.type).toBe('ok');
    const user = await t.call(
      'POST',
      '/api/admin/pol/snapshot',
      {},
      { token: await t.tokenFor('demo1@oryx.local') },
    );
    expect(user.body.type).not.toBe('ok');

    const list = await t.call('GET', '/api/pol/snapshots');
    const snap = list.body.message[0];
    expect(snap).toMatchObject({ id: taken.body.message.id, trigger: 'operator' });
    expect(snap.currencies.length).toBeGreaterThan(0);

    const liabilities = new Map<number, bigint>();
    for (const a of await ledgerRepo.allAccounts(t.app.ctx.db)) {
      if (a.user_id === 0) continue;
      liabilities.set(
        a.currency_id,
        (liabilities.get(a.currency_id) ?? 0n) + a.available_minor + a.frozen_minor,
      );
    }
    expect(Object.fromEntries(snap.currencies.map((c: any) => [c.currency_id, c.total_minor]))).toEqual(
      Object.fromEntries([...liabilities].map(([id, v]) => [id, v.toString()])),
    );
    const usdt = snap.currencies.find((c: any) => c.currency === 'USDT');
    expect(usdt.system_accounts.map((a: any) => a.account)).toContain('genesis');

    const log = await t.call('GET', '/api/admin/console/audit?call=pol', undefined, { token: op });
    expect(log.body.message.data.map((r: { subject: string }) => r.subject)).toContain('pol.snapshot');
  });

  it("every user's proof verifies against the published root, with small chunks and stored nodes", async () => {
    const t = getApp();
    // Chunks of 2 leaves: the paths come mostly from stored nodes, as in a large snapshot.
    for (const chunkLevel of [1, 10]) {
      const snap = await takeSnapshot(t.app.ctx, 'operator', null, chunkLevel);
      const users = new Set(
        (await ledgerRepo.allAccounts(t.app.ctx.db)).map((a) => a.user_id).filter((id) => id > 0),
      );
      let checked = 0;
      for (const userId of users) {
        const { proofs } = await proofsOf(t.app.ctx, userId, snap.id);
        for (const p of proofs) {
          const published = snap.currencies.find((c) => c.currency_id === p.currency.id)!;
          const r = await verifyProof(p, sha, published.root_hash);
          expect(r.ok ? r.proof.userId : r.reason).toBe(userId);
          checked++;
        }
      }
      expect(checked).toBe(snap.currencies.reduce((n, c) => n + c.leaf_count, 0));
    }
  });

  it('a user downloads their own proof; tampering with it or another root fails', async () => {
    const t = getApp();
    const token = await t.tokenFor('demo1@oryx.local');
    const res = await t.call('GET', '/api/pol/proof', undefined, { token });
    expect(res.body.type).toBe('ok');
    const proofs: ProofFile[] = res.body.message.proofs;
    expect(proofs.length).toBeGreaterThan(0);
    const p = proofs.find((x) => x.path.length > 0)!;
    expect(p.leaf.user_id).toBe(await t.userId('demo1@oryx.local'));
    expect((await verifyProof(p, sha)).ok).toBe(true);

    const changed = (f: (c: ProofFile) => void) => {
      const c = structuredClone(p);
      f(c);
      return verifyProof(c, sha);
    };
    expect(
      (await changed((c) => (c.leaf.balance_minor = String(BigInt(c.leaf.balance_minor) + 1n)))).ok,
    ).toBe(false);
    expect(
      (await changed((c) => (c.path[0]!.sum_minor = String(BigInt(c.path[0]!.sum_minor) + 1n)))).ok,
    ).toBe(false);
    expect((await changed((c) => (c.path[0]!.sum_minor = '-1'))).ok).toBe(false);
    const older = (await t.call('GET', '/api/pol/snapshots')).body.message.at(-1);
    const otherRoot = older.currencies.find((c: any) => c.currency_id === p.currency.id).root_hash;
    expect((await verifyProof(p, sha, otherRoot)).ok).toBe(false);

    expect((await t.call('GET', '/api/pol/proof?id=999999', undefined, { token })).body.code).toBe(
      'POL_SNAPSHOT_NOT_FOUND',
    );
    expect((await t.call('GET', '/api/pol/proof')).body.type).toBe('999');
  });

  it('the daily job takes a snapshot and schedules the next day', async () => {
    const t = getApp();
    await ensureSnapshotJob(t.app.ctx);
    const before = (await t.call('GET', '/api/pol/snapshots')).body.message.length;
    t.clock.set((Math.floor(t.clock.now() / SNAPSHOT_INTERVAL_MS) + 1) * SNAPSHOT_INTERVAL_MS);
    await runDueJobs(t.app.ctx, t.app.jobs, t.clock.now());
    const after = (await t.call('GET', '/api/pol/snapshots')).body.message;
    expect(after.length).toBe(before + 1);
    expect(after[0].trigger).toBe('schedule');
  });

  it('refuses a snapshot with POL_BUSY while another process on the database takes one', async () => {
    const t = getApp();
    const op = await t.tokenFor('operator@oryx.local');
    const take = () => t.call('POST', '/api/admin/pol/snapshot', {}, { token: op });
    const before = (await t.call('GET', '/api/pol/snapshots')).body.message.length;
    if (t.kind === 'postgres') {
      // Another server on the same database: a session of its own holding the snapshot lock.
      const other = new pg.Client({ connectionString: t.app.ctx.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [SNAPSHOT_LOCK_KEY.toString()]);
        const refused = await take();
        expect(refused.body.code).toBe('POL_BUSY');
        expect((await t.call('GET', '/api/pol/snapshots')).body.message.length).toBe(before);
        await other.query('select pg_advisory_unlock($1)', [SNAPSHOT_LOCK_KEY.toString()]);
      } finally {
        await other.end();
      }
    }
    // The lock is free again (SQLite: one server per database file, its own guard is the whole of it).
    expect((await take()).body.type).toBe('ok');
    expect((await t.call('GET', '/api/pol/snapshots')).body.message.length).toBe(before + 1);
  });
});
