/**
 * Unmodified ccxt (its `binance` class, pointed at a test server through its `urls` override) drives
 * Oryx: markets, ticker, book, candles, trades, balance, limit and market orders, open orders, one
 * order, a cancel, the user's trades. Balances and fills are compared with the ledger to the minor unit.
 * An order placed through ccxt and one placed through `/api/coin/trade` meet on the same book.
 */
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import ccxt from 'ccxt';
import { formatMinor } from '@oryx/contracts/money';
import { DEMO_PASSWORD, describeEachDb, type TestApp } from '../../../test/harness';
import { catalogRepo } from '../catalog/repo';
import { ledger } from '../ledger/service';

const A = 'demo1@oryx.local';
const B = 'demo2@oryx.local';

async function newKey(
  t: TestApp,
  email: string,
  permissions = ['read', 'trade'],
  more: Record<string, unknown> = {},
) {
  const r = await t.call(
    'POST',
    '/api/user/api_keys',
    { label: 'ccxt', permissions, password: DEMO_PASSWORD, ...more },
    { token: await t.tokenFor(email) },
  );
  expect(r.body.type).toBe('ok');
  return r.body.message as { api_key: string; secret: string };
}

/** Every spot ('change') balance of the user, by currency name, as decimal strings. */
async function ledgerBalances(t: TestApp, email: string) {
  const currencies = await catalogRepo.currencyMap(t.app.ctx.db);
  const out: Record<string, { free: string; used: string }> = {};
  for (const b of await ledger.balances(t.app.ctx.db, await t.userId(email))) {
    if (b.wallet !== 'change') continue;
    const c = currencies.get(b.currencyId)!;
    out[c.name] = { free: formatMinor(b.availableMinor, c.scale), used: formatMinor(b.frozenMinor, c.scale) };
  }
  return out;
}

