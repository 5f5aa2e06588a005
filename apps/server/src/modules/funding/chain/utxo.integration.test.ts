/**
 * The UTXO adapter against a Litecoin node in regtest (test/utxo-node.ts; skipped when `litecoind` is not
 * installed): BIP84 deposit addresses from the xpub, addresses of another network or with a bad checksum
 * refused, deposits credited exactly once after their confirmations (many scans, a restart, a
 * reorganisation before the confirmations), dust and payments to unknown addresses ignored, a node that
 * times out or answers garbage retried without a double credit. Every app ends with the ledger check.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p2wpkh } from '@scure/btc-signer';
import { DB_KINDS, persistentDb, startTestApp, type TestApp } from '../../../../test/harness';
import { litecoindPath, LTC_REGTEST, startUtxoNode, type UtxoNode } from '../../../../test/utxo-node';
import { LTC, LTC_CONFIRMATIONS, ltcUser, onLtc } from '../../../../test/utxo-app';
import { ManualClock } from '../../../lib/clock';
import { checkAddress } from '../address-book';
import { coinOf, networkOf } from '../service';
import { UTXO_NETWORKS } from './utxo-keys';
import type { UtxoAdapter } from './utxo';

const BIN = litecoindPath();
if (!BIN)
  console.warn('litecoind is not installed (apt-get install litecoind): the UTXO chain tests are skipped');
const COIN = 100_000_000n;

let node: UtxoNode;
afterAll(async () => node?.close());

/** A JSON-RPC proxy to the node that can answer garbage or nothing (a node in trouble). */
function troubledProxy(target: string) {
  const state = { mode: 'ok' as 'ok' | 'garbage' | 'hang' };
  const t = new URL(target);
  const server = http.createServer((req, res) => {
    if (state.mode === 'garbage') return void res.end('<html>502 Bad Gateway</html>');
    if (state.mode === 'hang') return;
    const fwd = http.request(
      { host: t.hostname, port: t.port, path: req.url, method: 'POST', headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 500, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(fwd);
  });
  return new Promise<{ url: string; state: typeof state; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://${t.username}:${t.password}@127.0.0.1:${port}`,
        state,
        close: () => server.close(),
      });
    }),
  );
}

