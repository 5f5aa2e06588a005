/**
 * The invariant check against a live exchange: spot orders that match and wallet transfers commit
 * while the check runs again and again. Each check reads one snapshot, so it never sees an account
 * from before a movement and the journal from after it, and never reports a difference that is not
 * there (read in separate statements, it did).
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { checkLedger, formatLedgerReport } from './check';

const USDT = 1;
const ETH = 3;
const WRITES_PER_LOOP = 40;

describeEachDb('ledger check on a live exchange', (getApp) => {
  it('never reports a difference while orders and transfers commit concurrently', async () => {
    const t = getApp();
    const buyer = await t.tokenFor('demo1@oryx.local');
    const seller = await t.tokenFor('demo2@oryx.local');
    const order = (token: string, type: 1 | 2) =>
      t.call(
        'POST',
        '/api/coin/trade',
        { legal_id: USDT, currency_id: ETH, type, target_price: '3400', amount: '0.01' },
        { token },
      );
    const transfer = (token: string, from: string, to: string) =>
      t.call(
        'POST',
        '/api/wallet/change',
        { currency_id: USDT, number: '1.5', from_field: from, to_field: to },
        { token },
      );

    let writing = true;
    let writes = 0;
    const loop = async (write: (i: number) => Promise<{ body: { type: string } }>) => {
      for (let i = 0; i < WRITES_PER_LOOP; i++) {
        const r = await write(i);
        expect(r.body.type).toBe('ok');
        writes++;
      }
    };
    const writers = Promise.all([
      loop(() => order(buyer, 1)),
      loop(() => order(seller, 2)),
      loop((i) => transfer(buyer, i % 2 ? 'micro' : 'change', i % 2 ? 'change' : 'micro')),
      loop((i) => transfer(seller, i % 2 ? 'lever' : 'change', i % 2 ? 'change' : 'lever')),
    ]).finally(() => {
      writing = false;
    });

    const reports = [];
    while (writing) {
      const report = await checkLedger(t.app.ctx.db);
      if (!report.ok)
        throw new Error(`check ${reports.length + 1} during writes: ${formatLedgerReport(report)}`);
      reports.push(report);
      // On SQLite every read is synchronous underneath: let the requests' I/O run between two checks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await writers;
    expect(writes).toBe(4 * WRITES_PER_LOOP);
    // The checks really ran among the writes, and saw the journal grow.
    expect(reports.length).toBeGreaterThan(5);
    expect(reports.at(-1)!.entries).toBeGreaterThan(reports[0]!.entries);
    expect(formatLedgerReport(reports[0]!)).toContain('one consistent snapshot');
  });
});
