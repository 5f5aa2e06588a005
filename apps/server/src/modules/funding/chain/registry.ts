/**
 * The chain adapter of each chain key (`funding_networks.chain`): `sandbox` (the embedded simulated chain,
 * the default of every seeded network) and, when EVM_RPC_URL is set, EVM_CHAIN (a real EVM chain over
 * JSON-RPC, evm.ts). One registry per app (`ctx.services.funding.chains`); tests may put another adapter
 * in for one app (`set`).
 */
import { http } from 'viem';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/app-error';
import type { ChainAdapter } from './adapter';
import { EvmAdapter } from './evm';
import { SANDBOX_CHAIN, SandboxAdapter } from './sandbox';
import type { UtxoAdapter } from './utxo';
import { utxoAdapter } from './utxo-registry';

/** One app's chain adapters: the ones a test put in, else the sandbox or the environment's EVM chain. */
export class ChainAdapters {
  private readonly overrides = new Map<string, ChainAdapter>();
  /** The EVM adapter of the environment, built on first use. */
  private evm: EvmAdapter | undefined;
  /** The UTXO chains' adapters, built on first use. */
  private readonly utxo = new Map<string, UtxoAdapter>();

  constructor(private readonly ctx: AppContext) {}

  /** Puts `adapter` in for its chain (tests, benchmarks). */
  set(adapter: ChainAdapter): void {
    this.overrides.set(adapter.chain, adapter);
  }

  get(chain: string): ChainAdapter {
    const ctx = this.ctx;
    const o = this.overrides.get(chain);
    if (o) return o;
    if (chain === SANDBOX_CHAIN) {
      // Outside demo mode the simulated chain answers only when chosen (SANDBOX_CHAIN_ENABLED).
      if (!ctx.env.SANDBOX_CHAIN_ENABLED)
        throw new AppError('FUNDING_CHAIN_UNAVAILABLE', { detail: 'the sandbox chain is off' });
      return new SandboxAdapter(ctx.db, ctx.env.SANDBOX_CHAIN_SEED, () => ctx.clock.now());
    }
    const utxo = utxoAdapter(ctx, this.utxo, chain);
    if (utxo) return utxo;
    if (chain === ctx.env.EVM_CHAIN) {
      const evm = this.evmAdapter();
      if (evm) return evm;
    }
    throw new AppError('FUNDING_NETWORK_UNKNOWN', { detail: `no adapter for chain ${chain}` });
  }

  /** The EVM adapter of the environment (built once per app), or undefined when none is configured. */
  private evmAdapter(): EvmAdapter | undefined {
    const { env, db, clock } = this.ctx;
    if (!env.EVM_RPC_URL) return undefined;
    if (!this.evm) {
      if (!env.EVM_XPUB || env.EVM_CHAIN_ID === undefined)
        throw new Error('EVM_RPC_URL is set: EVM_XPUB and EVM_CHAIN_ID are required too');
      this.evm = new EvmAdapter({
        chain: env.EVM_CHAIN,
        db,
        transport: http(env.EVM_RPC_URL, { batch: true }),
        chainId: env.EVM_CHAIN_ID,
        xpub: env.EVM_XPUB,
        hotWalletKey: env.EVM_HOT_WALLET_KEY,
        logRange: env.EVM_LOG_RANGE,
        startBlock: env.EVM_START_BLOCK,
        sweepXprv: env.EVM_SWEEP_XPRV,
        now: () => clock.now(),
      });
    }
    return this.evm;
  }
}

export function chainAdapter(ctx: AppContext, chain: string): ChainAdapter {
  return ctx.services.funding.chains.get(chain);
}

/**
 * The chain whose collection address `money/rechange` answers: FUNDING_COMPANY_CHAIN, else EVM_CHAIN when an
 * EVM node is configured, else the sandbox chain where it runs; none refuses (FUNDING_CHAIN_UNAVAILABLE).
 */
export function companyChain(ctx: AppContext): string {
  const env = ctx.env;
  if (env.FUNDING_COMPANY_CHAIN) return env.FUNDING_COMPANY_CHAIN;
  if (env.EVM_RPC_URL) return env.EVM_CHAIN;
  if (env.SANDBOX_CHAIN_ENABLED) return SANDBOX_CHAIN;
  throw new AppError('FUNDING_CHAIN_UNAVAILABLE', { detail: 'no collection chain configured' });
}
