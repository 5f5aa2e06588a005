/**
 * Demo mode: two C2C merchants (merchant1@ and merchant2@oryx.local, DEMO_USERS) post a few USDT ads on
 * both sides, so the C2C market is not empty. Their coins come the normal way: the wallet's demo
 * credit (genesis → legal wallet, through the ledger), then a sell ad escrows its amount from the legal
 * wallet exactly as posting one does (`escrowSellAd`). The merchants are verified and have payment
 * details. Demo ads have no lifetime timer; an ad that was taken in full or withdrawn is posted again at
 * the next start (a sell ad only while the merchant's legal wallet holds its amount).
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { demoUserIds } from '../../db/seed';
import { runInTransaction } from '../../db/transaction';
import type { Clock } from '../../lib/clock';
import { ledger, userAccount } from '../ledger/service';
import { FIAT_SCALE } from './config';
import { escrowSellAd } from './engine';
import { demoRepo } from './demo-repo';
import { markIdentityReviewed } from '../users/repo';
import { catalogRepo } from '../catalog/repo';
import { AD_STATUS, p2pRepo } from './repo';

interface DemoAd {
  email: string;
  type: 'buy' | 'sell';
  fiat: 'CNY' | 'USD';
  price: string;
  total: string;
  min: string;
  max: string;
  way: 'bank' | 'ali_pay' | 'we_chat';
}

export const DEMO_C2C_ADS: readonly DemoAd[] = [
  {
    email: 'merchant1@oryx.local',
    type: 'sell',
    fiat: 'CNY',
    price: '7.16',
    total: '1500',
    min: '50',
    max: '1000',
    way: 'bank',
  },
  {
    email: 'merchant1@oryx.local',
    type: 'buy',
    fiat: 'CNY',
    price: '7.02',
    total: '1000',
    min: '50',
    max: '800',
    way: 'ali_pay',
  },
  {
    email: 'merchant2@oryx.local',
    type: 'sell',
    fiat: 'CNY',
    price: '7.18',
    total: '800',
    min: '20',
    max: '500',
    way: 'we_chat',
  },
  {
    email: 'merchant2@oryx.local',
    type: 'buy',
    fiat: 'CNY',
    price: '7.05',
    total: '600',
    min: '20',
    max: '600',
    way: 'bank',
  },
  {
    email: 'merchant2@oryx.local',
    type: 'sell',
    fiat: 'USD',
    price: '1.00',
    total: '500',
    min: '10',
    max: '500',
    way: 'bank',
  },
];

const CASH: Record<string, { real_name: string; bank_account: string; alipay: string; wechat: string }> = {
  'merchant1@oryx.local': {
    real_name: 'Lotus Trading',
    bank_account: '6222 0210 0311 4401',
    alipay: 'lotus@alipay.example',
    wechat: 'lotus_trading',
  },
  'merchant2@oryx.local': {
    real_name: 'Harbor OTC',
    bank_account: '6222 0210 0322 5502',
    alipay: 'harbor@alipay.example',
    wechat: 'harbor_otc',
  },
};

async function readyMerchant(trx: Db, userId: number, email: string, at: number) {
  await markIdentityReviewed(trx, userId);
  const c = CASH[email];
  if (!c) return;
  const cash = {
    real_name: c.real_name,
    bank_account: c.bank_account,
    alipay_account: c.alipay,
    wechat_nickname: c.real_name,
    wechat_account: c.wechat,
  };
  await demoRepo.ensureCashInfo(trx, userId, cash, at);
}

const hasOpenAd = (trx: Db, userId: number, currencyId: number, a: DemoAd) =>
  demoRepo.hasOpenC2cAd(trx, { userId, currencyId, type: a.type, fiat: a.fiat, way: a.way });

export async function seedDemoC2cAds(db: Db, clock: Clock): Promise<void> {
  const users = await demoUserIds(db);
  const usdt = await legalUsdt(db);
  if (!usdt) return;
  const at = clock.now();
  await runInTransaction(db, async (trx) => {
    for (const email of Object.keys(CASH)) {
      const id = users.get(email);
      if (id !== undefined) await readyMerchant(trx, id, email, at);
    }
    for (const a of DEMO_C2C_ADS) {
      const userId = users.get(a.email);
      if (userId === undefined || (await hasOpenAd(trx, userId, usdt.id, a))) continue;
      const total = parseDecimal(a.total, usdt.scale);
      if (a.type === 'sell') {
        const bal = await ledger.balance(trx, userAccount(userId, 'legal'), usdt.id);
        if (bal.availableMinor < total) continue;
      }
      const adId = await p2pRepo.insertAd(trx, {
        kind: 'c2c',
        user_id: userId,
        type: a.type,
        currency_id: usdt.id,
        coin_code: a.fiat,
        way: a.way,
        price_minor: parseDecimal(a.price, FIAT_SCALE),
        total_minor: total,
        surplus_minor: total,
        min_minor: parseDecimal(a.min, usdt.scale),
        max_minor: parseDecimal(a.max, usdt.scale),
        status: AD_STATUS.open,
        created_at: at,
        updated_at: at,
      });
      if (a.type === 'sell') await escrowSellAd(trx, (await p2pRepo.findAd(trx, adId))!, at);
    }
  });
}

/** The demo's coin: USDT, when it trades on the legal wallet. */
export async function legalUsdt(db: Db): Promise<{ id: number; scale: number } | undefined> {
  const id = (await catalogRepo.currencyByName(db, 'USDT'))?.id;
  const c = id === undefined ? undefined : await catalogRepo.currency(db, id);
  return c?.is_legal === 1 ? { id: c.id, scale: c.scale } : undefined;
}
