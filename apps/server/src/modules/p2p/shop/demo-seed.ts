/**
 * Demo mode: the demo seller (seller@oryx.local) runs a USDT shop with a funded shop balance, payment
 * details and two ads on the shelf (one selling, one buying), so the shop pages are not empty.
 * Idempotent: the shop, the funding transfer and the ads are made only when missing.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../../db/connection';
import { runInTransaction } from '../../../db/transaction';
import type { Clock } from '../../../lib/clock';
import { ledger, userAccount } from '../../ledger/service';
import { FIAT_SCALE } from '../config';
import { escrowSellAd } from '../engine';
import { AD_STATUS, p2pRepo } from '../repo';
import { SHOP_REASONS } from './config';
import { shopRepo } from './repo';
import { legalUsdt } from '../demo-ads';
import { demoRepo } from '../demo-repo';
import { markIdentityReviewed, markSeller, usersRepo } from '../../users/repo';

const SELLER = 'seller@oryx.local';
const ADS = [
  { type: 'sell', price: '7.12', total: '800', min: '100', max: '2000', way: 'bank' },
  { type: 'buy', price: '6.98', total: '500', min: '100', max: '1400', way: 'ali_pay' },
] as const;

const CASH = {
  real_name: 'Oryx Demo Shop',
  bank_account: '6222 0000 1234 5678',
  alipay_account: 'demo-shop@alipay',
  wechat_nickname: 'Oryx Shop',
  wechat_account: 'oryx_demo_shop',
};

export async function seedDemoShop(db: Db, clock: Clock): Promise<void> {
  const userId = await usersRepo.idByEmail(db, SELLER);
  const usdt = await legalUsdt(db);
  if (userId === undefined || !usdt) return;
  const user = { id: userId };
  const at = clock.now();
  await runInTransaction(db, async (trx) => {
    await markSeller(trx, user.id);
    await markIdentityReviewed(trx, user.id);
    await demoRepo.ensureCashInfo(trx, user.id, CASH, at);
    const shop = await shopRepo.findShopOf(trx, user.id, usdt.id);
    const shopId =
      shop?.id ??
      (await shopRepo.insertShop(trx, {
        user_id: user.id,
        currency_id: usdt.id,
        name: 'Oryx Demo Shop',
        at,
      }));
    const ref = { type: 'demo_seed', id: `${SELLER}:shop:USDT` };
    if (!(await ledger.hasEntry(trx, ref, SHOP_REASONS.in))) {
      await ledger.transfer(trx, {
        from: userAccount(user.id, 'legal'),
        to: userAccount(user.id, 'shop'),
        amountMinor: parseDecimal('2000', usdt.scale),
        currencyId: usdt.id,
        reason: SHOP_REASONS.in,
        ref,
        at,
      });
    }
    if (await demoRepo.shopHasAds(trx, shopId)) return;
    for (const a of ADS) {
      const total = parseDecimal(a.total, usdt.scale);
      const id = await p2pRepo.insertAd(trx, {
        kind: 'shop',
        shop_id: shopId,
        user_id: user.id,
        type: a.type,
        currency_id: usdt.id,
        coin_code: 'CNY',
        way: a.way,
        price_minor: parseDecimal(a.price, FIAT_SCALE),
        total_minor: total,
        surplus_minor: total,
        min_minor: parseDecimal(a.min, FIAT_SCALE),
        max_minor: parseDecimal(a.max, FIAT_SCALE),
        is_shelves: 1,
        status: AD_STATUS.open,
        created_at: at,
        updated_at: at,
      });
      if (a.type === 'sell') await escrowSellAd(trx, (await p2pRepo.findAd(trx, id))!, at);
    }
  });
}
