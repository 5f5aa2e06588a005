/**
 * The chain adapter of each chain key (`funding_networks.chain`). Only the sandbox chain is built in;
 * tests may put another adapter in for one app.
 */
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/app-error';
import type { ChainAdapter } from './adapter';
import { SANDBOX_CHAIN, SandboxAdapter } from './sandbox';

const overrides = new WeakMap<AppContext, Map<string, ChainAdapter>>();

export function setChainAdapter(ctx: AppContext, adapter: ChainAdapter): void {
  const m = overrides.get(ctx) ?? new Map<string, ChainAdapter>();
  m.set(adapter.chain, adapter);
  overrides.set(ctx, m);
}

export function chainAdapter(ctx: AppContext, chain: string): ChainAdapter {
  const o = overrides.get(ctx)?.get(chain);
  if (o) return o;
  if (chain === SANDBOX_CHAIN)
    return new SandboxAdapter(ctx.db, ctx.env.SANDBOX_CHAIN_SEED, () => ctx.clock.now());
  throw new AppError('FUNDING_NETWORK_UNKNOWN', { detail: `no adapter for chain ${chain}` });
}
