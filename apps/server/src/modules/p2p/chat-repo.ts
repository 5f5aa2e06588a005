/** SQL of the deal chat and of appeal answers (chat.ts, appeal-answer.ts). */
import type { Selectable } from 'kysely';
import type { P2pAppealAnswersTable, P2pDealMessagesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

export type P2pDealMessage = Selectable<P2pDealMessagesTable>;
export type P2pAppealAnswer = Selectable<P2pAppealAnswersTable>;

export const chatRepo = {
  async insertMessage(trx: Db, m: { deal_id: number; user_id: number; body: string; created_at: number }) {
    const row = await trx.insertInto('p2p_deal_messages').values(m).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** A deal's messages after message id `after`, oldest first. */
  messages(db: Db, dealId: number, after = 0): Promise<P2pDealMessage[]> {
    return db
      .selectFrom('p2p_deal_messages')
      .selectAll()
      .where('deal_id', '=', dealId)
      .where('id', '>', after)
      .orderBy('id')
      .execute();
  },

  /** How many messages this user wrote on this deal, in all and since `since` (ms). */
  async sentCounts(db: Db, dealId: number, userId: number, since: number) {
    const rows = await db
      .selectFrom('p2p_deal_messages')
      .select('created_at')
      .where('deal_id', '=', dealId)
      .where('user_id', '=', userId)
      .execute();
    return { total: rows.length, recent: rows.filter((r) => r.created_at >= since).length };
  },

  answer(db: Db, dealId: number): Promise<P2pAppealAnswer | undefined> {
    return db.selectFrom('p2p_appeal_answers').selectAll().where('deal_id', '=', dealId).executeTakeFirst();
  },

  async insertAnswer(trx: Db, a: { deal_id: number; user_id: number; note: string; created_at: number }) {
    await trx.insertInto('p2p_appeal_answers').values(a).execute();
  },
};
