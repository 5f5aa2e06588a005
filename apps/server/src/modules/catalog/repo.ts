/**
 * SQL of the catalog: markets with their two currencies, and currencies. Each reader takes the shared
 * join and adds the columns it needs (quotation: the product switches; spot: tick, step, minimums and
 * fees; seconds options: its switch), so a market's meaning is written in one place.
 */
import type { Selectable } from 'kysely';
import type { CurrenciesTable } from '@oryx/db/schema';
import type { Db } from '../../db/connection';

/** More markets than any exchange lists: a bound on every market listing. */
const MARKETS_MAX = 10_000;
/** More currencies than any exchange lists: a bound on every currency listing. */
const CURRENCIES_MAX = 1000;

/** A market (`m`) with its quote currency (`l`, the "legal" side) and its base currency (`c`). */
export function marketJoin(db: Db) {
  return db
    .selectFrom('markets as m')
    .innerJoin('currencies as l', 'l.id', 'm.legal_id')
    .innerJoin('currencies as c', 'c.id', 'm.currency_id');
}

/**
 * Every market (displayed or not) with what all listings show: quote groups in currency order, markets
 * in their sort order. Readers add their own columns with `.select(...)`.
 */
export function marketsInDisplayOrder(db: Db) {
  return marketJoin(db)
    .select([
      'm.id',
      'm.legal_id',
      'm.currency_id',
      'm.sort',
      'm.is_display',
      'm.open_coin_trade',
      'm.price_decimals',
      'm.amount_decimals',
      'm.reference_price_minor',
      'l.name as legal_name',
      'l.scale as legal_scale',
      'l.sort as legal_sort',
      'l.cny_rate_minor as legal_cny_rate_minor',
      'c.name as currency_name',
      'c.scale as currency_scale',
    ])
    .orderBy('l.sort')
    .orderBy('m.legal_id')
    .orderBy('m.sort')
    .orderBy('m.id')
    .limit(MARKETS_MAX);
}

/** Currencies in their sort order; readers select their columns and filters on top. */
function currenciesInOrder(db: Db) {
  return db.selectFrom('currencies').orderBy('sort').orderBy('id').limit(CURRENCIES_MAX);
}

/** The currency columns the wallet and its valuation read. */
const CURRENCY_COLUMNS = [
  'id',
  'name',
  'scale',
  'sort',
  'is_display',
  'is_legal',
  'is_match',
  'is_lever',
  'is_micro',
  'cny_rate_minor',
  'reference_usdt_price_minor',
] as const;

/** A currency with the columns above (scales, wallet switches, reference rates). */
export type CurrencyRow = Pick<Selectable<CurrenciesTable>, (typeof CURRENCY_COLUMNS)[number]>;

/** A market as quotation replies and tickers see it. */
export type MarketRow = Awaited<ReturnType<typeof catalogRepo.quotationMarkets>>[number];

export const catalogRepo = {
  /**
   * Markets for quotation replies and tickers: the shared columns, the product switches and the lever
   * terms the quotation shows (null where a market has none; modules/lever owns them).
   */
  quotationMarkets(db: Db) {
    return marketsInDisplayOrder(db)
      .leftJoin('lever_markets as lv', 'lv.market_id', 'm.id')
      .select([
        'm.open_microtrade',
        'm.open_lever',
        'lv.share_num_minor as lever_share_num_minor',
        'lv.fee_bps as lever_fee_bps',
        'lv.spread_bps as lever_spread_bps',
      ])
      .execute();
  },

  /** Markets for the spot engine: the shared columns and the trading rules and fees. */
  spotMarkets(db: Db) {
    return marketsInDisplayOrder(db)
      .select([
        'm.price_tick_minor',
        'm.amount_step_minor',
        'm.min_amount_minor',
        'm.min_notional_minor',
        'm.maker_fee_bps',
        'm.taker_fee_bps',
      ])
      .execute();
  },

  /** Markets for seconds options: names, price scale and its switch, by quote currency id. */
  microMarkets(db: Db) {
    return marketJoin(db)
      .select([
        'm.id',
        'm.is_display',
        'm.open_microtrade',
        'm.price_decimals',
        'l.scale as legal_scale',
        'l.name as legal_name',
        'c.name as currency_name',
      ])
      .orderBy('m.legal_id')
      .orderBy('m.sort')
      .orderBy('m.id')
      .limit(MARKETS_MAX)
      .execute();
  },

  setReferencePrice(db: Db, marketId: number, priceMinor: bigint) {
    return db
      .updateTable('markets')
      .set({ reference_price_minor: priceMinor })
      .where('id', '=', marketId)
      .execute();
  },

  /** Every currency, in its sort order. */
  currencies(db: Db): Promise<CurrencyRow[]> {
    return currenciesInOrder(db).select(CURRENCY_COLUMNS).execute();
  },

  currency(db: Db, id: number): Promise<CurrencyRow | undefined> {
    return db.selectFrom('currencies').select(CURRENCY_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** Names are stored upper case ('USDT'). */
  currencyByName(db: Db, name: string) {
    return db.selectFrom('currencies').select('id').where('name', '=', name.toUpperCase()).executeTakeFirst();
  },

  /** The currencies markets are quoted in, in their sort order. */
  quoteCurrencies(db: Db) {
    return currenciesInOrder(db).select(['id', 'name', 'cny_rate_minor']).where('is_quote', '=', 1).execute();
  },

  displayedCurrencies(db: Db) {
    return currenciesInOrder(db).select(['id', 'name', 'full_name']).where('is_display', '=', 1).execute();
  },

  currencyDetail(db: Db, id: number) {
    return db
      .selectFrom('currencies')
      .select(['id', 'name', 'full_name', 'desc'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
};
