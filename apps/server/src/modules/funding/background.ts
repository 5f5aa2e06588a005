/**
 * funding's background work (module.ts): the sandbox chain's blocks and the deposit scanner on the
 * clock's timers, each step run after the previous one finished, until stopped.
 */
import type { AppContext } from '../../lib/context';
import { sandboxTick } from './chain/sandbox';
import { scanAllChains } from './deposits';
import { processWithdrawals } from './withdrawals';
import { retryPayouts } from './pay/payouts';

/** Runs `step` every `everyMs` on the clock, one at a time; errors are logged, the loop goes on. */
export function everyOnClock(
  ctx: AppContext,
  everyMs: number,
  what: string,
  step: () => Promise<void>,
): () => Promise<void> {
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();
  const timer = ctx.clock.setInterval(() => {
    if (isStopped) return;
    // A step already due when stop() is called still runs: stop() waits for it.
    running = running.then(async () => {
      try {
        await step();
      } catch (err) {
        ctx.log.error({ err }, `funding: ${what} failed`);
      }
    });
  }, everyMs);
  return async () => {
    isStopped = true;
    timer.clear();
    await running;
  };
}

export async function startFunding(ctx: AppContext): Promise<() => Promise<void>> {
  // The simulated chain makes blocks only where it runs (demo mode, or SANDBOX_CHAIN_ENABLED).
  const stopChain = ctx.env.SANDBOX_CHAIN_ENABLED
    ? everyOnClock(ctx, ctx.env.SANDBOX_CHAIN_BLOCK_MS, 'sandbox block', () =>
        sandboxTick(ctx.db, ctx.env, ctx.clock.now()),
      )
    : async () => {};
  const stopScan = everyOnClock(ctx, ctx.env.FUNDING_SCAN_MS, 'deposit scan and withdrawals', async () => {
    await scanAllChains(ctx);
    await processWithdrawals(ctx);
    await retryPayouts(ctx);
  });
  return async () => {
    await stopChain();
    await stopScan();
  };
}
