/**
 * Whether this process's spot engine can take orders (GET /readyz, module.ts `ready`): its markets and
 * books are loaded, it holds the engine (not suspended by a lost ownership, ownership.ts), and in demo
 * mode the market maker (bot.ts) has put its first quotes on every market it quotes. Until then a
 * seconds-option or leveraged order would be refused as "market too thin": the mark (modules/mark)
 * measures depth from the books the maker fills.
 */
import type { AppContext } from '../../lib/context';

/** The demo market maker's start, per app (`ctx.services.spot.demoBot`). */
export interface DemoBotState {
  /** The maker runs in this process (demo mode, SPOT_DEMO_BOT on, its users seeded). */
  isOn: boolean;
  /** When its first quotes on every market it quotes were committed (the clock's ms); null before. */
  firstQuotesAt: number | null;
}

export const newDemoBotState = (): DemoBotState => ({ isOn: false, firstQuotesAt: null });

/**
 * Since when the books are what traders should meet (the clock's ms): loaded and, with the demo maker,
 * quoted. Null while they are not. The mark's readiness waits for a snapshot taken after it.
 */
export function booksReadyAt(ctx: AppContext): number | null {
  const { engine, demoBot } = ctx.services.spot;
  if (engine.loadedAt === null || engine.committer.isSuspended) return null;
  if (!demoBot.isOn) return engine.loadedAt;
  return demoBot.firstQuotesAt === null ? null : Math.max(engine.loadedAt, demoBot.firstQuotesAt);
}

/** The spot area's readiness: null when ready, else what is missing. */
export function spotReadiness(ctx: AppContext): string | null {
  const { engine, demoBot } = ctx.services.spot;
  if (engine.loadedAt === null) return 'the spot markets and books are not loaded';
  if (engine.committer.isSuspended) return 'spot matching is suspended (another server holds the engine)';
  if (demoBot.isOn && demoBot.firstQuotesAt === null)
    return 'the demo market maker has not quoted every market yet';
  return null;
}
