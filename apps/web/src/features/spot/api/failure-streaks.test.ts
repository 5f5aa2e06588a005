import { describe, expect, it } from 'vitest';
import { createFailureStreaks } from './failure-streaks';

const POLL_MS = 10_000;

describe('balance failure streaks', () => {
  it('says to show the message when a balance goes from OK or unknown to failed, not on every poll', () => {
    const s = createFailureStreaks(2 * POLL_MS);
    expect(s.failed(1, 0)).toBe(true); // unknown -> failed
    expect(s.failed(1, POLL_MS)).toBe(false); // the next poll fails again
    expect(s.failed(1, 2 * POLL_MS)).toBe(false);
    s.succeeded(1);
    expect(s.failed(1, 3 * POLL_MS)).toBe(true); // OK -> failed
  });

  it('shows one message when both forms’ balances fail together', () => {
    const s = createFailureStreaks(2 * POLL_MS);
    expect(s.failed(1, 0)).toBe(true);
    expect(s.failed(3, 5)).toBe(false);
    // One recovers, the other still fails: still the same streak.
    s.succeeded(1);
    expect(s.failed(3, POLL_MS)).toBe(false);
  });

  it('treats a failure long after the last one (polling paused, page left) as a new streak', () => {
    const s = createFailureStreaks(2 * POLL_MS);
    expect(s.failed(1, 0)).toBe(true);
    expect(s.failed(1, 10 * POLL_MS)).toBe(true);
  });
});
