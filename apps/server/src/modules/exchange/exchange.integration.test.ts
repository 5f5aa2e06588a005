/**
 * The coin exchange over the real app: the list with the price and fee shown first, an exchange paid
 * exactly at that price less the fee, the client's shown price protecting it from a lower one, and bad
 * input refused with nothing changed. Every app ends with the ledger check.
 */
import { expect, it } from 'vitest';
import { exchangeOf } from '@oryx/contracts/exchange/calls';
import { formatMinor, parseDecimal } from '@oryx/contracts/money';
import { describeEachDb } from '../../../test/harness';
import { bal, BTC, credit, freshUser, U, USDT } from '../earning/test-helpers';
import { EXCHANGE_FEE_BPS } from './service';

describeEachDb('coin exchange', (getApp) => {
  it('exchanges BTC for USDT at the listed price less 0.5 %', async () => {
    const t = getApp();
    const u = await freshUser(t);
    await credit(t, u.id, BTC, U);
    const list = await t.call('GET', '/api/exchange/list', undefined, { token: u.token });
    const btc = list.body.message.find((r: { id: number }) => r.id === BTC);
    const ref = (
      await t.app.ctx.db
        .selectFrom('markets')
        .select('reference_price_minor')
        .where('currency_id', '=', BTC)
        .where('legal_id', '=', USDT)
        .executeTakeFirstOrThrow()
    ).reference_price_minor;
    expect(btc).toMatchObject({
      currency_name: 'BTC',
      // `number` is the rate clients of this API family show ("1 BTC = <number> USDT"); the holding is `balance`.
      number: formatMinor(ref, 8),
      balance: '1.00000000',
      price: formatMinor(ref, 8),
      price_source: 'reference',
      fee: '0.50',
      fee_bps: 50,
    });
    expect(list.body.message.some((r: { currency_name: string }) => r.currency_name === 'USDT')).toBe(false);
    const body = { id: BTC, number: '0.01234567', price: btc.price, client_id: 'ex-1' };
    const r = await t.call('POST', '/api/exchange/exchange', body, { token: u.token });
    expect(r.body.type, JSON.stringify(r.body)).toBe('ok');
    // The same request again (a retry): exchanged once.
    expect((await t.call('POST', '/api/exchange/exchange', body, { token: u.token })).body.type).toBe('ok');
    const q = exchangeOf(1_234_567n, 8, ref, EXCHANGE_FEE_BPS);
    expect(q.fee).toBe((q.gross * 50n + 9_999n) / 10_000n);
    expect(await bal(t, u.id, BTC)).toEqual({ available: '0.98765433', frozen: '0.00000000' });
    expect((await bal(t, u.id, USDT)).available).toBe(formatMinor(q.receive, 8));
    // The gross a client computes from the rate it showed is what was paid before the fee.
    expect(formatMinor((1_234_567n * parseDecimal(btc.number, 8)) / 100_000_000n, 8)).toBe(
      formatMinor(q.gross, 8),
    );
    const after = await t.call('GET', '/api/exchange/list', undefined, { token: u.token });
    expect(after.body.message.find((r: { id: number }) => r.id === BTC)).toMatchObject({
      number: btc.number,
      balance: '0.98765433',
    });
  });

  it('refuses bad input, a price above the one now, and more than held; nothing changes', async () => {
    const t = getApp();
    const u = await freshUser(t);
    await credit(t, u.id, BTC, U);
    const cases: [Record<string, unknown>, string][] = [
      [{ id: BTC, number: '0' }, 'EXCHANGE_AMOUNT_INVALID'],
      [{ id: BTC, number: '-1' }, 'EXCHANGE_AMOUNT_INVALID'],
      [{ id: BTC, number: 'x' }, 'EXCHANGE_AMOUNT_INVALID'],
      [{ id: BTC, number: '1.00000001' }, 'EXCHANGE_INSUFFICIENT'],
      [{ id: USDT, number: '1' }, 'EXCHANGE_CURRENCY_UNKNOWN'],
      [{ id: 999, number: '1' }, 'EXCHANGE_CURRENCY_UNKNOWN'],
      [{ number: '1' }, 'EXCHANGE_CURRENCY_UNKNOWN'],
      [{ id: 6, number: '0.00000001' }, 'EXCHANGE_TOO_SMALL'],
      [{ id: BTC, number: '0.1', price: '99999999' }, 'EXCHANGE_PRICE_MOVED'],
    ];
    for (const [body, code] of cases) {
      const r = await t.call('POST', '/api/exchange/exchange', body, { token: u.token });
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await bal(t, u.id, BTC)).toEqual({ available: '1.00000000', frozen: '0.00000000' });
    expect((await bal(t, u.id, USDT)).available).toBe('0.00000000');
  });
});
