import { describe, expect, it } from 'vitest';
import { BOT_SHOCK_CAP_SIGMAS, gaussian, maxStepLogMove, nextMid, stepSigma } from './bot-walk';
import { createRng } from './engine/prng';

// The maker re-quotes every 8 s (bot.ts: 4 ticks of 2 s).
const STEP_MS = 8_000;
const STEPS_PER_HOUR = 3600_000 / STEP_MS;
const REF = 65_000;

const std = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
};

describe('the demo maker’s mid price walk', () => {
  it('moves a few basis points a step, and never more than its cap', () => {
    expect(stepSigma(STEP_MS) * 10_000).toBeGreaterThan(2);
    expect(stepSigma(STEP_MS) * 10_000).toBeLessThan(5);
    for (const mid of [REF, REF * 1.05, REF * 0.95]) {
      const cap = maxStepLogMove(mid, REF, STEP_MS);
      for (const z of [-50, -3, -1, 0, 1, 3, 50]) {
        const move = Math.abs(Math.log(nextMid(mid, REF, z, STEP_MS) / mid));
        expect(move).toBeLessThanOrEqual(cap + 1e-12);
      }
    }
    // At the reference, one step moves at most the capped shock: about 9 bp.
    expect(maxStepLogMove(REF, REF, STEP_MS)).toBeCloseTo(BOT_SHOCK_CAP_SIGMAS * stepSigma(STEP_MS), 12);
    expect(maxStepLogMove(REF, REF, STEP_MS)).toBeLessThan(0.0015);
  });

  it('is calm: a minute moves well under half a per cent, and the year’s volatility is a major coin’s', () => {
    const rng = createRng(42);
    const steps = 30 * 24 * STEPS_PER_HOUR;
    const path = new Float64Array(steps + 1);
    path[0] = REF;
    for (let i = 1; i <= steps; i++) path[i] = nextMid(path[i - 1]!, REF, gaussian(rng), STEP_MS);
    // A minute is 7.5 steps: 8 steps (64 s) bound it from above.
    let maxMinuteMove = 0;
    let maxDistance = 0;
    for (let i = 8; i <= steps; i++) {
      maxMinuteMove = Math.max(maxMinuteMove, Math.abs(Math.log(path[i]! / path[i - 8]!)));
      maxDistance = Math.max(maxDistance, Math.abs(Math.log(path[i]! / REF)));
    }
    const hourReturns: number[] = [];
    for (let i = STEPS_PER_HOUR; i <= steps; i += STEPS_PER_HOUR) {
      hourReturns.push(Math.log(path[i]! / path[i - STEPS_PER_HOUR]!));
    }
    const annualised = std(hourReturns) * Math.sqrt(24 * 365);
    expect(annualised).toBeGreaterThan(0.5);
    expect(annualised).toBeLessThan(0.8);
    expect(maxMinuteMove).toBeLessThan(0.005);
    // It roams around the reference over a month and never runs off.
    expect(maxDistance).toBeLessThan(0.2);
  });

  it('is pulled back towards the reference price: half the distance a day without shocks', () => {
    let mid = REF * 1.1;
    for (let step = 0; step < (24 * 3600_000) / STEP_MS; step++) mid = nextMid(mid, REF, 0, STEP_MS);
    expect(Math.log(mid / REF)).toBeCloseTo(Math.log(1.1) / 2, 6);
  });
});
