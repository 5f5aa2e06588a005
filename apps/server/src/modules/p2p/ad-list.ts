/**
 * One ad list for both doors (C2C and shop): everyone's takeable ads, or one owner's (C2C) or one
 * shop's (shop) ads, newest first, 10 a page; each door shows its rows (views.ts, shop/views.ts).
 */
import { P2P_PAGE_SIZE, type C2cAdRow, type P2P_SIDES } from '@oryx/contracts/p2p/calls';
import type { ShopAdRow } from '@oryx/contracts/p2p/shop-calls';
import type { Db } from '../../db/connection';
import { usersRepo } from '../users/repo';
import type { DealDoor } from './doors';
import { p2pListRepo, type AdFilter } from './repo';
import { adRow, currencies, page, shopNames } from './shop/views';
import { c2cAdRow } from './views';

export interface AdListQuery {
  page: number;
  type?: (typeof P2P_SIDES)[number];
  currency_id?: number;
  /** C2C: every ad of this owner (else the takeable ones: open, something left). */
  ownerId?: number;
  /** Shop: this shop's ads, open (`done` 0) or finished (1) or all (else those on the shelf). */
  shopId?: number;
  done?: 0 | 1;
}

/** Which ads a list shows: the door's takeable ones for everyone, or one owner's / shop's. */
function filterOf(door: DealDoor, q: AdListQuery): AdFilter {
  const common = { kind: door, type: q.type, currencyId: q.currency_id };
  if (door === 'c2c') {
    if (q.ownerId !== undefined) return { ...common, userId: q.ownerId };
    return { ...common, open: true, hasLeft: true };
  }
  if (q.shopId !== undefined) return { ...common, shopId: q.shopId, done: q.done };
  return { ...common, open: true, onShelf: true };
}

type Page<T> = ReturnType<typeof page<T>>;

export async function listAds(db: Db, locale: string, door: 'c2c', q: AdListQuery): Promise<Page<C2cAdRow>>;
export async function listAds(db: Db, locale: string, door: 'shop', q: AdListQuery): Promise<Page<ShopAdRow>>;
export async function listAds(
  db: Db,
  locale: string,
  door: DealDoor,
  q: AdListQuery,
): Promise<Page<C2cAdRow> | Page<ShopAdRow>> {
  const { rows, total } = await p2pListRepo.pageAds(db, filterOf(door, q), q.page, P2P_PAGE_SIZE);
  const cur = await currencies(db);
  if (door === 'c2c') {
    const who = await usersRepo.nicknames(
      db,
      rows.map((r) => r.user_id),
    );
    return page(
      rows.map((r) => c2cAdRow(r, cur, who)),
      q.page,
      total,
    );
  }
  const names = await shopNames(
    db,
    rows.map((r) => r.shop_id),
  );
  return page(
    rows.map((r) => adRow(r, cur, names, locale)),
    q.page,
    total,
  );
}