describeEachDb('ccxt binance against Oryx', (getApp) => {
  it('loads markets, reads market data and the balance, places, lists, fetches and cancels orders', async () => {
    const t = getApp();
    // The server's manual clock follows real time here, as ccxt stamps requests with it.
    t.clock.set(Math.max(t.clock.now(), Date.now()));
    const follow = setInterval(() => t.clock.set(Math.max(t.clock.now(), Date.now())), 20);
    const exchange = new ccxt.binance({
      options: {
        fetchMarkets: { types: ['spot'] },
        fetchMargins: false,
        fetchCurrencies: false,
        adjustForTimeDifference: true,
      },
    });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const key = await newKey(t, A);
      exchange.apiKey = key.api_key;
      exchange.secret = key.secret;
      exchange.urls['api'] = { public: `${base}/api/v3`, private: `${base}/api/v3` };

      // B rests a sell through the specification's API; A's ccxt orders meet it on the same book.
      const tokenB = await t.tokenFor(B);
      const sell = await t.call(
        'POST',
        '/api/coin/trade',
        { legal_id: 1, currency_id: 3, type: 2, target_price: '3300', amount: '0.05' },
        { token: tokenB },
      );
      expect(sell.body.type).toBe('ok');

      const markets = await exchange.loadMarkets();
      const eth = markets['ETH/USDT']!;
      expect(eth.id).toBe('ETHUSDT');
      expect(eth.spot).toBe(true);
      expect(eth.precision.price).toBe(0.01);
      expect(eth.precision.amount).toBe(0.0001);
      expect(eth.limits.cost?.min).toBe(1);

      const ticker = await exchange.fetchTicker('ETH/USDT');
      expect(ticker.symbol).toBe('ETH/USDT');
      expect(typeof ticker.last).toBe('number');

      const book = await exchange.fetchOrderBook('ETH/USDT');
      expect(book.asks.some(([p]) => p === 3300)).toBe(true);

      const bars = await exchange.fetchOHLCV('ETH/USDT', '1m', undefined, 10);
      expect(Array.isArray(bars)).toBe(true);
      await exchange.fetchTrades('ETH/USDT');

      const compareBalances = async () => {
        const balance = await exchange.fetchBalance();
        const expected = await ledgerBalances(t, A);
        for (const [name, b] of Object.entries(expected)) {
          expect(String(balance[name]?.free), `${name} free`).toBe(String(Number(b.free)));
          expect(String(balance[name]?.used), `${name} used`).toBe(String(Number(b.used)));
        }
        const info = balance.info as { balances: { asset: string; free: string; locked: string }[] };
        for (const row of info.balances) {
          expect(row.free).toBe(expected[row.asset]!.free);
          expect(row.locked).toBe(expected[row.asset]!.used);
        }
      };
      await compareBalances();

      // A limit buy below the book rests: open, fetched, cancelled.
      const resting = await exchange.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000);
      expect(resting.status).toBe('open');
      const open = await exchange.fetchOpenOrders('ETH/USDT');
      expect(open.map((o) => o.id)).toContain(resting.id);
      const fetched = await exchange.fetchOrder(resting.id!, 'ETH/USDT');
      expect(fetched.price).toBe(3000);
      expect(fetched.amount).toBe(0.01);
      await compareBalances();
      const cancelled = await exchange.cancelOrder(resting.id!, 'ETH/USDT');
      expect(cancelled.status).toBe('canceled');
      expect((await exchange.fetchOpenOrders('ETH/USDT')).map((o) => o.id)).not.toContain(resting.id);

      // A market buy takes B's sell; its fills are the ledger's movements.
      const before = await ledgerBalances(t, A);
      const bought = await exchange.createOrder('ETH/USDT', 'market', 'buy', 0.02);
      expect(bought.status).toBe('closed');
      expect(bought.filled).toBe(0.02);
      const after = await ledgerBalances(t, A);
      const fills = bought.trades;
      expect(fills.length).toBeGreaterThan(0);
      const cost = fills.reduce((s, f) => s + (f.cost ?? 0), 0);
      const fee = fills.reduce((s, f) => s + (f.fee?.cost ?? 0), 0);
      expect(Number(before['USDT']!.free) - Number(after['USDT']!.free)).toBeCloseTo(cost, 8);
      expect(Number(after['ETH']!.free) - Number(before['ETH']!.free)).toBeCloseTo(0.02 - fee, 8);
      await compareBalances();

      const mine = await exchange.fetchMyTrades('ETH/USDT');
      const ids = new Set(mine.map((x) => x.id));
      for (const f of fills) expect(ids.has(f.id)).toBe(true);
      // The same trades as the spot tables hold: price, amount and fee to the minor unit.
      for (const f of fills) {
        const row = await t.app.ctx.db
          .selectFrom('spot_trades')
          .selectAll()
          .where('id', '=', Number(f.id))
          .executeTakeFirstOrThrow();
        expect(formatMinor(row.amount_minor, 8)).toBe(Number(f.amount).toFixed(8));
        expect(formatMinor(row.taker_fee_minor, 8)).toBe((f.fee?.cost ?? 0).toFixed(8));
      }

      // An Ed25519 key: ccxt signs with the PEM private key as its secret.
      const pair = crypto.generateKeyPairSync('ed25519');
      const ed = await newKey(t, A, ['read'], {
        kind: 'ed25519',
        public_key: pair.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      });
      const edExchange = new ccxt.binance({
        apiKey: ed.api_key,
        secret: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        options: { fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false },
      });
      edExchange.urls['api'] = exchange.urls['api'];
      try {
        await edExchange.loadMarkets();
        expect((await edExchange.fetchBalance()).info).toMatchObject({ accountType: 'SPOT' });
        // A read-only key: Binance's -2015 (which ccxt, after a successful signed call, reads as a
        // temporary ban, as it does against Binance).
        await expect(edExchange.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000)).rejects.toThrow(/-2015/);
      } finally {
        await edExchange.close();
      }
    } finally {
      clearInterval(follow);
      await exchange.close();
      // ccxt's keep-alive connections would hold the server open past the app's close.
      t.app.server.closeAllConnections();
    }
  });
});
