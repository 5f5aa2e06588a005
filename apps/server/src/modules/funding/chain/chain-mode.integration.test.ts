/**
 * Which chains answer in which mode: the sandbox chain runs in demo mode, and in production only when
 * chosen (SANDBOX_CHAIN_ENABLED); `money/rechange` answers the configured chain's collection address or
 * refuses (FUNDING_CHAIN_UNAVAILABLE), never the sandbox's by default. A UTXO chain's settings are read
 * from CHAIN_<COIN> and UTXO_<COIN>_*.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { DB_KINDS, startTestApp } from '../../../../test/harness';
import { quickUser } from '../../../../test/accounts';
import { loadEnv, type Env } from '../../../env';
import { scanAllChains } from '../deposits';
import { isSandboxAddress } from './sandbox';

const PROD = {
  ORYX_MODE: 'production',
  PAY_SANDBOX_SECRET: 'test-pay-secret-0123456789',
  API_KEY_ENCRYPTION_KEY: 'test-api-key-encryption-key-0123456789',
} as const;
const TPUB = { public: 0x043587cf, private: 0x04358394 };
const xpub = HDKey.fromMasterSeed(crypto.randomBytes(32), TPUB).derive("m/84'/1'/0'").publicExtendedKey;

async function withApp(kind: (typeof DB_KINDS)[number], env: Partial<Record<keyof Env, string>>) {
  const t = await startTestApp(kind, { env });
  const { token } = await quickUser(t);
  return { t, token };
}

describe.each(DB_KINDS)('funding: chains by mode [%s]', (kind) => {
  it('production without a configured chain refuses instead of answering from the sandbox', async () => {
    const { t, token } = await withApp(kind, PROD);
    try {
      expect(t.app.ctx.env.SANDBOX_CHAIN_ENABLED).toBe(false);
      const r = await t.call('GET', '/api/money/rechange', {});
      expect(r.body.code).toBe('FUNDING_CHAIN_UNAVAILABLE');
      const addr = await t.call('POST', '/api/wallet/get_in_address', { currency: 2 }, { token });
      expect(addr.body.code).toBe('FUNDING_CHAIN_UNAVAILABLE');
      const faucet = await t.call('POST', '/api/sandbox/faucet', { currency: 2, amount: '1' }, { token });
      expect(faucet.body.code).toBe('FUNDING_SANDBOX_ONLY');
      await expect(scanAllChains(t.app.ctx)).resolves.toBeUndefined(); // the sandbox networks are skipped
    } finally {
      await t.close();
    }
  });

  it('production answers from the sandbox chain only when chosen', async () => {
    const { t } = await withApp(kind, { ...PROD, SANDBOX_CHAIN_ENABLED: '1' });
    try {
      const r = await t.call('GET', '/api/money/rechange', {});
      expect(isSandboxAddress(r.body.message.company_eth_address)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('production answers the configured UTXO chain’s collection address', async () => {
    const { t } = await withApp(kind, {
      ...PROD,
      CHAIN_LTC: 'utxo',
      FUNDING_COMPANY_CHAIN: 'ltc',
      ...({
        UTXO_LTC_RPC_URL: 'http://u:p@127.0.0.1:1',
        UTXO_LTC_XPUB: xpub,
        UTXO_LTC_NETWORK: 'regtest',
      } as object),
    });
    try {
      const r = await t.call('GET', '/api/money/rechange', {});
      expect(r.body.message.company_eth_address).toMatch(/^rltc1q[0-9a-z]{38}$/);
    } finally {
      await t.close();
    }
  });
});

it('demo mode runs the sandbox chain unless turned off; a UTXO chain needs its node and xpub', () => {
  expect(loadEnv({}).SANDBOX_CHAIN_ENABLED).toBe(true);
  expect(loadEnv({ SANDBOX_CHAIN_ENABLED: '0' }).SANDBOX_CHAIN_ENABLED).toBe(false);
  expect(loadEnv({}).UTXO_CHAINS).toEqual([]);
  expect(() => loadEnv({ CHAIN_LTC: 'utxo', UTXO_LTC_RPC_URL: 'http://127.0.0.1:9332' })).toThrow(
    /UTXO_LTC_XPUB/,
  );
  const env = loadEnv({ CHAIN_BTC: 'utxo', UTXO_BTC_RPC_URL: 'http://127.0.0.1:8332', UTXO_BTC_XPUB: xpub });
  expect(env.UTXO_CHAINS).toMatchObject([
    { COIN: 'BTC', CHAIN: 'btc', NETWORK: 'mainnet', DUST_MINOR: 10_000n },
  ]);
});
