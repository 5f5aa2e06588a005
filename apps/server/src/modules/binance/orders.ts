/**
 * The Binance-compatible API's account and order calls over the spot service
 * (`ctx.services.spot.engine`) and the ledger: no matching or money of its own. An order placed here is
 * the same order as one placed through `/api/coin/trade` (same engine, same rules, same ledger
 * movements). No Fastify types here: the routes hand it the parameters and the signed key's user.
 */
import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { randomAlphanumeric } from '../apikeys/secrets';
import { catalogRepo } from '../catalog/repo';
import { ledger } from '../ledger/service';
import type { SpotMarket } from '../spot/markets';
import { OPEN_ORDERS_MAX } from '../spot/matching';
import { binanceErrors, isAppError, newOrderRefusal } from './errors';
import type { BinanceMarketData } from './market-data';
import { LIST_DEFAULT, LIST_MAX, decimalText, int, required, type ApiUser, type Params } from './params';
import { binanceRepo } from './repo';
import { fillOut, myTradeOut, orderOut, quote } from '../binance-stream/wire';

/**
 * Binance's order type and time in force, as the spot service takes them: the one place where they pass
 * through. LIMIT takes GTC (rests until filled or cancelled), IOC (what crosses now, the rest expires)
 * or FOK (all at once or nothing); LIMIT_MAKER is a post-only limit order (refused, -2010, when it would
 * take); MARKET is immediate by nature and takes no time in force. The spot engine records an IOC or FOK
 * remainder as cancelled by the engine, which reads as EXPIRED (wire.ts).
 */
const ORDER_TYPES = new Set(['LIMIT', 'MARKET', 'LIMIT_MAKER']);
const TIME_IN_FORCE = new Set(['GTC', 'IOC', 'FOK']);
type TimeInForce = 'GTC' | 'IOC' | 'FOK';

interface Placement {
  type: 'LIMIT' | 'MARKET' | 'LIMIT_MAKER';
  timeInForce: TimeInForce | null;
  postOnly: boolean;
}

function orderTypeOf(p: Params): Placement {
  const type = required(p.type, 'type').toUpperCase();
  if (!ORDER_TYPES.has(type)) throw binanceErrors.badOrderType();
  if (type === 'MARKET' || type === 'LIMIT_MAKER') {
    if (p.timeInForce) throw binanceErrors.badParam(`Parameter 'timeInForce' is not for ${type} orders.`);
    return { type, timeInForce: null, postOnly: type === 'LIMIT_MAKER' };
  }
  const tif = required(p.timeInForce, 'timeInForce').toUpperCase();
  if (!TIME_IN_FORCE.has(tif)) throw binanceErrors.badTimeInForce();
  return { type: 'LIMIT', timeInForce: tif as TimeInForce, postOnly: false };
}

export class BinanceOrders {
  constructor(
    private readonly ctx: AppContext,
    private readonly markets: BinanceMarketData,
  ) {}

  private get spot() {
    return this.ctx.services.spot.engine;
  }

  private market(symbol: string | undefined): SpotMarket {
    return this.markets.market(symbol);
  }

  async account(user: ApiUser) {
    const currencies = await catalogRepo.currencyMap(this.ctx.db);
    const balances = (await ledger.balances(this.ctx.db, user.userId)).filter((b) => b.wallet === 'change');
    const markets = this.spot.allMarkets();
    const maker = Math.max(0, ...markets.map((m) => m.makerFeeBps));
    const taker = Math.max(0, ...markets.map((m) => m.takerFeeBps));
    return {
      makerCommission: maker,
      takerCommission: taker,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: {
        maker: formatMinor(BigInt(maker), 4),
        taker: formatMinor(BigInt(taker), 4),
        buyer: formatMinor(0n, 4),
        seller: formatMinor(0n, 4),
      },
      canTrade: !user.isTradeFrozen,
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: this.ctx.clock.now(),
      accountType: 'SPOT',
      balances: balances.flatMap((b) => {
        const c = currencies.get(b.currencyId);
        return c
          ? [
              {
                asset: c.name,
                free: formatMinor(b.availableMinor, c.scale),
                locked: formatMinor(b.frozenMinor, c.scale),
              },
            ]
          : [];
      }),
      permissions: ['SPOT'],
      uid: user.userId,
    };
  }

