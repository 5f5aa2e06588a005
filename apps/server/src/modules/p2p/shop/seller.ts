/**
 * The seller's side of shops: my shops with their balances, a shop's public page and figures, the shop
 * balance's log, transfers between the legal wallet and a shop balance, and the operator's call that
 * makes a user a seller and opens a shop.
 */
import { divRound, formatMinor } from '@oryx/contracts/money';
import { SHOP_TRANSFER_TYPES } from '@oryx/contracts/p2p/shop-calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/app-error';
import { isUniqueViolation, runInTransaction } from '../../../db/transaction';
import type { Db } from '../../../db/connection';
import { ledger, userAccount } from '../../ledger/service';
import { P2P_PAGE_SIZE } from '@oryx/contracts/p2p/calls';
import { looksLikeContact } from '@oryx/contracts/account/nickname';
import { legalCurrency, oneOf, ownShop, positiveAmount } from './common';
import { SHOP_REASONS, SHOP_RECENT_DAYS } from './config';
import { shopRepo, type Shop } from './repo';
import { listAds } from '../ad-list';
import { markSeller, sellerChecks, userIdByLogin } from '../../users/repo';
import { currencies, curOf, page, timeText } from './views';

const shopBalance = async (db: Db, shop: Shop) =>
  (await ledger.balance(db, userAccount(shop.user_id, 'shop'), shop.currency_id)).availableMinor;

/** My shops (every currency), with the shop balance and the coins its sell ads hold in escrow. */
export async function myShops(db: Db, userId: number, pageNo: number) {
  const shops = await shopRepo.shopsOf(db, userId);
  const cur = await currencies(db);
  const rows = [];
  for (const s of shops.slice((pageNo - 1) * P2P_PAGE_SIZE, pageNo * P2P_PAGE_SIZE)) {
    const c = curOf(cur, s.currency_id);
    rows.push({
      id: s.id,
      name: s.name,
      currency_id: s.currency_id,
      currency_name: c.name,
      legal_balance: formatMinor(await shopBalance(db, s), c.scale),
      lock_seller_balance: formatMinor(await shopRepo.lockedOf(db, s.id), c.scale),
      create_time: timeText(s.created_at),
    });
  }
  return page(rows, pageNo, shops.length);
}

/** A shop's public page: the owner's checks, its deal figures, its ads on the shelf. */
export async function shopInfo(
  ctx: AppContext,
  viewerId: number | null,
  locale: string,
  id: number,
  pageNo: number,
) {
  const shop = await shopRepo.findShop(ctx.db, id);
  if (!shop) throw new AppError('SHOP_NOT_FOUND');
  const owner = await sellerChecks(ctx.db, shop.user_id);
  const since = ctx.clock.now() - SHOP_RECENT_DAYS * 86_400_000;
  const f = await shopRepo.figures(ctx.db, shop.id, since);
  const ended = f.done + f.cancelled;
  const c = curOf(await currencies(ctx.db), shop.currency_id);
  const mine = viewerId === shop.user_id;
  const legal = viewerId
    ? (await ledger.balance(ctx.db, userAccount(viewerId, 'legal'), shop.currency_id)).availableMinor
    : 0n;
  const lists = await listAds(ctx.db, locale, 'shop', { page: pageNo, shopId: shop.id, done: 0 });
  return {
    id: shop.id,
    name: shop.name,
    create_time: timeText(shop.created_at),
    prove_level: owner.review_status === 2 ? 1 : 0,
    prove_mobile: owner.phone ? 1 : 0,
    prove_real: owner.review_status === 2 ? 1 : 0,
    thirtyDays: f.recent,
    total: f.total,
    done: f.done,
    done_rate:
      ended === 0 ? '0.00' : formatMinor(divRound(BigInt(f.done) * 10_000n, BigInt(ended), 'down'), 2),
    currency_id: shop.currency_id,
    currency_name: c.name,
    seller_balance: mine ? formatMinor(await shopBalance(ctx.db, shop), c.scale) : '0',
    user_legal_balance: formatMinor(legal, c.scale),
    is_owner: mine ? 1 : 0,
    lists: mine ? lists : { ...lists, data: lists.data.filter((a) => a.is_shelves === 1) },
  };
}

const LOCK_REASONS = new Set(['p2p.ad_escrow', 'p2p.ad_return', 'p2p.release', 'p2p.return']);

/** One of my shop balances' movements, newest first, 10 a page. */
export async function balanceLog(db: Db, userId: number, locale: string, shopId: number, pageNo: number) {
  const shop = await ownShop(db, userId, shopId);
  const c = curOf(await currencies(db), shop.currency_id);
  const { legs, total } = await ledger.history(db, {
    userId,
    wallets: ['shop'],
    currencyId: shop.currency_id,
    page: pageNo,
    limit: P2P_PAGE_SIZE,
  });
  const data = legs.map((l) => {
    const [area, name] = l.reason.split('.');
    return {
      id: l.entryId,
      currency_name: c.name,
      is_lock: LOCK_REASONS.has(l.reason) ? 1 : 0,
      memo: translate(locale, `${area === 'p2p' || area === 'shop' ? 'shop' : area}.ledgerReason.${name}`),
      updated_at: timeText(l.at),
      value: formatMinor(l.valueMinor, c.scale),
    };
  });
  return page(data, pageNo, total);
}

/** Moves coins between my legal wallet (`in`: to the shop) and one of my shop balances (`out`). */
export async function shopTransfer(
  ctx: AppContext,
  userId: number,
  input: { number?: unknown; type?: unknown; seller_id: number },
) {
  const shop = await ownShop(ctx.db, userId, input.seller_id);
  const type =
    input.type === 1 || input.type === '1'
      ? 'in'
      : input.type === 2 || input.type === '2'
        ? 'out'
        : input.type;
  if (!oneOf(SHOP_TRANSFER_TYPES, type)) throw new AppError('SHOP_TRANSFER_TYPE');
  const currency = await legalCurrency(ctx.db, shop.currency_id);
  const amount = positiveAmount(input.number, currency.scale);
  const [legal, shopAcc] = [userAccount(userId, 'legal'), userAccount(userId, 'shop')];
  const at = ctx.clock.now();
  await runInTransaction(ctx.db, (trx) =>
    ledger.transfer(trx, {
      from: type === 'in' ? legal : shopAcc,
      to: type === 'in' ? shopAcc : legal,
      amountMinor: amount,
      reason: SHOP_REASONS[type],
      ref: { type: 'p2p_shop', id: shop.id },
      currencyId: shop.currency_id,
      at,
    }),
  );
}

/**
 * Operators: make the user with this account (account number, email or phone) a seller and open a shop.
 * The shop's name is public (shop lists, the shop page, its deals), so it may not carry contact data.
 */
export async function openShop(
  ctx: AppContext,
  input: { account: string; currency_id: number; name: string },
) {
  if (looksLikeContact(input.name)) throw new AppError('SHOP_NAME_CONTACT');
  const currency = await legalCurrency(ctx.db, input.currency_id);
  const userId = await userIdByLogin(ctx.db, input.account);
  if (userId === undefined) throw new AppError('SHOP_USER_UNKNOWN');
  const user = { id: userId };
  const at = ctx.clock.now();
  try {
    return await runInTransaction(ctx.db, async (trx) => {
      await markSeller(trx, user.id, at);
      const id = await shopRepo.insertShop(trx, {
        user_id: user.id,
        currency_id: currency.id,
        name: input.name,
        at,
      });
      return { id, user_id: user.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('SHOP_EXISTS');
    throw err;
  }
}
