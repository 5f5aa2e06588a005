/**
 * SQL of the funding histories: a user's deposits, withdrawals and rupiah orders and payouts, a page at
 * a time, and the operator's list of withdrawals in one status. Currency names and scales come from the
 * catalog (modules/catalog), the users' logins from modules/users.
 */
import type { Db } from '../../db/connection';
import { pagedQuery, type PageAt } from '../../lib/paging';

/** Withdrawals an operator's list shows, oldest first. */
const ADMIN_WITHDRAWALS_LISTED = 200;

export const fundingLogsRepo = {
  depositsPage(db: Db, userId: number, currencyId: number | undefined, at: PageAt) {
    let q = db.selectFrom('funding_deposits as d').where('d.user_id', '=', userId);
    if (currencyId !== undefined) q = q.where('d.currency_id', '=', currencyId);
    return pagedQuery(q, at, (b) =>
      b
        .innerJoin('funding_networks as w', 'w.id', 'd.network_id')
        .selectAll('d')
        .select(['w.name as network', 'w.confirmations as required'])
        .orderBy('d.id', 'desc'),
    );
  },

  withdrawalsPage(db: Db, userId: number, currencyId: number | undefined, at: PageAt) {
    let q = db.selectFrom('funding_withdrawals as w').where('w.user_id', '=', userId);
    if (currencyId !== undefined) q = q.where('w.currency_id', '=', currencyId);
    return pagedQuery(q, at, (b) =>
      b
        .innerJoin('funding_networks as k', 'k.id', 'w.network_id')
        .selectAll('w')
        .select(['k.name as network'])
        .orderBy('w.id', 'desc'),
    );
  },

  adminWithdrawals: (db: Db, status: number) =>
    db
      .selectFrom('funding_withdrawals as w')
      .innerJoin('funding_networks as k', 'k.id', 'w.network_id')
      .selectAll('w')
      .select(['k.name as network'])
      .where('w.status', '=', status)
      .orderBy('w.id')
      .limit(ADMIN_WITHDRAWALS_LISTED)
      .execute(),

  payOrdersPage: (db: Db, userId: number, at: PageAt) =>
    pagedQuery(db.selectFrom('funding_pay_orders').where('user_id', '=', userId), at, (b) =>
      b.selectAll().orderBy('id', 'desc'),
    ),

  payoutsPage: (db: Db, userId: number, at: PageAt) =>
    pagedQuery(db.selectFrom('funding_pay_payouts').where('user_id', '=', userId), at, (b) =>
      b.selectAll().orderBy('id', 'desc'),
    ),
};