  /** A new order's fields read as the spot service's place input (Binance's refusals for what it lacks). */
  private placeInput(p: Params) {
    const m = this.market(p.symbol);
    const side = required(p.side, 'side').toUpperCase();
    if (side !== 'BUY' && side !== 'SELL') throw binanceErrors.badSide();
    const placement = orderTypeOf(p);
    const { type } = placement;
    const quantity = decimalText(p, 'quantity');
    const quoteOrderQty = decimalText(p, 'quoteOrderQty');
    const priceText = decimalText(p, 'price');
    if (type !== 'MARKET') {
      required(quantity, 'quantity');
      required(priceText, 'price');
      if (quoteOrderQty !== undefined)
        throw binanceErrors.badParam("Parameter 'quoteOrderQty' is not for LIMIT orders.");
    } else {
      if (quantity === undefined && quoteOrderQty === undefined) throw binanceErrors.mandatory('quantity');
      if (quantity !== undefined && quoteOrderQty !== undefined)
        throw binanceErrors.badParam("Send 'quantity' or 'quoteOrderQty', not both.");
      if (quoteOrderQty !== undefined && side === 'SELL')
        throw binanceErrors.badParam("Parameter 'quoteOrderQty' is for MARKET BUY orders on this exchange.");
    }
    const clientOid = p.newClientOrderId ?? null;
    if (clientOid !== null && !/^[.A-Z:/a-z0-9_-]{1,36}$/.test(clientOid))
      throw binanceErrors.illegalChars('newClientOrderId');
    const respType = (p.newOrderRespType ?? 'FULL').toUpperCase();
    if (respType !== 'ACK' && respType !== 'RESULT' && respType !== 'FULL')
      throw binanceErrors.badParam("Invalid 'newOrderRespType'.");
    return {
      m,
      respType,
      clientOid,
      placement,
      input: {
        match_id: m.id,
        type: side === 'BUY' ? 1 : 2,
        order_type: type === 'MARKET' ? ('market' as const) : ('limit' as const),
        amount: quantity,
        quote_amount: quoteOrderQty,
        target_price: type === 'MARKET' ? undefined : priceText,
        ...(placement.timeInForce ? { timeInForce: placement.timeInForce } : {}),
        ...(placement.postOnly ? { postOnly: true } : {}),
      },
    };
  }

  private checkCanTrade(user: ApiUser) {
    if (user.isTradeFrozen) throw newOrderRefusal(new AppError('ACCOUNT_TRADE_FROZEN'));
    if (!user.hasTradePassword) throw newOrderRefusal(new AppError('TRADE_PASSWORD_MISSING_LEGACY'));
  }

  /** `order/test`: the same checks as a new order, nothing placed. */
  testOrder(user: ApiUser, p: Params) {
    const { input, clientOid } = this.placeInput(p);
    this.checkCanTrade(user);
    try {
      this.spot.buildPlace(user.userId, input, clientOid);
    } catch (err) {
      if (isAppError(err)) throw newOrderRefusal(err);
      throw err;
    }
    return {};
  }

  async newOrder(user: ApiUser, p: Params) {
    const { m, input, clientOid, respType, placement } = this.placeInput(p);
    this.checkCanTrade(user);
    let placedId: number;
    try {
      // Without a client id Binance makes one; so does Oryx, so every order can be found by it.
      const o = await this.spot.placeOrder(
        { userId: user.userId, hasTradePassword: user.hasTradePassword },
        input,
        clientOid ?? `oryx-${randomAlphanumeric(22)}`,
      );
      placedId = o.id;
    } catch (err) {
      if (isAppError(err)) throw newOrderRefusal(err);
      throw err;
    }
    const row = await binanceRepo.userOrder(this.ctx.db, user.userId, placedId);
    if (!row) throw binanceErrors.unknown();
    const full = orderOut(m, row);
    const ack = {
      symbol: full.symbol,
      orderId: full.orderId,
      orderListId: -1,
      clientOrderId: full.clientOrderId,
      transactTime: row.created_at,
    };
    if (respType === 'ACK') return ack;
    const result = {
      ...ack,
      price: full.price,
      origQty: full.origQty,
      executedQty: full.executedQty,
      origQuoteOrderQty:
        input.quote_amount !== undefined
          ? quote(m, parseDecimal(input.quote_amount, m.quoteScale))
          : full.origQuoteOrderQty,
      cummulativeQuoteQty: full.cummulativeQuoteQty,
      status: full.status,
      // As asked: the spot order keeps no time in force or post-only flag, so a later query of it says
      // GTC and LIMIT (an expired IOC or FOK still reads EXPIRED).
      timeInForce: placement.timeInForce ?? full.timeInForce,
      type: placement.type,
      side: full.side,
      workingTime: full.workingTime,
      selfTradePreventionMode: full.selfTradePreventionMode,
    };
    if (respType === 'RESULT') return result;
    const trades = await binanceRepo.orderTrades(this.ctx.db, row, LIST_MAX);
    return {
      ...result,
      fills: trades.filter((t) => t.taker_order_id === row.id).map((t) => fillOut(m, t, row.id)),
    };
  }

