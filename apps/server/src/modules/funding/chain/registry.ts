/**
 * The chain adapter of each chain key (`funding_networks.chain`): `sandbox` (the embedded simulated chain,
 * the default of every seeded network) and, when EVM_RPC_URL is set, EVM_CHAIN (a real EVM chain over
 * JSON-RPC, evm.ts). Tests may put another adapter in for one app.
 */
import { http } from 'viem';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/app-error';
import type { ChainAdapter } from './adapter';
import { EvmAdapter } from './evm';
import { SANDBOX_CHAIN, SandboxAdapter } from './sandbox';

const overrides = new WeakMap<AppContext, Map<string, ChainAdapter>>();
const built = new WeakMap<AppContext, EvmAdapter>();

export function setChainAdapter(ctx: AppContext, adapter: ChainAdapter): void {
  const m = overrides.get(ctx) ?? new Map<string, ChainAdapter>();
  m.set(adapter.chain, adapter);
  overrides.set(ctx, m);
}

/** The EVM adapter of the environment (built once per app), or undefined when none is configured. */
function evmAdapter(ctx: AppContext): EvmAdapter | undefined {
  const env = ctx.env;
  if (!env.EVM_RPC_URL) return undefined;
  let a = built.get(ctx);
  if (!a) {
    if (!env.EVM_XPUB || env.EVM_CHAIN_ID === undefined)
      throw new Error('EVM_RPC_URL is set: EVM_XPUB and EVM_CHAIN_ID are required too');
    a = new EvmAdapter({
      chain: env.EVM_CHAIN,
      db: ctx.db,
      transport: http(env.EVM_RPC_URL, { batch: true }),
      chainId: env.EVM_CHAIN_ID,
      xpub: env.EVM_XPUB,
      hotWalletKey: env.EVM_HOT_WALLET_KEY,
      logRange: env.EVM_LOG_RANGE,
      startBlock: env.EVM_START_BLOCK,
      now: () => ctx.clock.now(),
    });
    built.set(ctx, a);
  }
  return a;
}

export function chainAdapter(ctx: AppContext, chain: string): ChainAdapter {
  const o = overrides.get(ctx)?.get(chain);
  if (o) return o;
  if (chain === SANDBOX_CHAIN)
    return new SandboxAdapter(ctx.db, ctx.env.SANDBOX_CHAIN_SEED, () => ctx.clock.now());
  if (chain === ctx.env.EVM_CHAIN) {
    const evm = evmAdapter(ctx);
    if (evm) return evm;
  }
  throw new AppError('FUNDING_NETWORK_UNKNOWN', { detail: `no adapter for chain ${chain}` });
}
