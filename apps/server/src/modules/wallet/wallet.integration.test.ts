/**
 * The wallet calls over HTTP (app.inject) on a real database: shapes, transfers, refusals in precedence
 * order, idempotency, logs. Every suite ends with the ledger invariant (harness close check).
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../../test/harness';
import { checkLedger } from '../ledger/check';
import { ledger, userAccount } from '../ledger/service';

const USDT = 1;
const BTC = 2;
const TRX = 7; // spot only: not enabled for micro / legal / lever

describeEachDb('wallet calls', (getApp) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let uid: number;
  let otherId: number;
  const balances = async (userId: number, currencyId = USDT) => {
    const out: Record<string, string> = {};
    for (const w of ['change', 'legal', 'lever', 'micro'] as const) {
      const b = await ledger.balance(t.app.ctx.db, userAccount(userId, w), currencyId);
      out[w] = `${b.availableMinor}/${b.frozenMinor}`;
    }
    return out;
  };
  const change = (
    body: Record<string, unknown>,
    o: { token?: string; headers?: Record<string, string> } = {},
  ) => t.call('POST', '/api/wallet/change', body, { token: o.token ?? token, headers: o.headers });

  beforeAll(async () => {
    t = getApp();
    token = await t.tokenFor('demo1@oryx.local');
    other = await t.tokenFor('demo2@oryx.local');
    uid = await t.userId('demo1@oryx.local');
    otherId = await t.userId('demo2@oryx.local');
  });

  it('demo users start with balances in every wallet, from genesis, and the ledger balances', async () => {
    const b = await balances(uid);
    expect(b).toEqual({
      change: '1000000000000/0',
      legal: '1000000000000/0',
      lever: '1000000000000/0',
      micro: '1000000000000/0',
    });
    expect((await checkLedger(t.app.ctx.db)).ok).toBe(true);
  });

  it('POST wallet/list: four trading wallets + deposit, every balance field, USDT and CNY totals', async () => {
    const res = await t.call('POST', '/api/wallet/list', {}, { token });
    expect(res.status).toBe(200);
    const m = res.body.message;
    expect(Object.keys(m).sort()).toEqual(
      [
        'change_wallet',
        'deposit_wallet',
        'fiat_convert_cny',
        'is_open_CTbi',
        'legal_wallet',
        'lever_wallet',
        'micro_wallet',
        'total_cny',
        'total_usdt',
      ].sort(),
    );
    expect(m.micro_wallet.balance.map((r: { currency_name: string }) => r.currency_name)).toEqual([
      'USDT',
      'BTC',
      'ETH',
      'LTC',
      'XRP',
      'DOGE',
    ]);
    expect(m.legal_wallet.balance.map((r: { currency_name: string }) => r.currency_name)).toEqual([
      'USDT',
      'BTC',
      'ETH',
    ]);
    const usdt = m.change_wallet.balance[0];
    expect(usdt).toMatchObject({
      id: USDT,
      currency: USDT,
      currency_name: 'USDT',
      usdt_price: '1.00000000',
      change_balance: '10000.00000000',
      lock_change_balance: '0.00000000',
      micro_balance: '10000.00000000',
      legal_balance: '10000.00000000',
      lever_balance: '10000.00000000',
      deposit_balance: '10000.00000000',
      is_micro: 1,
    });
    for (const f of [
      'currency_type',
      'contract_address',
      'multi_protocol',
      'is_show_memo',
      'type',
      'is_match',
      'is_legal',
      'is_lever',
      'cny_price',
    ]) {
      expect(usdt).toHaveProperty(f);
    }
    // legal wallet: 10000 USDT + 1 BTC (96000) + 10 ETH (34000) = 140000 USDT
    expect(m.legal_wallet.usdt_totle).toBe('140000.00000000');
    expect(m.legal_wallet.cny_totle).toBe('974974.00000000'); // 140000 x 6.9641
    expect(m.fiat_convert_cny).toBe('6.96410000');
    expect(m.is_open_CTbi).toBe(1);
  });

  it('GET wallet/list?user_id= answers with the caller’s own data whatever user_id says', async () => {
    const mine = await t.call('GET', '/api/wallet/list', undefined, { token });
    const spoof = await t.call('GET', `/api/wallet/list?user_id=${otherId}`, undefined, { token });
    expect(spoof.body).toEqual(mine.body);
    expect(mine.body.message.account_number).toBe('demo1@oryx.local');
    const usdt = mine.body.message.list.find((r: { token: string }) => r.token === 'USDT');
    expect(usdt).toMatchObject({ balance: '50000.00000000', lock_balance: '0.00000000' });
    expect((await t.call('GET', '/api/wallet/list')).body.type).toBe('999');
  });

  it('wallet/detail returns every balance of one currency, refuses unknown currency and type', async () => {
    const d = await t.call('POST', '/api/wallet/detail', { currency: BTC, type: 'lever' }, { token });
    expect(d.body.message).toMatchObject({
      currency_name: 'BTC',
      lever_balance: '1.00000000',
      usdt_price: '96000.00000000',
      ExRate: '6.96410000',
    });
    expect(
      (await t.call('POST', '/api/wallet/detail', { currency: 999, type: 'change' }, { token })).body.code,
    ).toBe('WALLET_CURRENCY_UNKNOWN');
    expect(
      (await t.call('POST', '/api/wallet/detail', { currency: BTC, type: 'savings' }, { token })).body.code,
    ).toBe('WALLET_UNKNOWN');
  });

  it('currency/user_currency_list lists currencies with their wallet flags, without a token', async () => {
    const res = await t.call('GET', '/api/currency/user_currency_list');
    expect(res.body.message[0]).toEqual({
      id: 1,
      name: 'USDT',
      is_legal: 1,
      is_lever: 1,
      is_match: 1,
      is_micro: 1,
      decimals: 8,
      wallet: null,
    });
    expect(res.body.message.find((c: { name: string }) => c.name === 'TRX')).toMatchObject({
      is_micro: 0,
      is_match: 1,
    });
  });

  it('currency/user_currency_list carries my available balance in each wallet when logged in', async () => {
    const res = await t.call('GET', '/api/currency/user_currency_list', undefined, { token });
    const usdt = res.body.message.find((c: { name: string }) => c.name === 'USDT');
    const b = await balances(uid);
    const avail = (s: string) => s.split('/')[0]!;
    expect(usdt.wallet).toEqual({
      legal_balance: expect.any(String),
      change_balance: expect.any(String),
      lever_balance: expect.any(String),
      micro_balance: expect.any(String),
    });
    const minor = (s: string) => BigInt(s.replace('.', ''));
    expect(minor(usdt.wallet.change_balance)).toBe(BigInt(avail(b.change!)));
    expect(minor(usdt.wallet.micro_balance)).toBe(BigInt(avail(b.micro!)));
  });

  it('transfers change -> micro and back; both balances, the logs and hzhistory follow', async () => {
    const r1 = await change({ currency_id: USDT, number: '12.5', from_field: 'change', to_field: 'micro' });
    expect(r1.body).toEqual({ type: 'ok', message: 'Transfer successful' });
    expect(await balances(uid)).toMatchObject({ change: '998750000000/0', micro: '1001250000000/0' });
    const r2 = await change(
      { currency_id: '1', number: 2.5, from_field: 'micro', to_field: 'change' },
      { headers: { 'x-locale': 'zh' } },
    );
    expect(r2.body).toEqual({ type: 'ok', message: '划转成功' });
    expect(await balances(uid)).toMatchObject({ change: '999000000000/0', micro: '1001000000000/0' });

    const micro = await t.call('POST', '/api/wallet/legal_log', { type: 4, currency: USDT }, { token });
    expect(
      micro.body.message.list.slice(0, 2).map((r: { value: string; info: string }) => [r.value, r.info]),
    ).toEqual([
      ['-2.50000000', 'Transfer from Seconds account to Spot account'],
      ['12.50000000', 'Transfer from Spot account to Seconds account'],
    ]);
    const row = micro.body.message.list[0];
    expect(row.type_info_m).toBe('从秒合约账户划转到币币账户');
    expect(row.created_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(micro.body.message.list.at(-1)).toMatchObject({
      value: '10000.00000000',
      info: 'Demo starting balance',
    });

    const hz = await t.call('GET', '/api/wallet/hzhistory', undefined, { token });
    expect(
      hz.body.message.data.map((r: { value: string; from_field: string }) => [r.value, r.from_field]),
    ).toEqual([
      ['2.50000000', 'micro'],
      ['12.50000000', 'change'],
    ]);
    const all = await t.call('POST', '/api/account/list', { limit: 5, page: 1 }, { token });
    expect(all.body.message.data).toHaveLength(5);
    expect(all.body.message.data[0]).toMatchObject({
      currency_name: 'USDT',
      value: '2.50000000',
      wallet: 'change',
    });
    expect(all.body.message.last_page).toBe(Math.ceil(all.body.message.total / 5));
    // The other user sees none of it.
    expect(
      (await t.call('GET', '/api/wallet/hzhistory', undefined, { token: other })).body.message.data,
    ).toEqual([]);
  });

  it('accepts the older type form: 3 = legal -> change, 4 = change -> legal', async () => {
    const before = await balances(uid, BTC);
    expect((await change({ currency_id: BTC, number: '0.1', type: 3 })).body.type).toBe('ok');
    expect((await change({ currency_id: BTC, number: '0.05', type: '4' })).body.type).toBe('ok');
    const after = await balances(uid, BTC);
    expect(BigInt(after.change!.split('/')[0]!) - BigInt(before.change!.split('/')[0]!)).toBe(5_000_000n);
    expect(BigInt(after.legal!.split('/')[0]!) - BigInt(before.legal!.split('/')[0]!)).toBe(-5_000_000n);
  });

  it.each([
    // [name, body, expected code] — in the precedence order of service.ts
    [
      'someone else’s user_id',
      () => ({ currency_id: USDT, number: '1', from_field: 'change', to_field: 'micro', user_id: otherId }),
      'WALLET_NOT_YOURS',
    ],
    [
      'unknown wallet name',
      () => ({ currency_id: USDT, number: '1', from_field: 'change', to_field: 'savings' }),
      'WALLET_UNKNOWN',
    ],
    [
      'deposit is not a transfer wallet',
      () => ({ currency_id: USDT, number: '1', from_field: 'deposit', to_field: 'change' }),
      'WALLET_UNKNOWN',
    ],
    [
      'only one side given',
      () => ({ currency_id: USDT, number: '1', from_field: 'change' }),
      'WALLET_UNKNOWN',
    ],
    ['legacy type 7', () => ({ currency_id: USDT, number: '1', type: 7 }), 'WALLET_UNKNOWN'],
    ['no wallets at all', () => ({ currency_id: USDT, number: '1' }), 'WALLET_UNKNOWN'],
    [
      'same from and to',
      () => ({ currency_id: USDT, number: '1', from_field: 'micro', to_field: 'micro' }),
      'WALLET_SAME',
    ],
    [
      'unknown currency',
      () => ({ currency_id: 999, number: '1', from_field: 'change', to_field: 'micro' }),
      'WALLET_CURRENCY_UNKNOWN',
    ],
    [
      'currency not enabled for both',
      () => ({ currency_id: TRX, number: '1', from_field: 'change', to_field: 'micro' }),
      'WALLET_CURRENCY_NOT_ENABLED',
    ],
    [
      'missing amount',
      () => ({ currency_id: USDT, from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_REQUIRED',
    ],
    [
      'empty amount',
      () => ({ currency_id: USDT, number: '', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_REQUIRED',
    ],
    [
      'negative',
      () => ({ currency_id: USDT, number: '-5', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_NOT_POSITIVE',
    ],
    [
      'negative number',
      () => ({ currency_id: USDT, number: -5, from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_NOT_POSITIVE',
    ],
    [
      'zero',
      () => ({ currency_id: USDT, number: '0', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_NOT_POSITIVE',
    ],
    [
      'zero with decimals',
      () => ({ currency_id: USDT, number: '0.00', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_NOT_POSITIVE',
    ],
    [
      '1e3',
      () => ({ currency_id: USDT, number: '1e3', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_INVALID',
    ],
    [
      'NaN',
      () => ({ currency_id: USDT, number: 'NaN', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_INVALID',
    ],
    [
      'Infinity',
      () => ({ currency_id: USDT, number: 'Infinity', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_INVALID',
    ],
    [
      'hex',
      () => ({ currency_id: USDT, number: '0x10', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_INVALID',
    ],
    [
      'spaces',
      () => ({ currency_id: USDT, number: ' 1', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_INVALID',
    ],
    [
      '40 digits',
      () => ({ currency_id: USDT, number: '1'.repeat(40), from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_TOO_LARGE',
    ],
    [
      'too many decimals',
      () => ({ currency_id: USDT, number: '0.123456789', from_field: 'change', to_field: 'micro' }),
      'WALLET_AMOUNT_TOO_MANY_DECIMALS',
    ],
    [
      'more than available',
      () => ({ currency_id: USDT, number: '20000', from_field: 'change', to_field: 'micro' }),
      'LEDGER_INSUFFICIENT',
    ],
  ] as const)('refuses %s with a clear error and moves nothing', async (_name, body, code) => {
    const before = await balances(uid);
    const beforeEntries = (await checkLedger(t.app.ctx.db)).entries;
    const res = await change(body());
    expect(res.body.code).toBe(code);
    expect(res.body.type).toBe('error');
    expect(res.body.message.length).toBeGreaterThan(3);
    expect(res.status).toBe(200);
    expect(await balances(uid)).toEqual(before);
    const after = await checkLedger(t.app.ctx.db);
    expect(after.ok).toBe(true);
    expect(after.entries).toBe(beforeEntries);
  });

  it('refuses malformed ids and amounts of the wrong type as validation errors', async () => {
    for (const body of [
      { currency_id: 'abc', number: '1', from_field: 'change', to_field: 'micro' },
      { currency_id: 1.5, number: '1', from_field: 'change', to_field: 'micro' },
      { currency_id: USDT, number: { x: 1 }, from_field: 'change', to_field: 'micro' },
      { currency_id: USDT, number: '1', from_field: 'change', to_field: 'micro', client_id: 'bad key!' },
    ]) {
      const res = await change(body);
      expect(res.body.code, JSON.stringify(body)).toBe('VALIDATION');
    }
    expect(
      (
        await t.call('POST', '/api/wallet/change', {
          currency_id: USDT,
          number: '1',
          from_field: 'change',
          to_field: 'micro',
        })
      ).body.type,
    ).toBe('999');
  });

  it('translates refusals into the caller’s language', async () => {
    const res = await change(
      { currency_id: USDT, number: '0.123456789', from_field: 'change', to_field: 'micro' },
      { headers: { 'x-locale': 'zh' } },
    );
    expect(res.body.message).toBe('数量最多只能有 8 位小数。');
  });

  it('refuses transfers out of the lever wallet while lever positions are open in that currency', async () => {
    // What the lever area would provide (ctx.seams.leverPositions; no positions by default).
    const seams = t.app.ctx.seams;
    const noPositions = seams.leverPositions;
    seams.leverPositions = async (_db, userId, currencyId) => userId === uid && currencyId === USDT;
    try {
      const out = await change({ currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' });
      expect(out.body.code).toBe('WALLET_LEVER_POSITIONS_OPEN');
      // Into the lever wallet, and other currencies, still move.
      expect(
        (await change({ currency_id: USDT, number: '1', from_field: 'change', to_field: 'lever' })).body.type,
      ).toBe('ok');
      expect(
        (await change({ currency_id: BTC, number: '0.1', from_field: 'lever', to_field: 'change' })).body
          .type,
      ).toBe('ok');
    } finally {
      seams.leverPositions = noPositions;
    }
    expect(
      (await change({ currency_id: USDT, number: '1', from_field: 'lever', to_field: 'change' })).body.type,
    ).toBe('ok');
  });

  it('idempotency: the same client id has one effect and returns the first reply; another payload is refused', async () => {
    const before = await balances(uid);
    const body = {
      currency_id: USDT,
      number: '3',
      from_field: 'change',
      to_field: 'legal',
      client_id: 'tx-001',
    };
    const first = await change(body);
    const again = await change(body, { headers: { 'x-locale': 'zh' } });
    expect(first.body).toEqual({ type: 'ok', message: 'Transfer successful' });
    expect(again.body).toEqual(first.body); // the first reply, even in another language
    expect(await balances(uid)).toMatchObject({
      change: `${BigInt(before.change!.split('/')[0]!) - 300_000_000n}/0`,
      legal: `${BigInt(before.legal!.split('/')[0]!) + 300_000_000n}/0`,
    });
    const mismatch = await change({ ...body, number: '4' });
    expect(mismatch.status).toBe(200);
    expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH');
    // The header form; the same key is per user: another user may use it.
    const h1 = await change(
      { currency_id: USDT, number: '1', from_field: 'change', to_field: 'legal' },
      { headers: { 'idempotency-key': 'tx-002' } },
    );
    const h2 = await change(
      { currency_id: USDT, number: '1', from_field: 'change', to_field: 'legal' },
      { headers: { 'idempotency-key': 'tx-002' } },
    );
    expect(h2.body).toEqual(h1.body);
    expect((await change(body, { token: other })).body.type).toBe('ok');
    expect(await balances(uid)).toMatchObject({
      change: `${BigInt(before.change!.split('/')[0]!) - 400_000_000n}/0`,
    });
    // A refused request is not remembered: after funding, the same id goes through.
    const big = {
      currency_id: USDT,
      number: '999999',
      from_field: 'change',
      to_field: 'legal',
      client_id: 'tx-003',
    };
    expect((await change(big)).body.code).toBe('LEDGER_INSUFFICIENT');
    expect((await change({ ...big, number: '1' })).body.type).toBe('ok');
  });

  it('pages logs by 20 with the page count', async () => {
    for (let i = 0; i < 21; i++) {
      expect(
        (
          await change(
            { currency_id: BTC, number: '0.001', from_field: 'change', to_field: 'micro' },
            { token: other },
          )
        ).body.type,
      ).toBe('ok');
    }
    const p1 = await t.call(
      'POST',
      '/api/wallet/legal_log',
      { type: 2, currency: 'BTC', page: 1 },
      { token: other },
    );
    expect(p1.body.message.list).toHaveLength(20);
    expect(p1.body.message.total).toBe(22); // 21 transfers + the demo credit
    expect(p1.body.message.last_page).toBe(2);
    const p2 = await t.call(
      'POST',
      '/api/wallet/legal_log',
      { type: 2, currency: 'BTC', page: 2 },
      { token: other },
    );
    expect(p2.body.message.list).toHaveLength(2);
    const p3 = await t.call(
      'POST',
      '/api/wallet/legal_log',
      { type: 2, currency: 'BTC', page: 3 },
      { token: other },
    );
    expect(p3.body.message.list).toEqual([]);
    const none = await t.call(
      'POST',
      '/api/wallet/legal_log',
      {},
      { token: await t.tokenFor('seller@oryx.local') },
    );
    expect(none.body.message.total).toBeGreaterThan(0);
    expect((await t.call('POST', '/api/wallet/legal_log', { type: 9 }, { token })).body.code).toBe(
      'WALLET_UNKNOWN',
    );
  });
});
