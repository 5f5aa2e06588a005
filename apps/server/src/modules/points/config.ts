/**
 * JC points: the two currencies (JC, the points; BEAU, what they are exchanged for), seeded when missing,
 * and the published terms. JC is hidden from the wallet lists (not displayed, no wallet flag); BEAU is
 * an ordinary spot-wallet currency without a market.
 */
import { parseDecimal } from '@oryx/contracts/money';
import type { Seeder } from '../module';
import { catalogRepo } from '../catalog/repo';

export const JC_CURRENCY_ID = 90;
export const BEAU_CURRENCY_ID = 91;
export const POINTS_SCALE = 8;
export const ACCRUAL_JOB = 'points.accrue';
export const ACCRUAL_INTERVAL_MS = 3_600_000;
/** The fees that earn points: the trading fees the referral rule covers (never returned). */
export const POINTS_FEE_REASONS = ['spot.fee', 'micro.fee'] as const;

export const POINTS_TERMS = {
  /** JC earned per 1 USDT of trading fees paid. */
  pointsPerUsdt: 10n,
  /** BEAU per 1 JC, scale 8. */
  beauPerJcMinor: parseDecimal('0.1', 8),
  /** Fee on the BEAU amount, basis points (2 %). */
  exchangeFeeBps: 200,
} as const;

export const seedPoints: Seeder = async (db) => {
  const rows = [
    {
      id: JC_CURRENCY_ID,
      name: 'JC',
      full_name: 'JC points',
      is_display: 0,
      is_match: 0,
      usdt: '0',
      desc: 'Oryx points, earned from trading fees and exchanged for BEAU.',
    },
    {
      id: BEAU_CURRENCY_ID,
      name: 'BEAU',
      full_name: 'BEAU',
      is_display: 1,
      is_match: 1,
      usdt: '0.05',
      desc: 'The token JC points are exchanged for.',
    },
  ];
  for (const r of rows) {
    await catalogRepo.insertCurrencyOnce(db, {
      id: r.id,
      name: r.name,
      full_name: r.full_name,
      scale: POINTS_SCALE,
      sort: r.id,
      is_display: r.is_display,
      is_legal: 0,
      is_match: r.is_match,
      is_lever: 0,
      is_micro: 0,
      is_quote: 0,
      cny_rate_minor: 0n,
      reference_usdt_price_minor: parseDecimal(r.usdt, 8, { allowZero: true }),
      desc: r.desc,
    });
  }
};