for (const kind of DB_KINDS) {
  describe.skipIf(!BIN)(`funding: the UTXO adapter on litecoind regtest [${kind}]`, () => {
    let t: TestApp;
    let adapter: UtxoAdapter;
    beforeAll(async () => {
      await node?.close();
      node = await startUtxoNode();
      t = await startTestApp(kind);
      adapter = await onLtc(t, node);
    }, 60_000);
    afterAll(async () => t?.close());

    it('derives BIP84 addresses from the xpub; another network or a bad checksum is refused clearly', async () => {
      const fromSeed = p2wpkh(node.depositPublicKey(5), LTC_REGTEST).address!;
      expect(adapter.deriveAddress(5)).toBe(fromSeed);
      expect(fromSeed.startsWith('rltc1q')).toBe(true);
      expect(adapter.isValidAddress(fromSeed)).toBe(true);
      const u = await ltcUser(t, 'demo1@oryx.local');
      expect(u.address).toBe(adapter.deriveAddress(u.userId));
      const coin = await coinOf(t.app.ctx.db, LTC);
      const network = await networkOf(t.app.ctx.db, coin, 'native');
      const check = (a: string) => () => checkAddress(t.app.ctx, coin, network, a);
      const bitcoin = p2wpkh(node.depositPublicKey(5), UTXO_NETWORKS.BTC.regtest).address!;
      const mainnet = p2wpkh(node.depositPublicKey(5), UTXO_NETWORKS.LTC.mainnet).address!;
      expect(check(bitcoin)).toThrow(expect.objectContaining({ code: 'FUNDING_ADDRESS_OTHER_NETWORK' }));
      expect(check(mainnet)).toThrow(expect.objectContaining({ code: 'FUNDING_ADDRESS_OTHER_NETWORK' }));
      const flipped = fromSeed.slice(0, -1) + (fromSeed.endsWith('q') ? 'p' : 'q');
      expect(check(flipped)).toThrow(expect.objectContaining({ code: 'FUNDING_ADDRESS_INVALID' }));
      expect(check('0x52908400098527886E0F7030069857D2E4169EE7')).toThrow(
        expect.objectContaining({ code: 'FUNDING_ADDRESS_INVALID' }),
      );
      expect(check(fromSeed)()).toMatchObject({ address: fromSeed });
    });

    it('credits a deposit once after its confirmations; dust and unknown addresses are ignored', async () => {
      const u = await ltcUser(t, 'demo1@oryx.local');
      await u.scan(); // the scanner is running (its first run starts at the tip)
      const before = await u.balance();
      const tx = await node.pay(u.address, '0.5');
      const dust = await node.pay(u.address, '0.00005'); // 5,000 base units: below the dust minimum
      const stranger = await node.pay(p2wpkh(node.depositPublicKey(999_999), LTC_REGTEST).address!, '1');
      await node.mine(1);
      await u.scan();
      await u.scan();
      const [row] = await u.deposits(tx);
      expect(row).toMatchObject({ status: 0, confirmations: 1, amount_minor: COIN / 2n });
      expect(await u.deposits(dust)).toHaveLength(0);
      expect(await u.deposits(stranger)).toHaveLength(0);
      await node.mine(LTC_CONFIRMATIONS - 2);
      await u.scan();
      expect(await u.balance()).toBe(before);
      await node.mine(1);
      expect((await u.scan())!.credited).toBe(1);
      await node.mine(3);
      await u.scan();
      await u.scan();
      expect(await u.balance()).toBe(before + COIN / 2n);
      expect(await u.deposits(tx)).toHaveLength(1);
    });

    it('a reorganisation before the confirmations credits nothing; mined again it credits once', async () => {
      const u = await ltcUser(t, 'demo2@oryx.local');
      await u.scan();
      const before = await u.balance();
      const tx = await node.pay(u.address, '0.25');
      const [block] = await node.mine(1);
      await u.scan();
      expect((await u.deposits(tx))[0]).toMatchObject({ status: 0, confirmations: 1 });
      await node.rpc.call('invalidateblock', [block]);
      // Kept out of the new branch (a large negative fee delta): the branch is longer and lacks it.
      await node.rpc.call('prioritisetransaction', [tx, 0, -100_000_000]);
      await node.mine(3);
      await u.scan();
      expect((await u.deposits(tx))[0]).toMatchObject({ status: 0, confirmations: 0, block_hash: '' });
      expect(await u.balance()).toBe(before);
      await node.rpc.call('prioritisetransaction', [tx, 0, 100_000_000]);
      await node.mine(1);
      await u.scan();
      expect((await u.deposits(tx))[0]).toMatchObject({ status: 0, confirmations: 1 });
      await node.mine(LTC_CONFIRMATIONS - 1);
      await u.scan();
      await u.scan();
      expect((await u.deposits(tx))[0]).toMatchObject({ status: 1 });
      expect(await u.balance()).toBe(before + COIN / 4n);
    });

    it('a node that times out or answers garbage is asked again; nothing is credited twice', async () => {
      const proxy = await troubledProxy(node.url);
      try {
        const troubled = await onLtc(t, node, { url: proxy.url, timeoutMs: 500 });
        const u = await ltcUser(t, 'demo1@oryx.local');
        await u.scan();
        const before = await u.balance();
        const tx = await node.pay(u.address, '0.125');
        await node.mine(LTC_CONFIRMATIONS);
        proxy.state.mode = 'garbage';
        await expect(u.scan()).rejects.toThrow(/not JSON-RPC/);
        proxy.state.mode = 'hang';
        await expect(u.scan()).rejects.toThrow(/unreachable/);
        await expect(troubled.head()).rejects.toThrow();
        proxy.state.mode = 'ok';
        expect((await u.scan())!.credited).toBe(1);
        await u.scan();
        expect(await u.balance()).toBe(before + COIN / 8n);
        expect(await u.deposits(tx)).toHaveLength(1);
      } finally {
        proxy.close();
        await onLtc(t, node);
      }
    });
  });
}

it.skipIf(!BIN).each(DB_KINDS)(
  'a restarted UTXO scanner resumes from its saved height and credits once [%s]',
  async (kind) => {
    const db = await persistentDb(kind);
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 8, 0, 0));
    const env = { DATABASE_URL: db.url };
    let t: TestApp | undefined;
    try {
      t = await startTestApp(kind, { env, clock });
      await onLtc(t, node);
      let u = await ltcUser(t, 'demo1@oryx.local');
      await u.scan();
      const before = await u.balance();
      const tx = await node.pay(u.address, '0.3');
      await node.mine(1);
      const first = await u.scan();
      expect((await u.deposits(tx))[0]!.confirmations).toBe(1);
      await t.close();
      t = undefined;
      t = await startTestApp(kind, { env, clock });
      await onLtc(t, node);
      u = await ltcUser(t, 'demo1@oryx.local');
      await node.mine(LTC_CONFIRMATIONS - 1);
      const r = await u.scan();
      expect(r).toMatchObject({ from: first!.head, credited: 1 });
      expect((await u.scan())!.credited).toBe(0);
      expect(await u.balance()).toBe(before + (COIN * 3n) / 10n);
    } finally {
      await t?.close();
      await db.drop();
    }
  },
  60_000,
);
