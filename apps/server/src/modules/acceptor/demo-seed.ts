/**
 * Demo mode: a CNY acceptor (the seller account, USDT), a virtual-coin acceptor (demo2, ETH quoted in
 * USDT), a region agent (demo1, Shanghai / Pudong) and regions for the demo users, so the acceptor and
 * region pages have something to show. Written only when missing: an operator's changes stay.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Db } from '../../db/connection';
import { demoUserIds } from '../../db/seed';
import type { Clock } from '../../lib/clock';
import { ACCEPTOR_STATUS } from './config';
import { catalogRepo } from '../catalog/repo';
import { regionRepo } from './region-repo';
import { acceptorRepo } from './repo';

const REGIONS: [string, string, string][] = [
  ['demo1@oryx.local', 'Shanghai', 'Pudong'],
  ['demo2@oryx.local', 'Shanghai', 'Pudong'],
  ['seller@oryx.local', 'Shanghai', 'Pudong'],
  ['admin@oryx.local', 'Beijing', 'Chaoyang'],
];

const DEMO_ACCEPTORS = [
  {
    email: 'seller@oryx.local',
    kind: 'cny',
    name: 'Oryx OTC Desk',
    quote: 'CNY',
    coin: 'USDT',
    rates: ['7.2000', '7.0500'],
    limits: ['100', '50000', '100', '50000'],
    pay: {
      wechat_nickname: 'OryxOTC',
      wechat_account: 'oryx_otc_wx',
      ali_nickname: 'Oryx OTC',
      ali_account: 'otc@oryx.example',
      bank_name: 'Bank of Shanghai',
      bank_account: '6222 0210 0188 6600',
      bank_address: 'Pudong Branch, 168 Century Avenue, Shanghai',
    },
  },
  {
    email: 'demo2@oryx.local',
    kind: 'coin',
    name: 'Coin Bridge',
    quote: 'USDT',
    coin: 'ETH',
    rates: ['3420.0000', '3380.0000'],
    limits: ['10', '20000', '10', '20000'],
    pay: {
      wechat_nickname: '',
      wechat_account: '',
      ali_nickname: 'Coin Bridge',
      ali_account: 'bridge@oryx.example',
      bank_name: 'Bank of Shanghai',
      bank_account: '6222 0210 0199 7711',
      bank_address: 'Xuhui Branch, 8 Caoxi Road, Shanghai',
    },
  },
] as const;

export async function seedDemoAcceptors(db: Db, clock: Clock): Promise<void> {
  const users = await demoUserIds(db);
  const now = clock.now();
  const coins = await catalogRepo.currencies(db);
  for (const d of DEMO_ACCEPTORS) {
    const userId = users.get(d.email);
    const coin = coins.find((c) => c.name === d.coin);
    if (userId === undefined || !coin || (await acceptorRepo.byUser(db, userId))) continue;
    const m = (v: string) => parseDecimal(v, 2);
    await acceptorRepo.upsert(db, {
      user_id: userId,
      kind: d.kind,
      name: d.name,
      quote_code: d.quote,
      currency_id: coin.id,
      recharge_rate_minor: parseDecimal(d.rates[0], 4),
      cash_rate_minor: parseDecimal(d.rates[1], 4),
      recharge_min_minor: m(d.limits[0]),
      recharge_max_minor: m(d.limits[1]),
      cash_min_minor: m(d.limits[2]),
      cash_max_minor: m(d.limits[3]),
      ...d.pay,
      status: ACCEPTOR_STATUS.active,
      created_at: now,
      updated_at: now,
    });
  }
  for (const [email, city, district] of REGIONS) {
    const userId = users.get(email);
    if (userId === undefined) continue;
    await regionRepo.setRegion(db, userId, { city_name: city, district_name: district }, now, true);
  }
  const agent = users.get('demo1@oryx.local');
  if (agent !== undefined) {
    await regionRepo.setAgent(db, agent, { city_name: 'Shanghai', district_name: 'Pudong' }, now, true);
  }
}
