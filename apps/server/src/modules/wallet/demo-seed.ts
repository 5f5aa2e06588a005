/**
 * Demo mode: every demo user starts with a balance in every wallet, credited from the `genesis` system
 * account through the ledger (so `pnpm ledger:check` holds on a fresh start). Idempotent: each credit has
 * its own ref, and a ref already in the journal is skipped, so restarts credit nothing twice.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { demoUserIds } from '../../db/seed';
import type { Clock } from '../../lib/clock';
import { ledger, systemAccount, userAccount, USER_WALLETS } from '../ledger/service';
import { runInTransaction } from '../../db/transaction';
import { catalogRepo } from '../catalog/repo';
import { isEnabledFor } from './service';

/** Starting balance per wallet, by currency (whole units); other currencies get `DEFAULT_UNITS`. */
const DEMO_UNITS: Record<string, string> = {
  USDT: '10000',
  BTC: '1',
  ETH: '10',
  LTC: '50',
  XRP: '2000',
  DOGE: '10000',
  TRX: '10000',
  BNB: '5',
};
const DEFAULT_UNITS = '100';

export async function seedDemoBalances(db: Db, clock: Clock): Promise<void> {
  const users = await demoUserIds(db);
  const currencies = await catalogRepo.currencies(db);
  await runInTransaction(db, async (trx) => {
    for (const [email, userId] of users) {
      for (const wallet of USER_WALLETS) {
        for (const c of currencies) {
          if (!isEnabledFor(c, wallet)) continue;
          const ref = { type: 'demo_seed', id: `${email}:${wallet}:${c.name}` };
          if (await ledger.hasEntry(trx, ref, 'wallet.demo_credit')) continue;
          await ledger.transfer(trx, {
            from: systemAccount('genesis'),
            to: userAccount(userId, wallet),
            currencyId: c.id,
            amountMinor: parseDecimal(DEMO_UNITS[c.name] ?? DEFAULT_UNITS, c.scale),
            reason: 'wallet.demo_credit',
            ref,
            at: clock.now(),
          });
        }
      }
    }
  });
}
