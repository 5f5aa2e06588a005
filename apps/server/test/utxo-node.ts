/**
 * A Litecoin node in regtest for the UTXO adapter's tests and benchmark: the `litecoind` binary of the
 * system (Debian's package `litecoind`; the tests skip with a message when it is absent), started on free
 * ports in a temporary data directory, with a miner wallet that mines and pays, the deposit key tree (the
 * seed stays here; the adapter gets the account xpub) and a hot wallet key.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { WIF } from '@scure/btc-signer';
import { UtxoRpc } from '../src/modules/funding/chain/utxo-rpc';
import { UTXO_NETWORKS } from '../src/modules/funding/chain/utxo-keys';

export const LTC_REGTEST = UTXO_NETWORKS.LTC.regtest;
const TPUB = { public: 0x043587cf, private: 0x04358394 };

/** The litecoind binary, or null (the tests say why they skip). */
export function litecoindPath(): string | null {
  const r = spawnSync('sh', ['-c', 'command -v litecoind'], { encoding: 'utf8' });
  const p = r.stdout.trim();
  return r.status === 0 && p ? p : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface UtxoNode {
  url: string;
  rpc: UtxoRpc;
  miner: UtxoRpc;
  xpub: string;
  hotKey: string;
  depositPublicKey(index: number): Uint8Array;
  mine(blocks: number): Promise<string[]>;
  /** The miner pays `coins` to `address`; the txid. */
  pay(address: string, coins: string): Promise<string>;
  close(): Promise<void>;
}

export async function startUtxoNode(): Promise<UtxoNode> {
  const bin = litecoindPath();
  if (!bin) throw new Error('litecoind is not installed (apt-get install litecoind)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oryx-ltc-'));
  const [rpcPort, p2pPort] = [await freePort(), await freePort()];
  const password = crypto.randomBytes(12).toString('hex');
  const child: ChildProcess = spawn(
    bin,
    [
      '-regtest',
      `-datadir=${dir}`,
      `-rpcport=${rpcPort}`,
      `-port=${p2pPort}`,
      '-rpcuser=oryx',
      `-rpcpassword=${password}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-listen=0',
      '-fallbackfee=0.0002',
      '-mempoolreplacement=1', // Litecoin's default is off; the replace-by-fee test needs it
      '-printtoconsole=0',
      '-server',
    ],
    { stdio: 'ignore' },
  );
  const url = `http://oryx:${password}@127.0.0.1:${rpcPort}`;
  const rpc = new UtxoRpc({ url, timeoutMs: 60_000 });
  for (let i = 0; ; i++) {
    try {
      await rpc.call('getblockchaininfo');
      break;
    } catch (err) {
      if (i > 300 || child.exitCode !== null) throw new Error(`litecoind did not start: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await rpc.call('createwallet', ['miner']);
  const miner = rpc.wallet('miner');
  const minerAddress = await miner.call<string>('getnewaddress', ['', 'bech32']);
  const seed = HDKey.fromMasterSeed(crypto.randomBytes(32), TPUB);
  const account = seed.derive("m/84'/1'/0'");
  const hotKey = WIF(LTC_REGTEST).encode(crypto.randomBytes(32));
  const mine = (blocks: number) => rpc.call<string[]>('generatetoaddress', [blocks, minerAddress]);
  await mine(101); // the first coinbase matures
  return {
    url,
    rpc,
    miner,
    xpub: account.publicExtendedKey,
    hotKey,
    depositPublicKey: (index) => account.deriveChild(0).deriveChild(index).publicKey!,
    mine,
    pay: (address, coins) => miner.call<string>('sendtoaddress', [address, coins]),
    close: async () => {
      await rpc.call('stop').catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
