/**
 * A failed wallet detail call shows the server's message. The balances poll
 * every 10 s (and the buy and sell forms each poll one currency), so the message is shown once per
 * failure streak: when a balance call fails while no balance call has failed lately.
 */
export interface FailureStreaks {
  /** A call succeeded: that key is fine again. */
  succeeded(key: number): void;
  /** A call failed at `nowMs`; true when this starts a streak (the moment to show the message). */
  failed(key: number, nowMs: number): boolean;
}

/** `windowMs`: failures closer together than this belong to one streak (two poll intervals). */
export function createFailureStreaks(windowMs: number): FailureStreaks {
  const failedAtMs = new Map<number, number>();
  return {
    succeeded(key) {
      failedAtMs.delete(key);
    },
    failed(key, nowMs) {
      const isOngoing = [...failedAtMs.values()].some((at) => nowMs - at < windowMs);
      failedAtMs.set(key, nowMs);
      return !isOngoing;
    },
  };
}
