/**
 * The operator's side of deposit-earning: the products (term and rate over the term) and the currencies
 * that can be deposited. A change applies to new deposits only: each record keeps the term and rate it
 * was made with (`earning_records.day`, `rate_bps`), and its payouts are computed from those.
 */
import { formatMinor } from '@oryx/contracts/money';
import { percentOfBps } from '@oryx/contracts/earning/terms';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import type { StaffChange } from '../../lib/seams';
import { earningRepo } from './repo';

export async function earningConfig(ctx: AppContext) {
  const [products, currencies] = await Promise.all([
    earningRepo.products(ctx.db),
    earningRepo.allCurrencies(ctx.db),
  ]);
  return {
    products: products.map((p) => ({
      id: p.id,
      day: p.day,
      rate: percentOfBps(p.rate_bps),
      is_open: p.is_open,
      sort: p.sort,
    })),
    currencies: currencies.map((c) => ({
      currency_id: c.currency_id,
      name: c.name,
      min: formatMinor(c.min_minor, c.scale),
      is_open: c.is_open,
    })),
  };
}

/** `12.5` percent → 1250 basis points (the contract allows at most 2 decimals). */
const bpsOf = (rate: string): number => {
  const [whole, frac = ''] = rate.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

export async function saveProduct(
  ctx: AppContext,
  input: { id?: number; day: number; rate: string; is_open: number; sort?: number },
): Promise<StaffChange> {
  const rateBps = bpsOf(input.rate);
  if (rateBps > 10_000) throw new AppError('VALIDATION', { detail: 'rate: at most 100 percent' });
  if (input.id === undefined) {
    const id = (await earningRepo.lastProductId(ctx.db)) + 1;
    const row = { id, day: input.day, rate_bps: rateBps, is_open: input.is_open, sort: input.sort ?? id };
    await earningRepo.insertProduct(ctx.db, row);
    return { subject: 'earning_product', subjectId: id, after: row };
  }
  const before = await earningRepo.product(ctx.db, input.id);
  if (!before) throw new AppError('EARNING_PRODUCT_UNKNOWN');
  const after = {
    day: input.day,
    rate_bps: rateBps,
    is_open: input.is_open,
    sort: input.sort ?? before.sort,
  };
  await earningRepo.updateProduct(ctx.db, input.id, after);
  return { subject: 'earning_product', subjectId: input.id, before, after: { id: input.id, ...after } };
}
