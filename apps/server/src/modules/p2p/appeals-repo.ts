/** SQL of appeals and their evidence: `p2p_appeals` (one per deal) and `p2p_deal_images`. */
import type { Db } from '../../db/connection';
import { DEAL_STATE } from './deal-states';

export type ImageKind = 'voucher' | 'appeal' | 'answer';

export const appealsRepo = {
  /** A deal's appeal: who appealed, the note and the decision (undefined without an appeal). */
  find(db: Db, dealId: number) {
    return db
      .selectFrom('p2p_appeals')
      .select(['id', 'user_id', 'note', 'result'])
      .where('deal_id', '=', dealId)
      .executeTakeFirst();
  },

  async insert(trx: Db, row: { deal_id: number; user_id: number; note: string; created_at: number }) {
    await trx.insertInto('p2p_appeals').values(row).execute();
  },

  async decide(
    trx: Db,
    dealId: number,
    d: { result: string; reason: string; decided_by: number; decided_at: number },
  ) {
    await trx.updateTable('p2p_appeals').set(d).where('deal_id', '=', dealId).execute();
  },

  /** Appealed deals for operators (every appeal, or those still under appeal), oldest appeal first. */
  async page(db: Db, q: { pendingOnly?: boolean; dealId?: number }, page: number, size: number) {
    let base = db.selectFrom('p2p_appeals as a').innerJoin('p2p_deals as d', 'd.id', 'a.deal_id');
    if (q.pendingOnly) base = base.where('d.is_sure', '=', DEAL_STATE.appeal);
    if (q.dealId !== undefined) base = base.where('d.id', '=', q.dealId);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['d.id', 'd.is_sure', 'd.kind', 'd.buyer_id', 'd.seller_id', 'd.currency_id'])
      .select(['d.number_minor', 'd.deal_money_minor', 'd.coin_code', 'd.way', 'd.paid_at'])
      .select(['a.user_id', 'a.note', 'a.result', 'a.reason', 'a.created_at'])
      .orderBy('a.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return { rows, total: Number(n) };
  },

  async insertImage(
    trx: Db,
    row: { deal_id: number; user_id: number; kind: ImageKind; file_name: string; created_at: number },
  ) {
    await trx.insertInto('p2p_deal_images').values(row).execute();
  },

  images(db: Db, dealId: number) {
    return db
      .selectFrom('p2p_deal_images')
      .select(['kind', 'file_name'])
      .where('deal_id', '=', dealId)
      .orderBy('id')
      .execute();
  },

  async hasImage(db: Db, dealId: number, name: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('p2p_deal_images')
      .select('file_name')
      .where('deal_id', '=', dealId)
      .where('file_name', '=', name)
      .executeTakeFirst();
    return row?.file_name;
  },
};
