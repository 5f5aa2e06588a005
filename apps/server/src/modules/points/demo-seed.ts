/**
 * Demo mode: every demo user starts with 100 JC points from `points_pool`, so the exchange can be tried
 * before any fee has earned points. Idempotent: one ref per user, skipped when already in the journal.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { demoUserIds } from '../../db/seed';
import type { Clock } from '../../lib/clock';
import { runInTransaction } from '../../db/transaction';
import { ledger, systemAccount, userAccount } from '../ledger/service';
import { JC_CURRENCY_ID, POINTS_SCALE } from './config';

export async function seedDemoPoints(db: Db, clock: Clock): Promise<void> {
  const users = await demoUserIds(db);
  await runInTransaction(db, async (trx) => {
    for (const [email, userId] of users) {
      const ref = { type: 'demo_seed', id: `${email}:jc` };
      if (await ledger.hasEntry(trx, ref, 'points.demo_credit')) continue;
      await ledger.transfer(trx, {
        from: systemAccount('points_pool'),
        to: userAccount(userId, 'change'),
        currencyId: JC_CURRENCY_ID,
        amountMinor: parseDecimal('100', POINTS_SCALE),
        reason: 'points.demo_credit',
        ref,
        at: clock.now(),
      });
    }
  });
}
