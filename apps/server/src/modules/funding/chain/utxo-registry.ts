/**
 * The UTXO chain adapters of the environment (CHAIN_<COIN>=utxo, env.ts UTXO_CHAINS), built once per app
 * (kept by the app's ChainAdapters, registry.ts):
 * the adapter of a chain key, or undefined when no UTXO chain has that key.
 */
import type { AppContext } from '../../../lib/context';
import type { UtxoChainSettings } from '../../../env';
import { UtxoAdapter } from './utxo';
import { UTXO_NETWORKS } from './utxo-keys';
import { UtxoRpc } from './utxo-rpc';

export function utxoAdapterOf(ctx: AppContext, s: UtxoChainSettings): UtxoAdapter {
  return new UtxoAdapter({
    chain: s.CHAIN,
    db: ctx.db,
    rpc: new UtxoRpc({ url: s.RPC_URL, user: s.RPC_USER, password: s.RPC_PASSWORD }),
    network: UTXO_NETWORKS[s.COIN][s.NETWORK],
    xpub: s.XPUB,
    hotWalletKey: s.HOT_WALLET_KEY,
    startBlock: s.START_BLOCK,
    dustMinor: s.DUST_MINOR,
    feeTarget: s.FEE_TARGET,
    maxFeeRate: s.MAX_FEE_RATE,
    bumpAfterMs: s.BUMP_AFTER_MS,
    walletName: s.RPC_WALLET,
    now: () => ctx.clock.now(),
  });
}

/** The adapter of `chain` from `built` (one app's adapters), built on first use; undefined when not a UTXO chain. */
export function utxoAdapter(
  ctx: AppContext,
  built: Map<string, UtxoAdapter>,
  chain: string,
): UtxoAdapter | undefined {
  const s = ctx.env.UTXO_CHAINS.find((c) => c.CHAIN === chain);
  if (!s) return undefined;
  let a = built.get(chain);
  if (!a) built.set(chain, (a = utxoAdapterOf(ctx, s)));
  return a;
}
