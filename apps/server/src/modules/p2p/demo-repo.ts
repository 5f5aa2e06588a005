/** SQL of the demo seeds (demo-ads.ts, shop/demo-seed.ts): payment details and the ads already posted. */
import type { Db } from '../../db/connection';
import { AD_STATUS } from './repo';

export interface DemoCashInfo {
  real_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
}

export const demoRepo = {
  /** Gives the user payment details unless they have some (bank "Demo Bank"). */
  async ensureCashInfo(trx: Db, userId: number, c: DemoCashInfo, at: number): Promise<void> {
    const has = await trx
      .selectFrom('user_cash_info')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (has) return;
    await trx
      .insertInto('user_cash_info')
      .values({
        user_id: userId,
        bank_name: 'Demo Bank',
        ...c,
        alipay_collect: '',
        wechat_collect: '',
        updated_at: at,
      })
      .execute();
  },

  /** Whether the user has an open C2C ad like this one with something left. */
  async hasOpenC2cAd(
    trx: Db,
    a: { userId: number; currencyId: number; type: string; fiat: string; way: string },
  ): Promise<boolean> {
    const row = await trx
      .selectFrom('p2p_ads')
      .select('id')
      .where('kind', '=', 'c2c')
      .where('user_id', '=', a.userId)
      .where('currency_id', '=', a.currencyId)
      .where('type', '=', a.type)
      .where('coin_code', '=', a.fiat)
      .where('way', '=', a.way)
      .where('status', '=', AD_STATUS.open)
      .where('surplus_minor', '>', 0n)
      .executeTakeFirst();
    return row !== undefined;
  },

  async shopHasAds(trx: Db, shopId: number): Promise<boolean> {
    const row = await trx.selectFrom('p2p_ads').select('id').where('shop_id', '=', shopId).executeTakeFirst();
    return row !== undefined;
  },
};
