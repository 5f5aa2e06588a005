/**
 * Work waiting on an operator: a new C2C or shop appeal, an acceptor dispute, a withdrawal (coin or
 * rupiah) held for review. Each staff user who may act on it (roles `admin` and `operator`, the `act`
 * level of @oryx/contracts/console/roles; never an `auditor`, who changes nothing) gets a `console.*`
 * notification in the same transaction, except the users it concerns (nobody decides their own case).
 * The console's dashboard keeps the count of each queue; the notification is what makes it heard.
 */
import { roleMay, STAFF_ROLES } from '@oryx/contracts/console/roles';
import type { Db } from '../../db/connection';
import { notify, type Notice } from './service';
import { userAccessRepo } from '../users/access-repo';

/** Staff this many at most are told (a bound on one transaction's rows; staff lists are short). */
const OPERATORS_TOLD = 200;

/** Tells every operator who may act of `notice` (in the caller's transaction), but `parties`. */
export async function notifyOperators(
  db: Db,
  notice: Omit<Notice, 'userId'>,
  parties: readonly number[],
  at: number,
): Promise<void> {
  const roles = STAFF_ROLES.filter((r) => roleMay(r, 'act'));
  const staff = await userAccessRepo.staffIds(db, roles, OPERATORS_TOLD);
  const to = staff.filter((id) => !parties.includes(id));
  await notify(
    db,
    to.map((userId) => ({ ...notice, userId })),
    at,
  );
}
