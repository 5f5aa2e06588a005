/**
 * SQL of the catalog: markets with their two currencies, and currencies. Each reader takes the shared
 * join and adds the columns it needs (quotation: the product switches; spot: tick, step, minimums and
 * fees; seconds options: its switch), so a market's meaning is written in one place.
 */
import type { Insertable, Selectable } from 'kysely';
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

  /** One small read: the health check's proof that the database answers. */
  async probe(db: Db): Promise<void> {
    await db.selectFrom('currencies').select('id').limit(1).execute();
  },

  /** Adds a currency unless one with its id exists (areas that bring their own coins seed them). */
  async insertCurrencyOnce(db: Db, row: Insertable<CurrenciesTable>): Promise<void> {
    await db
      .insertInto('currencies')
      .values(row)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  /** The currencies that trade on spot (`is_match`), in their sort order. */
  matchCurrencies(db: Db): Promise<CurrencyRow[]> {
    return currenciesInOrder(db).select(CURRENCY_COLUMNS).where('is_match', '=', 1).execute();
  },

  /** Every currency, in its sort order. */
  currencies(db: Db): Promise<CurrencyRow[]> {
    return currenciesInOrder(db).select(CURRENCY_COLUMNS).execute();
  },

  /** Every currency by id: the names and scales lists of other areas show beside their rows. */
  async currencyMap(db: Db): Promise<Map<number, CurrencyRow>> {
    return new Map((await catalogRepo.currencies(db)).map((c) => [c.id, c]));
  },

  currency(db: Db, id: number): Promise<CurrencyRow | undefined> {
    return db.selectFrom('currencies').select(CURRENCY_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** Names are stored upper case ('USDT'). */
  currencyByName(db: Db, name: string) {
    return db.selectFrom('currencies').select('id').where('name', '=', name.toUpperCase()).executeTakeFirst();
  },

  /** A currency by its name in any case (clients of the wallet middle send `usdt`). */
  currencyByNameAnyCase(db: Db, name: string) {
    return db
      .selectFrom('currencies')
      .select('id')
      .where((eb) => eb(eb.fn('upper', ['name']), '=', name.toUpperCase()))
      .executeTakeFirst();
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

  /** Every market's name parts and quote scale, by id (volumes and lists that name markets). */
  marketNames(db: Db) {
    return marketJoin(db)
      .select(['m.id', 'c.name as currency_name', 'l.name as legal_name', 'l.scale as legal_scale'])
      .limit(MARKETS_MAX)
      .execute();
  },

  /** The names and scales of these currencies, by id. */
  async currencyNames(db: Db, ids: readonly number[]): Promise<Map<number, { name: string; scale: number }>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('currencies')
      .select(['id', 'name', 'scale'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, scale: r.scale }]));
  },

  /** The symbols (`BTC/USDT`) of these markets, by id. */
  async marketSymbols(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await marketJoin(db)
      .select(['m.id', 'c.name as base', 'l.name as quote'])
      .where('m.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, `${r.base}/${r.quote}`]));
  },

  /** The coins with an open spot market quoted in `legalId` that match (coin exchange), in coin order. */
  openSpotCoins(db: Db, legalId: number, max: number) {
    return db
      .selectFrom('markets as m')
      .innerJoin('currencies as c', 'c.id', 'm.currency_id')
      .select(['m.id as market_id', 'm.reference_price_minor', 'c.id', 'c.name', 'c.scale'])
      .where('m.legal_id', '=', legalId)
      .where('m.open_coin_trade', '=', 1)
      .where('c.is_match', '=', 1)
      .orderBy('c.sort')
      .orderBy('c.id')
      .limit(max)
      .execute();
  },

  /** A market's quote scale and price tick (undefined for no such market). */
  marketScales(db: Db, id: number) {
    return marketJoin(db)
      .select(['m.id', 'l.scale as legal_scale', 'c.scale as currency_scale', 'm.price_tick_minor'])
      .where('m.id', '=', id)
      .executeTakeFirst();
  },

  /** A market's switches and quote currency. */
  market(db: Db, id: number) {
    return db
      .selectFrom('markets')
      .select([
        'id',
        'is_display',
        'open_microtrade',
        'open_lever',
        'open_coin_trade',
        'legal_id',
        'currency_id',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Sets one product's switch on a market; false when there is no such market. */
  async setMarketSwitch(
    db: Db,
    id: number,
    product: 'open_microtrade' | 'open_lever',
    value: number,
  ): Promise<boolean> {
    const r = await db
      .updateTable('markets')
      .set({ [product]: value })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Holds a market's row until the transaction ends (PostgreSQL): actions on one market in turn. */
  async lockMarket(trx: Db, id: number): Promise<void> {
    await trx.selectFrom('markets').select('id').where('id', '=', id).forUpdate().execute();
  },

  /** Every market with what leverage shows of it, ordered by quote currency, sort and id. */
  leverMarkets(db: Db) {
    return marketJoin(db)
      .select([
        'm.id',
        'm.legal_id',
        'm.currency_id',
        'm.open_lever',
        'm.is_display',
        'm.price_decimals',
        'm.price_tick_minor',
        'l.name as legal_name',
        'l.scale as legal_scale',
        'c.name as currency_name',
        'c.scale as currency_scale',
      ])
      .orderBy('m.legal_id')
      .orderBy('m.sort')
      .orderBy('m.id')
      .limit(MARKETS_MAX)
      .execute();
  },

  /** The market of a (quote, base) pair. */
  marketOfPair(db: Db, legalId: number, currencyId: number) {
    return db
      .selectFrom('markets')
      .select('id')
      .where('legal_id', '=', legalId)
      .where('currency_id', '=', currencyId)
      .executeTakeFirst();
  },

  referencePrice: (db: Db, id: number) =>
    db.selectFrom('markets').select('reference_price_minor').where('id', '=', id).executeTakeFirst(),

  /** The markets quoted in the currency named `quoteName`, by id, with the quote's scale. */
  marketsQuotedIn: (db: Db, quoteName: string) =>
    db
      .selectFrom('markets')
      .innerJoin('currencies as quote', 'quote.id', 'markets.legal_id')
      .select(['markets.id', 'markets.currency_id', 'quote.scale'])
      .where('quote.name', '=', quoteName)
      .orderBy('markets.id')
      .limit(MARKETS_MAX)
      .execute(),

  /** Markets as the operator sees them: every area's switch and the spot fees, in display order. */
  consoleMarkets(db: Db) {
    return marketJoin(db)
      .select([
        'm.id',
        'c.name as base',
        'l.name as quote',
        'm.is_display',
        'm.open_coin_trade',
        'm.open_microtrade',
        'm.open_lever',
        'm.maker_fee_bps',
        'm.taker_fee_bps',
      ])
      .orderBy('l.sort')
      .orderBy('m.sort')
      .limit(MARKETS_MAX)
      .execute();
  },

  /** The switches and spot fees an operator changes (console/markets.ts). */
  marketSwitches(db: Db, id: number) {
    return db.selectFrom('markets').select(MARKET_SWITCHES).where('id', '=', id).executeTakeFirst();
  },

  async setMarketSwitches(db: Db, id: number, set: Partial<Record<MarketSwitch, number>>): Promise<void> {
    await db.updateTable('markets').set(set).where('id', '=', id).execute();
  },
};

/** What an operator switches on a market, with the spot fees. */
export const MARKET_SWITCHES = ['is_display', 'open_coin_trade', 'maker_fee_bps', 'taker_fee_bps'] as const;
export type MarketSwitch = (typeof MARKET_SWITCHES)[number];

/**
 * Rows of another area with their currency's name and scale (what a join with `currencies` gave), in
 * their order; a row whose currency is gone is left out, as an inner join would.
 */
export function withCurrency<R extends { currency_id: number }>(
  rows: readonly R[],
  currencies: ReadonlyMap<number, CurrencyRow>,
): (R & { name: string; scale: number })[] {
  return rows.flatMap((r) => {
    const c = currencies.get(r.currency_id);
    return c ? [{ ...r, name: c.name, scale: c.scale }] : [];
  });
}
