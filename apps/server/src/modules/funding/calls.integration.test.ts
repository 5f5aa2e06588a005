/** The deposit calls over HTTP: addresses per network, the faucet and records, manual claims. */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { ledger, userAccount } from '../ledger/service';
import { isSandboxAddress, sandboxChain } from './chain/sandbox';
import { scanChain } from './deposits';

const U = 100_000_000n;

describeEachDb('funding: deposit calls', (getApp) => {
  const tokens = async () => {
    const t = getApp();
    return { t, token: await t.tokenFor('demo1@oryx.local'), admin: await t.tokenFor('admin@oryx.local') };
  };

  it('answers the deposit address per network in the wire shapes', async () => {
    const { t, token } = await tokens();
    const get = (currency: unknown) => t.call('POST', '/api/wallet/get_in_address', { currency }, { token });
    const usdt = (await get(1)).body;
    expect(usdt.type).toBe('ok');
    expect(Object.keys(usdt.message)).toEqual(['erc20', 'omni']);
    expect(isSandboxAddress(usdt.message.erc20)).toBe(true);
    const btc = (await get('2')).body.message;
    expect(typeof btc).toBe('string');
    expect((await get(2)).body.message).toBe(btc); // stable
    const xrp = (await get(5)).body.message;
    expect(xrp.memo).toBe(String(await t.userId('demo1@oryx.local')));
    expect((await get(999)).body.code).toBe('FUNDING_CURRENCY_UNKNOWN');
    expect((await t.call('POST', '/api/wallet/get_in_address', { currency: 1 })).body.type).toBe('999');
    const company = (await t.call('GET', '/api/money/rechange', {})).body.message.company_eth_address;
    expect(isSandboxAddress(company)).toBe(true);
  });

  it('the faucet sends to the caller’s address; the deposit shows in the records and is credited', async () => {
    const { t, token } = await tokens();
    const { db } = t.app.ctx;
    const userId = await t.userId('demo1@oryx.local');
    const before = (await ledger.balance(db, userAccount(userId, 'change'), 2)).availableMinor;
    const r = await t.call('POST', '/api/sandbox/faucet', { currency: 2, amount: '0.5' }, { token });
    expect(r.body.type).toBe('ok');
    const bad = await t.call(
      'POST',
      '/api/sandbox/faucet',
      { currency: 1, type: 'trc20', amount: '1' },
      { token },
    );
    expect(bad.body.code).toBe('FUNDING_NETWORK_UNKNOWN');
    const zero = await t.call('POST', '/api/sandbox/faucet', { currency: 2, amount: '0' }, { token });
    expect(zero.body.code).toBe('FUNDING_AMOUNT_INVALID');
    await sandboxChain.mine(db, t.clock.now());
    await scanChain(t.app.ctx, 'sandbox');
    let log = (await t.call('POST', '/api/wallet/in_log', { currency: 2 }, { token })).body.message;
    expect(log.data[0]).toMatchObject({ tx_hash: r.body.message.tx_hash, amount: '0.50000000', status: 0 });
    expect(log.data[0]).toMatchObject({ confirmations: 1, required_confirmations: 3, network: 'BTC' });
    for (let i = 0; i < 2; i++) await sandboxChain.mine(db, t.clock.now());
    await scanChain(t.app.ctx, 'sandbox');
    log = (await t.call('POST', '/api/wallet/in_log', {}, { token })).body.message;
    expect(log.data[0]).toMatchObject({ status: 1, confirmations: 3 });
    expect((await ledger.balance(db, userAccount(userId, 'change'), 2)).availableMinor).toBe(before + U / 2n);
  });

  it('a manual claim waits for an operator, who confirms or rejects it once', async () => {
    const { t, token, admin } = await tokens();
    const { db } = t.app.ctx;
    const userId = await t.userId('demo1@oryx.local');
    const balance = async () => (await ledger.balance(db, userAccount(userId, 'change'), 1)).availableMinor;
    const claim = (body: Record<string, unknown>) =>
      t.call('POST', '/api/wallet/charge_req', { currency: 1, ...body }, { token });
    expect((await claim({ amount: '10' })).body.code).toBe('FUNDING_ADDRESS_REQUIRED');
    expect((await claim({ amount: 'x', account: 'a' })).body.code).toBe('FUNDING_AMOUNT_INVALID');
    expect((await claim({ amount: '1.123456789', account: 'a' })).body.code).toBe('FUNDING_AMOUNT_INVALID');
    const ok = await claim({ amount: '25', account: 'sender-1' });
    expect(ok.body).toMatchObject({ type: 'ok' });
    await claim({ amount: '40', account: 'sender-2' });
    expect((await t.call('GET', '/api/admin/funding/claims', {}, { token })).body.type).not.toBe('ok');
    const list = (await t.call('GET', '/api/admin/funding/claims', {}, { token: admin })).body.message;
    const [second, first] = list.filter((c: { user_id: number }) => c.user_id === userId);
    expect([first.amount, second.amount, first.status]).toEqual(['25.00000000', '40.00000000', 0]);
    const before = await balance();
    const decide = (id: number, approve: number, tx: Record<string, unknown> = {}) =>
      t.call('POST', '/api/admin/funding/claim', { id, approve, ...tx }, { token: admin });
    // A confirmation names the transaction it credits.
    expect((await decide(first.id, 1)).body.code).toBe('FUNDING_CLAIM_TX_REQUIRED');
    const tx = { tx_hash: `0x${'5e'.repeat(32)}`, type: 'erc20' };
    expect((await decide(first.id, 1, tx)).body.message).toMatchObject({ status: 1, tx_hash: tx.tx_hash });
    expect((await decide(first.id, 1)).body.code).toBe('FUNDING_ALREADY_DECIDED');
    expect((await decide(second.id, 0)).body.message).toMatchObject({ status: 2 });
    expect((await decide(99_999, 1)).body.code).toBe('FUNDING_NOT_FOUND');
    expect(await balance()).toBe(before + 25n * U);
  });
});