  /** The caller's order named by `orderId` or `origClientOrderId` in `symbol`'s market, or null. */
  private async findOrder(user: ApiUser, m: SpotMarket, p: Params) {
    const orderId = int(p, 'orderId', { min: 0 });
    const clientId = p.origClientOrderId;
    if (orderId === undefined && (clientId === undefined || clientId === ''))
      throw binanceErrors.mandatory('orderId');
    const row =
      orderId !== undefined
        ? await binanceRepo.userOrder(this.ctx.db, user.userId, orderId)
        : await binanceRepo.userOrderByClientId(this.ctx.db, user.userId, m.id, clientId!);
    if (!row || row.market_id !== m.id) return null;
    if (orderId !== undefined && clientId !== undefined && clientId !== '' && row.client_oid !== clientId)
      return null;
    return row;
  }

  async getOrder(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const row = await this.findOrder(user, m, p);
    if (!row) throw binanceErrors.noSuchOrder();
    return orderOut(m, row);
  }

  async cancelOrder(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const row = await this.findOrder(user, m, p);
    if (!row || row.status !== 1) throw binanceErrors.cancelRejected();
    return this.cancelRow(user, m, row.id);
  }

  private async cancelRow(user: ApiUser, m: SpotMarket, orderId: number) {
    try {
      await this.spot.cancelOrder(user.userId, orderId);
    } catch (err) {
      if (isAppError(err) && (err.code === 'SPOT_ORDER_NOT_FOUND' || err.code === 'SPOT_ORDER_NOT_OPEN'))
        throw binanceErrors.cancelRejected();
      if (isAppError(err) && err.code === 'SPOT_BUSY') throw newOrderRefusal(err);
      throw err;
    }
    const after = await binanceRepo.userOrder(this.ctx.db, user.userId, orderId);
    if (!after) throw binanceErrors.unknown();
    const o = orderOut(m, after);
    return { ...o, origClientOrderId: o.clientOrderId, transactTime: after.updated_at };
  }

  async openOrders(user: ApiUser, p: Params) {
    const m = p.symbol !== undefined ? this.market(p.symbol) : undefined;
    const rows = await binanceRepo.openOrders(this.ctx.db, user.userId, m?.id, OPEN_ORDERS_MAX);
    return rows.flatMap((r) => {
      const mm = m ?? this.spot.market(r.market_id);
      return mm ? [orderOut(mm, r)] : [];
    });
  }

  async cancelOpenOrders(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const rows = await binanceRepo.openOrders(this.ctx.db, user.userId, m.id, OPEN_ORDERS_MAX);
    if (rows.length === 0) throw binanceErrors.cancelRejected();
    const out = [];
    for (const r of rows) {
      try {
        out.push(await this.cancelRow(user, m, r.id));
      } catch (err) {
        // Filled meanwhile: not an open order any more.
        if (!(err instanceof Error) || (err as { code?: number }).code !== -2011) throw err;
      }
    }
    return out;
  }

  async allOrders(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const rows = await binanceRepo.orders(this.ctx.db, {
      userId: user.userId,
      marketId: m.id,
      fromId: int(p, 'orderId', { min: 0 }),
      startMs: int(p, 'startTime', { min: 0 }),
      endMs: int(p, 'endTime', { min: 0 }),
      limit: int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT,
    });
    return rows.map((r) => orderOut(m, r));
  }

  async myTrades(user: ApiUser, p: Params) {
    const m = this.market(p.symbol);
    const orderId = int(p, 'orderId', { min: 0 });
    const limit = int(p, 'limit', { min: 1, max: LIST_MAX }) ?? LIST_DEFAULT;
    if (orderId !== undefined) {
      const order = await binanceRepo.userOrder(this.ctx.db, user.userId, orderId);
      if (!order || order.market_id !== m.id) return [];
      const rows = await binanceRepo.orderTrades(this.ctx.db, order, limit);
      return rows.map((t) => myTradeOut(m, t, user.userId));
    }
    const rows = await binanceRepo.userTrades(this.ctx.db, {
      userId: user.userId,
      marketId: m.id,
      fromId: int(p, 'fromId', { min: 0 }),
      startMs: int(p, 'startTime', { min: 0 }),
      endMs: int(p, 'endTime', { min: 0 }),
      limit,
    });
    return rows.map((t) => myTradeOut(m, t, user.userId));
  }
}
