/**
 * What each area keeps for one app: its engines, in-memory indexes and replaceable adapters (the spot
 * engine, the tickers, the lever book, the mark's price source, the payment provider...), one field per
 * area on `ctx.services`. lib/ names no area: this interface starts empty and each area adds its own
 * field in its `module.ts` (a `declare module '../../lib/services'` block beside its descriptor), so the
 * type is complete wherever the app is, and imports still run downward. The area's descriptor builds the
 * value (`services` in modules/module.ts), buildApp puts it on the context before anything starts.
 *
 * Unlike a seam (lib/seams.ts), which serves an area listed before its provider, a service is read
 * directly by its own area and by later ones, which import its type. Tests replace a part for a while by
 * assigning it (`ctx.services.mark.prices = scripted`).
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each area's module.ts adds its field
export interface Services {}

/** Adds one area's services to the app's, refusing a field another area already provides. */
export function addServices(into: Services, provided: Partial<Services>, by: string): void {
  for (const name of Object.keys(provided)) {
    if (name in into) throw new Error(`two modules provide the service ${name} (the second: ${by})`);
  }
  Object.assign(into, provided);
}
