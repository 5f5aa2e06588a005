/** SQL of the wallet module (writes only `wallet_transfers`; users and currencies come from their owners). */
import type { Db } from '../../db/connection';
import { usersRepo } from '../users/repo';
import { pagedQuery } from '../../lib/paging';

export const walletRepo = {
  accountNumber(db: Db, userId: number) {
    return usersRepo.byId(db, userId);
  },

  insertTransfer(
    trx: Db,
    t: { userId: number; currencyId: number; from: string; to: string; amountMinor: bigint; now: number },
  ) {
    return trx
      .insertInto('wallet_transfers')
      .values({
        user_id: t.userId,
        currency_id: t.currencyId,
        from_wallet: t.from,
        to_wallet: t.to,
        amount_minor: t.amountMinor,
        created_at: t.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  async transfers(db: Db, userId: number, opts: { currencyId?: number; offset: number; limit: number }) {
    let q = db.selectFrom('wallet_transfers').where('user_id', '=', userId);
    if (opts.currencyId !== undefined) q = q.where('currency_id', '=', opts.currencyId);
    const { rows, total } = await pagedQuery(q, opts, (b) =>
      b
        .select(['id', 'currency_id', 'from_wallet', 'to_wallet', 'amount_minor', 'created_at'])
        .orderBy('id', 'desc'),
    );
    return { rows, total };
  },
};
