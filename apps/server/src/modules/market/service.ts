import { formatMinor, MoneyError, parseDecimal } from '@oryx/contracts/money';
import { FAVOURITES_MAX, type QuotationGroup, type QuotationItem } from '@oryx/contracts/market/calls';
import { translate } from '@oryx/i18n';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { catalogRepo, type MarketRow } from '../catalog/repo';
import { marketRepo } from './repo';
import { getTicker, onReferencePriceChanged, tickerWire, type Ticker } from './tickers';

/** Scale of `cny_rate_minor` (db/schema.ts). */
const CNY_RATE_SCALE = 8;
/** CNY per unit of a quote currency as sent: 4 decimals (`6.9641`). */
const cnyRateText = (rateMinor: bigint) => formatMinor(rateMinor, CNY_RATE_SCALE, 4);

/**
 * Leverage contract terms shown in every quotation item: the market's row of `lever_markets` (modules/lever
 * owns and edits it): lot size in base units, fee and spread as percents. A market without lever terms
 * sends these neutral defaults: one unit per lot, no fee, no spread.
 */
export const LEVER_TERMS_DEFAULT = { lever_share_num: '1', lever_trade_fee: '0', spread: '0' } as const;

function leverTermsOf(meta: MarketRow) {
  if (meta.lever_share_num_minor === null) return LEVER_TERMS_DEFAULT;
  const num = formatMinor(meta.lever_share_num_minor, meta.currency_scale);
  return {
    lever_share_num: num.includes('.') ? num.replace(/\.?0+$/, '') : num,
    lever_trade_fee: formatMinor(BigInt(meta.lever_fee_bps ?? 0), 2),
    spread: formatMinor(BigInt(meta.lever_spread_bps ?? 0), 2),
  };
}

function quotationItem(meta: MarketRow, t: Ticker, added: boolean): QuotationItem {
  const wire = tickerWire(meta, t);
  return {
    id: meta.id,
    legal_id: meta.legal_id,
    legal_name: meta.legal_name,
    currency_id: meta.currency_id,
    currency_name: meta.currency_name,
    symbol: `${meta.currency_name}/${meta.legal_name}`,
    ...wire,
    is_display: meta.is_display,
    open_coin_trade: meta.open_coin_trade,
    open_lever: meta.open_lever,
    open_microtrade: meta.open_microtrade,
    ...leverTermsOf(meta),
    // The CNY rate of the quote currency (the group's rate), not of the coin: clients of this API family
    // show now_price x rmb_relation as the CNY value.
    rmb_relation: cnyRateText(meta.legal_cny_rate_minor),
    added,
    price_decimals: meta.price_decimals,
    amount_decimals: meta.amount_decimals,
  };
}

async function favouriteIds(ctx: AppContext, userId: number | undefined): Promise<Set<number>> {
  if (userId === undefined) return new Set();
  return new Set((await marketRepo.favouriteMarketIds(ctx.db, userId)).map((r) => r.market_id));
}

/** Displayed markets with their tickers, in quotation order. Metadata is read fresh (operators edit it). */
async function displayedItems(ctx: AppContext, userId: number | undefined) {
  const [rows, favs] = await Promise.all([catalogRepo.quotationMarkets(ctx.db), favouriteIds(ctx, userId)]);
  const out: { meta: MarketRow; item: QuotationItem }[] = [];
  for (const meta of rows) {
    if (meta.is_display !== 1) continue;
    const t = await getTicker(ctx, meta.id);
    if (t) out.push({ meta, item: quotationItem(meta, t, favs.has(meta.id)) });
  }
  return out;
}

export async function quotationGroups(
  ctx: AppContext,
  userId: number | undefined,
): Promise<QuotationGroup[]> {
  const [quotes, items] = await Promise.all([
    catalogRepo.quoteCurrencies(ctx.db),
    displayedItems(ctx, userId),
  ]);
  return quotes
    .map((q) => {
      const cny = cnyRateText(q.cny_rate_minor);
      return {
        id: q.id,
        name: q.name,
        fiat_convert_cny: cny,
        rmb_relation: cny,
        quotation: items.filter((i) => i.meta.legal_id === q.id).map((i) => i.item),
      };
    })
    .filter((g) => g.quotation.length > 0);
}

export async function coinList(ctx: AppContext) {
  const items = await displayedItems(ctx, undefined);
  return {
    coin_list: items.map(({ item }) => ({
      id: item.id,
      name: item.currency_name,
      symbol: item.symbol,
      legal_id: item.legal_id,
      legal_name: item.legal_name,
      currency_id: item.currency_id,
      last_price: item.now_price,
      proportion: item.change,
    })),
  };
}

export async function currencyList(ctx: AppContext) {
  const [legal, all] = await Promise.all([
    catalogRepo.quoteCurrencies(ctx.db),
    catalogRepo.displayedCurrencies(ctx.db),
  ]);
  return { legal: legal.map((c) => ({ id: c.id, name: c.name })), currency: all };
}

export async function currencyDetail(ctx: AppContext, id: number) {
  const c = await catalogRepo.currencyDetail(ctx.db, id);
  if (!c) throw new AppError('NOT_FOUND', { path: `currency ${id}` });
  return c;
}

export async function favouriteList(ctx: AppContext, userId: number) {
  const ids = await marketRepo.favouriteMarketIds(ctx.db, userId);
  const items = await displayedItems(ctx, userId);
  const byId = new Map(items.map((i) => [i.item.id, i.item]));
  // In the order they were starred; markets no longer displayed are left out.
  return { data: ids.map((r) => byId.get(r.market_id)).filter((i): i is QuotationItem => i !== undefined) };
}

async function displayedMarket(ctx: AppContext, marketId: number): Promise<MarketRow> {
  const meta = (await catalogRepo.quotationMarkets(ctx.db)).find((m) => m.id === marketId);
  if (!meta || meta.is_display !== 1) throw new AppError('NOT_FOUND', { path: `market ${marketId}` });
  return meta;
}

export async function addFavourite(ctx: AppContext, userId: number, marketId: number, locale: string) {
  await displayedMarket(ctx, marketId);
  const favs = await favouriteIds(ctx, userId);
  if (!favs.has(marketId)) {
    if (favs.size >= FAVOURITES_MAX)
      throw new AppError('VALIDATION', { detail: `at most ${FAVOURITES_MAX} favourites` });
    await marketRepo.addFavourite(ctx.db, userId, marketId, ctx.clock.now());
  }
  return translate(locale, 'market.favouriteAdded');
}

export async function removeFavourite(ctx: AppContext, userId: number, marketId: number, locale: string) {
  await marketRepo.removeFavourite(ctx.db, userId, marketId);
  return translate(locale, 'market.favouriteRemoved');
}

/** Operator action: a new reference price (a positive decimal at the quote currency's scale). */
export async function setReferencePrice(ctx: AppContext, marketId: number, price: string | number) {
  const meta = (await catalogRepo.quotationMarkets(ctx.db)).find((m) => m.id === marketId);
  if (!meta) throw new AppError('NOT_FOUND', { path: `market ${marketId}` });
  let priceMinor: bigint;
  try {
    priceMinor = parseDecimal(price, meta.legal_scale);
  } catch (err) {
    if (err instanceof MoneyError) throw new AppError('VALIDATION', { detail: `price: ${err.code}` });
    throw err;
  }
  await catalogRepo.setReferencePrice(ctx.db, marketId, priceMinor);
  const t = await onReferencePriceChanged(ctx, marketId, priceMinor);
  return quotationItem({ ...meta, reference_price_minor: priceMinor }, t, false);
}
